package dev.weft.platform.cumulus;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.platform.ConfigView;
import dev.weft.platform.CounterSource;
import dev.weft.platform.DeviceKind;
import dev.weft.platform.Feature;
import dev.weft.platform.HashFieldSpelling;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.LiveTransport;
import dev.weft.platform.NeighbourReader;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import dev.weft.platform.RenderGap;
import dev.weft.platform.RenderGaps;
import dev.weft.platform.SavedConfig;
import dev.weft.platform.Transaction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NVIDIA Cumulus Linux: an NVUE declarative configuration ({@code startup.yaml} for {@code nv
 * config replace}). Cumulus has no NETCONF and no YANG: a running switch is read over SSH with
 * {@code nv config show -o json} (the applied revision), mapped into the compiled switch by {@link
 * CumulusNvueReader}.
 *
 * <p>What NVUE cannot be told, reported as {@code render-gap} and normalised out of drift: the PFC
 * watchdog's restoration time and action (NVUE sets a polling interval and a robustness count), the
 * PFC headroom (NVUE sizes it from the cable length, which is rendered), 802.3x link pause, and the
 * ECMP hash fields {@code system forwarding ecmp-hash} has no setting for.
 */
public final class CumulusPack implements PlatformPack, LiveProfile {

  /** The command whose output is the applied NVUE revision as JSON. */
  static final String SHOW_CONFIG = "nv config show -o json";

  /** {@code system forwarding ecmp-hash} field names (NVUE reference, "System Forwarding"). */
  static final HashFieldSpelling HASH =
      new HashFieldSpelling(
          Map.of(
              "src-ip",
              "source-ip",
              "dst-ip",
              "destination-ip",
              "ip-protocol",
              "ip-protocol",
              "l4-src-port",
              "source-port",
              "l4-dst-port",
              "destination-port",
              "ipv6-flow-label",
              "ipv6-label",
              "in-port",
              "ingress-interface"));

  /** The outer-header fields Weft sets explicitly, on or off, whenever the intent names a hash. */
  static final List<String> HASH_FIELDS =
      List.of(
          "destination-ip",
          "destination-port",
          "ingress-interface",
          "ip-protocol",
          "ipv6-label",
          "source-ip",
          "source-port");

  private static final Pattern VERSION = Pattern.compile("([0-9]+)\\.([0-9]+).*");

  /**
   * A bond name NVUE takes: a Linux interface name (at most 15 characters, no dot, which names a
   * subinterface) that does not start with one of NVUE's interface type ids (the Bonding page:
   * "NVUE does not accept a bond name starting with an interface type ID, such as sw, eth, vlan,
   * lo, ib, fnm, or vrrp").
   */
  private static final Pattern LAG_NAMES =
      Pattern.compile("(?!sw|eth|vlan|lo|ib|fnm|vrrp)[A-Za-z][A-Za-z0-9_-]{0,14}");

  /**
   * DCBX: {@code interface <swp> lldp dcbx-pfc-tlv}, {@code dcbx-ets-config-tlv} and {@code
   * dcbx-ets-recomm-tlv} on every port.
   */
  @Override
  public boolean carriesDcbx() {
    return true;
  }

  /** PCP trust: NVUE qos mapping trust l2 + pcp. */
  @Override
  public boolean classifiesByPcp() {
    return true;
  }

  /** {@code interface <bond> bond member <swp>}: NVUE's bond names are free-form within limits. */
  @Override
  public Pattern lagNames() {
    return LAG_NAMES;
  }

  @Override
  public String id() {
    return CumulusNvueReader.PLATFORM;
  }

  @Override
  public String title() {
    return "NVIDIA Cumulus Linux, NVUE startup.yaml (read with nv config show -o json over SSH)";
  }

  @Override
  public DeviceKind kind() {
    return DeviceKind.SWITCH;
  }

  @Override
  public List<RenderGap> renderGaps(CompiledSwitch sw) {
    // NVUE never sets them, whatever the switch's values: limits of the platform
    return RenderGap.usedBy(
        sw, gapsOf(sw), java.util.Set.of(Feature.WATCHDOG, Feature.BUFFERS, Feature.PFC));
  }

  /**
   * A DWRR queue without a weight stops the render: NVUE gives a DWRR traffic class with no {@code
   * bw-percent} no share at all (DWRR 0), so "the platform's default share" would be a starved
   * queue on Cumulus; the platform needs a weight, and Weft invents none.
   */
  @Override
  public List<Finding> renderChecks(CompiledSwitch sw) {
    List<Finding> out = new ArrayList<>();
    for (CompiledQueue q : sw.queues()) {
      if (CompiledQueue.DWRR.equals(q.scheduler()) && q.weight() == null) {
        out.add(
            Finding.of(
                    RenderGaps.RENDER_ERROR,
                    Severity.ERROR,
                    sw.name()
                        + ": platform cumulus needs a DWRR weight for queue "
                        + q.queue()
                        + (q.trafficClass() == null ? "" : " (class " + q.trafficClass() + ")")
                        + ": NVUE gives a dwrr traffic class without bw-percent no share (DWRR"
                        + " 0); give the class a weight")
                .at(sw.owner("queues." + q.queue()))
                .onDevice(sw.name()));
      }
    }
    return out;
  }

  /** What this switch asks for that the platform cannot express, by feature. */
  private Map<Feature, String> gapsOf(CompiledSwitch sw) {
    Map<Feature, String> gaps = new TreeMap<>();
    String hash = HASH.gap(sw.ecmpHashFields(), "system forwarding ecmp-hash");
    if (hash != null) {
      gaps.put(Feature.HASH, hash);
    }
    CompiledWatchdog wd = sw.watchdog();
    if (wd != null && wd.enabled()) {
      gaps.put(
          Feature.WATCHDOG,
          "NVUE sets only polling-interval and robustness (detection "
              + detection(wd)
              + " ms = robustness x polling interval); the restoration time ("
              + wd.restorationMs()
              + " ms) and the"
              + " action ("
              + wd.action()
              + ") are the switch's own");
    }
    if (sw.ports().stream().anyMatch(p -> !p.headroom().isEmpty())) {
      gaps.put(
          Feature.BUFFERS,
          "NVUE sizes PFC headroom itself from the cable length of each PFC profile (rendered);"
              + " Weft's computed xoff and xon are not NVUE settings");
    }
    if (sw.linkPause() || sw.ports().stream().anyMatch(CompiledPort::linkPause)) {
      gaps.put(Feature.PFC, "802.3x link pause is not rendered for NVUE");
    }
    return gaps;
  }

  /**
   * {@code facts}: {@code hash_fields} (each outer-header {@code ecmp-hash} field with the NVUE
   * value that turns it on or off: {@code on}/{@code off} up to Cumulus Linux 5.14, {@code
   * enabled}/{@code disabled} from 5.15, by the switch's os-version; unknown versions take the
   * older words); {@code dcbx_tlv} (where the intent manages DCBX: the value of each port's three
   * {@code lldp dcbx-*-tlv} keys, {@code on}/{@code off} or, from 5.15, {@code enabled}/{@code
   * disabled}).
   */
  @Override
  public Map<String, Object> templateData(CompiledSwitch sw) {
    boolean newWords = atLeast(sw.osVersion(), 5, 15);
    Map<String, Object> facts = new java.util.TreeMap<>();
    if (sw.dcbx() != null) {
      boolean on = "ieee".equals(sw.dcbx());
      facts.put("dcbx_tlv", on ? (newWords ? "enabled" : "on") : (newWords ? "disabled" : "off"));
    }
    if (sw.ecmpHashFields().isEmpty()) {
      return facts;
    }
    List<String> on = HASH.spelled(sw.ecmpHashFields());
    List<Map<String, Object>> fields = new ArrayList<>();
    for (String f : HASH_FIELDS) {
      boolean set = on.contains(f);
      fields.add(
          Map.of(
              "name",
              f,
              "value",
              set ? (newWords ? "enabled" : "on") : (newWords ? "disabled" : "off")));
    }
    facts.put("hash_fields", fields);
    return facts;
  }

  static boolean atLeast(String version, int major, int minor) {
    if (version == null) {
      return false;
    }
    Matcher m = VERSION.matcher(version);
    if (!m.matches() || m.group(1).length() > 4 || m.group(2).length() > 4) {
      return false;
    }
    int a = Integer.parseInt(m.group(1));
    int b = Integer.parseInt(m.group(2));
    return a > major || (a == major && b >= minor);
  }

  /**
   * Detection as NVUE runs it: robustness = ceil(detection / poll) polls (the template's
   * arithmetic).
   */
  static long detection(CompiledWatchdog wd) {
    long poll = Math.max(1, wd.pollMs());
    return (wd.detectionMs() + poll - 1) / poll * poll;
  }

  // ------------------------------------------------------------------ live

  @Override
  public Optional<LiveProfile> live() {
    return Optional.of(this);
  }

  @Override
  public String platform() {
    return id();
  }

  @Override
  public LiveTransport transport() {
    return new LiveTransport.SshCommand(SHOW_CONFIG);
  }

  @Override
  public CompiledSwitch read(String reply, String device, String what) throws ReadException {
    return CumulusNvueReader.read(reply, device, what);
  }

  /**
   * An NVUE revision: the header and set documents as a list, or one document with NVUE's top-level
   * trees (ranked below CONFIG_DB's tables, which a document may share a key with).
   */
  @Override
  public OptionalInt recognises(SavedConfig config) {
    return config.json() instanceof List<?>
            || config.json() instanceof Map<?, ?> m
                && (m.containsKey("qos") || m.containsKey("interface") || m.containsKey("set"))
        ? OptionalInt.of(1)
        : OptionalInt.empty();
  }

  @Override
  public Optional<CounterSource> counters() {
    return Optional.of(CumulusCounters.SOURCE);
  }

  @Override
  public Optional<ConfigView> configView() {
    return Optional.of(NvueConfigView.view());
  }

  /**
   * The intended switch as NVUE carries it: the hash fields NVUE has, no priority-group map and no
   * headroom (NVUE's own), ECN profiles named after their traffic class ({@code tc3}), queues
   * without class names and the same on every port (one default-global scheduler), the switch's
   * trust (DSCP, or PCP with its map: one default-global mapping) on every port, NVUE's built-in
   * DSCP map ({@link NvueDefaults}) for the code points the intent leaves unmapped, the watchdog's
   * detection rounded to whole polls and its restoration and action as the reader reports them,
   * cable lengths on PFC ports only, no link pause.
   */
  @Override
  public CompiledSwitch expected(CompiledSwitch intended) {
    CompiledSwitch sw =
        ReadBack.withLags(
            ReadBack.losslessFromPorts(ReadBack.expected(intended, platform(), true)), intended);
    Map<String, EcnProfile> byName = new TreeMap<>();
    sw.ecnProfiles().forEach(e -> byName.put(e.name(), e));
    List<CompiledQueue> queues = new ArrayList<>();
    List<EcnProfile> ecn = new ArrayList<>();
    for (CompiledQueue q : sw.queues()) {
      EcnProfile profile = q.ecnProfile() == null ? null : byName.get(q.ecnProfile());
      String name = profile == null ? null : "tc" + q.queue();
      if (profile != null) {
        ecn.add(profile.named(name));
      }
      queues.add(new CompiledQueue(q.queue(), null, q.scheduler(), q.weight(), name, q.lossless()));
    }
    ecn.sort(Comparator.comparing(EcnProfile::name));
    List<CompiledPort> ports = new ArrayList<>();
    boolean anyWatchdog = false;
    for (CompiledPort p : sw.ports()) {
      boolean pfc = !p.pfcPriorities().isEmpty();
      ports.add(
          p.toBuilder()
              .queues(queues)
              .pfcPriorityToQueue(sw.priorityToQueue())
              .cableLengthMetres(pfc ? p.cableLengthMetres() : null)
              .headroom(List.of())
              .linkPause(false)
              .watchdogAction(null) // NVUE sets no action (the watchdog's render gap)
              .build());
      anyWatchdog |= p.watchdog();
    }
    CompiledWatchdog wd = sw.watchdog();
    if (wd != null && wd.enabled() && anyWatchdog) {
      long detection = detection(wd);
      wd =
          new CompiledWatchdog(
              true,
              CumulusNvueReader.ACTION,
              detection,
              CumulusNvueReader.RESTORATION_NOT_SET,
              wd.pollMs());
    } else if (wd != null) {
      wd = ReadBack.disabledWatchdog(wd.pollMs());
    }
    List<String> hash = new ArrayList<>(intended.ecmpHashFields());
    hash.removeAll(HASH.missing(intended.ecmpHashFields()));
    hash.sort(
        null); // NVUE keeps fields as on/off members, not in a list: the reader reports them sorted
    // a code point the intent leaves unmapped gets NVUE's built-in map on the switch
    Map<Integer, Integer> dscp = new TreeMap<>();
    for (int d = 0; d < 64; d++) {
      dscp.put(d, NvueDefaults.dscpPriority(d));
    }
    dscp.putAll(sw.dscpToPriority());
    return sw.toBuilder()
        .dscpToPriority(dscp)
        .priorityToPriorityGroup(List.of())
        .queues(queues)
        .ecnProfiles(ecn)
        .watchdog(wd)
        .linkPause(false)
        .ecmpHashFields(hash)
        .ports(ports)
        // NVUE's trust is switch-wide (mapping default-global): its PCP map with trust l2
        .pcpToPriority(intended.pcpToPriority())
        // the DCBX TLVs every port advertises, as the intent sets them (null: not rendered)
        .dcbx(intended.dcbx())
        .build();
  }

  /**
   * The live switch with the watchdog's restoration time and action taken from the intent: NVUE has
   * neither (they are the switch's own), so the rules on the live config must not judge the
   * reader's placeholders.
   */
  @Override
  public CompiledSwitch withUnserved(CompiledSwitch live, CompiledSwitch intended) {
    CompiledWatchdog wd = live.watchdog();
    CompiledWatchdog want = intended.watchdog();
    if (wd == null || want == null || !wd.enabled()) {
      return live;
    }
    return live.toBuilder()
        .watchdog(
            new CompiledWatchdog(
                true, want.action(), wd.detectionMs(), want.restorationMs(), wd.pollMs()))
        .build();
  }

  /** NVUE's patch and confirmed apply ({@link NvueTransaction}). */
  @Override
  public Optional<Transaction> transaction() {
    return Optional.of(new NvueTransaction());
  }

  @Override
  public Optional<NeighbourReader> neighbours() {
    return Optional.of(new CumulusNeighbours());
  }
}
