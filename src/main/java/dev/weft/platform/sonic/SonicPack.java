package dev.weft.platform.sonic;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.HeadroomTable;
import dev.weft.compile.LosslessBuffer;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.platform.BufferKnob;
import dev.weft.platform.ConfigView;
import dev.weft.platform.CounterSource;
import dev.weft.platform.DeviceKind;
import dev.weft.platform.Feature;
import dev.weft.platform.HashFieldSpelling;
import dev.weft.platform.JsonPatchTransaction;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.LiveTransport;
import dev.weft.platform.NeighbourReader;
import dev.weft.platform.PatchRemediation;
import dev.weft.platform.PlatformData;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.PortMtuRange;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import dev.weft.platform.RenderGap;
import dev.weft.platform.RenderGaps;
import dev.weft.platform.SavedConfig;
import dev.weft.platform.Transaction;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Community SONiC: the rendered {@code config_db.json} tables (DEVICE_METADATA, PORT, PORT_QOS_MAP,
 * QUEUE, SCHEDULER, WRED_PROFILE, BUFFER_*, CABLE_LENGTH, PFC_WD, SWITCH_HASH), complete enough for
 * SONiC's YANG with the platform facts of the switch's HWSKU profile ({@link SonicHwskus}). SONiC
 * has no NETCONF: a running switch is read over SSH with {@code show runningconfiguration all}, the
 * CONFIG_DB as JSON, and {@link SonicConfigDbReader} maps it back into the compiled switch.
 */
public final class SonicPack implements PlatformPack, LiveProfile {

  private static final java.util.regex.Pattern LAG_NAMES =
      java.util.regex.Pattern.compile("PortChannel[0-9]{1,4}");

  /**
   * The pool every lossless buffer profile takes its buffer from (the rendered
   * BUFFER_PROFILE.pool).
   */
  static final String LOSSLESS_POOL = "ingress_lossless_pool";

  /** sonic-scheduler.yang's {@code weight} default: what a SCHEDULER without one is given. */
  static final int DEFAULT_WEIGHT = 1;

  /** The command whose output is the running CONFIG_DB as JSON. */
  static final String SHOW_RUNNING = "show runningconfiguration all";

  /** The file the templates render. */
  static final String CONFIG_DB = "config_db.json";

  /**
   * SWITCH_HASH ecmp_hash names (sonic-hash.yang {@code hash-field}); SONiC has no RoCE QP field.
   */
  static final HashFieldSpelling HASH =
      new HashFieldSpelling(
          Map.ofEntries(
              Map.entry("src-ip", "SRC_IP"),
              Map.entry("dst-ip", "DST_IP"),
              Map.entry("ip-protocol", "IP_PROTOCOL"),
              Map.entry("l4-src-port", "L4_SRC_PORT"),
              Map.entry("l4-dst-port", "L4_DST_PORT"),
              Map.entry("src-mac", "SRC_MAC"),
              Map.entry("dst-mac", "DST_MAC"),
              Map.entry("ethertype", "ETHERTYPE"),
              Map.entry("vlan-id", "VLAN_ID"),
              Map.entry("in-port", "IN_PORT"),
              Map.entry("ipv6-flow-label", "IPV6_FLOW_LABEL")));

  private final SonicHwskus hwskus;

  /** With the built-in HWSKU profiles only (the pack the service loader makes). */
  public SonicPack() {
    this(new SonicHwskus());
  }

  private SonicPack(SonicHwskus hwskus) {
    this.hwskus = hwskus;
  }

  /** PCP trust: SONiC DOT1P_TO_TC_MAP. */
  /**
   * SONiC's LLDP is lldpd (the lldp container), which implements no DCBX (lldpd/lldpd issue 718),
   * and CONFIG_DB's LLDP tables (sonic-lldp.yang) have no DCBX setting.
   */
  @Override
  public String dcbxGap() {
    return "SONiC has no DCBX in CONFIG_DB, and LLDP in SONiC (lldpd) does not send DCBX TLVs: the"
        + " ports advertise none, so a willing NIC (dcbx: firmware) has no PFC or ETS to take from"
        + " them";
  }

  @Override
  public boolean classifiesByPcp() {
    return true;
  }

  @Override
  public String dataFingerprint() {
    return hwskus.fingerprint();
  }

  /** With the project's HWSKU profile folder beside the built-in profiles. */
  @Override
  public PlatformPack withData(PlatformData data) {
    return data.hwskuProfiles() == null
        ? this
        : new SonicPack(new SonicHwskus(data.hwskuProfiles(), data.hwskuProfilesShown()));
  }

  @Override
  public String id() {
    return SonicConfigDbReader.PLATFORM;
  }

  /** sonic-portchannel.yang's PORTCHANNEL_LIST name pattern. */
  @Override
  public java.util.regex.Pattern lagNames() {
    return LAG_NAMES;
  }

  @Override
  public String title() {
    return "SONiC (community), CONFIG_DB JSON for `config load`";
  }

  /** The MTUs SONiC's PORT table accepts, as its vendored model states them. */
  @Override
  public Optional<PortMtuRange> portMtuRange() {
    return Optional.of(
        new PortMtuRange(68, 9216, "yang/vendor/sonic/sonic-port.yang: PORT_LIST/mtu"));
  }

  @Override
  public DeviceKind kind() {
    return DeviceKind.SWITCH;
  }

  @Override
  public List<RenderGap> renderGaps(CompiledSwitch sw) {
    return RenderGap.usedBy(sw, gapsOf(sw));
  }

  /**
   * Alpha always (BUFFER_PROFILE dynamic_th); the shared headroom pool when the switch's HWSKU
   * profile gives the lossless BUFFER_POOL entry whose xoff holds it (without a profile the file
   * renders no BUFFER_POOL at all).
   */
  @Override
  public Set<BufferKnob> bufferKnobs(CompiledSwitch sw) {
    return hasLosslessPool(sw)
        ? EnumSet.allOf(BufferKnob.class)
        : EnumSet.of(BufferKnob.DYNAMIC_THRESHOLD);
  }

  private boolean hasLosslessPool(CompiledSwitch sw) {
    try {
      return hwskus.lookup(sw.hwsku()).map(p -> p.pools().containsKey(LOSSLESS_POOL)).orElse(false);
    } catch (SonicHwskus.InvalidProfileException e) {
      return false; // renderChecks reports it and stops the render
    }
  }

  /** What this switch asks for that the platform cannot express, by feature. */
  private Map<Feature, String> gapsOf(CompiledSwitch sw) {
    String hash = HASH.gap(sw.ecmpHashFields(), "SWITCH_HASH ecmp_hash");
    return hash == null ? Map.of() : Map.of(Feature.HASH, hash);
  }

  /** The HWSKU's pg_profile_lookup.ini, beside its profile (built-in or the project's). */
  @Override
  public List<String> hwskus() {
    return hwskus.names();
  }

  @Override
  public Optional<String> hwskuAsic(String hwsku) {
    try {
      return hwskus.lookup(hwsku).map(SonicHwsku::asic);
    } catch (SonicHwskus.InvalidProfileException e) {
      return Optional.empty(); // renderChecks reports it and stops the render
    }
  }

  @Override
  public Optional<String> savedHwsku(String config) {
    return SonicConfigDbReader.hwsku(config);
  }

  @Override
  public Optional<HeadroomTable> headroomTable(String hwsku) throws HeadroomTable.InvalidException {
    return hwskus.table(hwsku);
  }

  @Override
  public List<Finding> renderChecks(CompiledSwitch sw) {
    List<Finding> out = new ArrayList<>();
    if (sw.hwsku() == null) {
      if (!sw.ports().isEmpty()) {
        out.add(
            finding(
                sw,
                Severity.WARNING,
                sw.owner("platform"),
                sw.name()
                    + ": no hwsku, so config_db.json"
                    + " is rendered without PORT lanes, alias and index and without BUFFER_POOL, which SONiC's YANG"
                    + " requires of a whole config: `config load` can merge it into a switch that has them, but the"
                    + " file alone does not load (name the switch's hardware SKU, e.g. hwsku: Mellanox-SN5600-O128;"
                    + " Weft has profiles for "
                    + String.join(", ", hwskus.names())
                    + ")"));
      }
      return out;
    }
    SonicHwsku profile;
    try {
      Optional<SonicHwsku> found = hwskus.lookup(sw.hwsku());
      if (found.isEmpty()) {
        out.add(
            finding(
                sw,
                Severity.ERROR,
                sw.owner("hwsku"),
                sw.name()
                    + ": Weft has no platform profile for hwsku "
                    + sw.hwsku()
                    + " (profiles: "
                    + String.join(", ", hwskus.names())
                    + (hwskus.directory().isPresent()
                        ? ""
                        : "; add one with `weft hwsku import` and name its folder as hwsku-profiles"
                            + " in .weft.yaml, docs/hwsku-profiles.md")
                    + ")"));
        return out;
      }
      profile = found.get();
    } catch (SonicHwskus.InvalidProfileException e) {
      // located in the profile, where the fix is; the message names the switch and its intent line
      Location intent = sw.owner("hwsku");
      Finding f =
          finding(
              sw,
              Severity.ERROR,
              e.where(),
              sw.name()
                  + (intent == null ? "" : " (" + intent + ")")
                  + ": the platform profile of hwsku "
                  + sw.hwsku()
                  + " is unusable: "
                  + e.getMessage());
      out.add(e.expected() == null ? f : f.withValues(e.expected(), e.found()));
      return out;
    }
    try {
      hwskus.table(sw.hwsku());
    } catch (HeadroomTable.InvalidException e) {
      // the rendered file does not use the table; only weft explain-headroom compares with it
      Finding f =
          finding(
              sw,
              Severity.WARNING,
              e.where(),
              sw.name()
                  + ": SONiC's PG lookup table of hwsku "
                  + sw.hwsku()
                  + " is unusable, so weft explain-headroom cannot set it beside Weft's headroom"
                  + " (the rendered file does not depend on it): "
                  + e.reason());
      out.add(e.expected() == null ? f : f.withValues(e.expected(), e.found()));
    }
    if (sw.asic() != null && !sw.asic().equals(profile.asic())) {
      out.add(
          finding(
              sw,
              Severity.ERROR,
              sw.owner("asic"),
              sw.name()
                  + ": hwsku "
                  + profile.name()
                  + " is a "
                  + profile.asic()
                  + " switch, but the intent says asic "
                  + sw.asic()));
    }
    List<Integer> lossless = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      SonicHwsku.Port facts = profile.ports().get(p.name());
      if (facts == null) {
        out.add(
            finding(
                    sw,
                    Severity.ERROR,
                    p.owner("name"),
                    sw.name()
                        + " "
                        + p.name()
                        + ": hwsku "
                        + profile.name()
                        + " has no port "
                        + p.name()
                        + " (its ports are "
                        + portRange(profile)
                        + ")")
                .onPort(p.name()));
        continue;
      }
      if (p.speedGbps() != null && p.speedGbps() * 1000L > facts.speedMbps()) {
        out.add(
            finding(
                    sw,
                    Severity.ERROR,
                    p.owner("speed_gbps"),
                    sw.name()
                        + " "
                        + p.name()
                        + ": port "
                        + p.name()
                        + " of hwsku "
                        + profile.name()
                        + " runs at most "
                        + facts.speedMbps() / 1000
                        + "G (lanes "
                        + facts.lanes()
                        + "), the intent says "
                        + p.speedGbps()
                        + "G")
                .onPort(p.name()));
      }
      p.pfcPriorities()
          .forEach(
              prio -> {
                if (!lossless.contains(prio)) {
                  lossless.add(prio);
                }
              });
    }
    if (!lossless.isEmpty() && !profile.pools().containsKey(LOSSLESS_POOL)) {
      out.add(
          finding(
                  sw,
                  Severity.ERROR,
                  sw.owner("hwsku"),
                  sw.name()
                      + ": the lossless priorities "
                      + lossless.stream().sorted().toList()
                      + " need buffer profiles in BUFFER_POOL "
                      + LOSSLESS_POOL
                      + ", which hwsku "
                      + profile.name()
                      + " does not have (its pools: "
                      + String.join(", ", profile.poolNames())
                      + "); SONiC refuses a BUFFER_PROFILE whose pool does not"
                      + " exist. Use a hardware SKU whose buffer defaults have a lossless pool, or make the classes lossy")
              .withValues(
                  "BUFFER_POOL " + LOSSLESS_POOL,
                  "pools " + String.join(", ", profile.poolNames())));
    }
    return out;
  }

  private static String portRange(SonicHwsku profile) {
    List<String> names =
        profile.ports().keySet().stream()
            .sorted(java.util.Comparator.comparingInt(SonicPack::portNumber).thenComparing(n -> n))
            .toList();
    return names.size() <= 3
        ? String.join(", ", names)
        : names.get(0) + " ... " + names.get(names.size() - 1) + ", " + names.size() + " ports";
  }

  private static int portNumber(String name) {
    String digits = name.replaceAll("[^0-9]", "");
    return digits.isEmpty() || digits.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(digits);
  }

  private static Finding finding(
      CompiledSwitch sw, Severity severity, Location at, String message) {
    return Finding.of(RenderGaps.RENDER_ERROR, severity, message)
        .at(at != null ? at : sw.owner("name"))
        .onDevice(sw.name());
  }

  /**
   * {@code facts}: {@code hash_fields} (SWITCH_HASH names), {@code lossless_pool}, and with a known
   * HWSKU {@code hwsku}, {@code platform}, {@code ports} (name → lanes, alias, index, for the
   * switch's ports) and {@code pools} (the HWSKU's BUFFER_POOL entries).
   */
  @Override
  public Map<String, Object> templateData(CompiledSwitch sw) {
    Map<String, Object> facts = new TreeMap<>();
    facts.put("hash_fields", HASH.spelled(sw.ecmpHashFields()));
    facts.put("lossless_pool", LOSSLESS_POOL);
    SonicHwsku profile;
    try {
      profile = hwskus.lookup(sw.hwsku()).orElse(null);
    } catch (SonicHwskus.InvalidProfileException e) {
      profile = null; // renderChecks reports it and stops the render
    }
    if (profile == null) {
      return facts;
    }
    facts.put("hwsku", profile.name());
    facts.put("platform", profile.platform());
    Map<String, Object> ports = new TreeMap<>();
    for (CompiledPort p : sw.ports()) {
      SonicHwsku.Port port = profile.ports().get(p.name());
      if (port != null) {
        ports.put(
            p.name(), Map.of("lanes", port.lanes(), "alias", port.alias(), "index", port.index()));
      }
    }
    facts.put("ports", ports);
    List<Map<String, Object>> pools = new ArrayList<>();
    for (String name : profile.poolNames()) {
      SonicHwsku.Pool pool = profile.pools().get(name);
      pools.add(
          Map.of("name", name, "type", pool.type(), "mode", pool.mode(), "size", pool.size()));
    }
    facts.put("pools", pools);
    return facts;
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

  /** No: sonic-port.yang makes a PORT entry's {@code speed} mandatory. */
  @Override
  public boolean leavesSpeedToNegotiation() {
    return false;
  }

  @Override
  public boolean readsWholeHeadroom() {
    return true; // BUFFER_PROFILE xoff, xon and size; a dynamic profile (NULL) is read as such
  }

  @Override
  public LiveTransport transport() {
    return new LiveTransport.SshCommand(SHOW_RUNNING);
  }

  @Override
  public CompiledSwitch read(String reply, String device, String what) throws ReadException {
    return SonicConfigDbReader.read(reply, device, what);
  }

  /**
   * The CONFIG_DB tables the reader takes each feature from: a drifted device's diff shows only
   * those tables of {@code show runningconfiguration all} beside the rendered {@code
   * config_db.json}, entry by entry.
   */
  static final Map<Feature, List<String>> TABLES =
      Map.of(
          Feature.CLASSIFICATION,
              List.of(
                  "DOT1P_TO_TC_MAP",
                  "DSCP_TO_TC_MAP",
                  "PORT_QOS_MAP",
                  "TC_TO_PRIORITY_GROUP_MAP",
                  "TC_TO_QUEUE_MAP"),
          Feature.PFC, List.of("MAP_PFC_PRIORITY_TO_QUEUE", "PORT_QOS_MAP"),
          Feature.ECN, List.of("QUEUE", "WRED_PROFILE"),
          Feature.SCHEDULER, List.of("QUEUE", "SCHEDULER"),
          Feature.WATCHDOG, List.of("PFC_WD"),
          Feature.BUFFERS, List.of("BUFFER_PG", "BUFFER_POOL", "BUFFER_PROFILE", "CABLE_LENGTH"),
          Feature.MTU, List.of("PORT"),
          Feature.HASH, List.of("SWITCH_HASH"));

  /** CONFIG_DB JSON: an object with SONiC's tables. */
  @Override
  public OptionalInt recognises(SavedConfig config) {
    if (!(config.json() instanceof Map<?, ?> db)) {
      return OptionalInt.empty();
    }
    // a CONFIG_DB nests entries under their table, or (a redis dump, sonic-utilities' test
    // configs) keys each as TABLE|name; SONiC's sample outputs hold only the QoS or buffer tables
    for (Object key : db.keySet()) {
      String k = String.valueOf(key);
      String table = k.contains("|") ? k.substring(0, k.indexOf('|')) : k;
      if (RECOGNISED_TABLES.contains(table)) {
        return OptionalInt.of(2);
      }
    }
    return OptionalInt.empty();
  }

  /** Tables that only a CONFIG_DB has, any one of which makes a JSON file SONiC's. */
  private static final java.util.Set<String> RECOGNISED_TABLES =
      java.util.Set.of(
          "PORT", "DEVICE_METADATA", "DSCP_TO_TC_MAP", "PORT_QOS_MAP", "BUFFER_PG", "BUFFER_POOL");

  @Override
  public Optional<CounterSource> counters() {
    return Optional.of(SonicCounters.SOURCE);
  }

  @Override
  public Optional<ConfigView> configView() {
    // a redis dump ({"PORT|Ethernet0": {...}}) is laid out as config_db.json's tables first
    return Optional.of(
        ConfigView.json(
            CONFIG_DB,
            2,
            TABLES,
            "table",
            (text, what) -> SonicConfigDbReader.asTables(ConfigView.JSON_TEXT.read(text, what))));
  }

  @Override
  public java.util.Set<String> readByValue(String config) {
    return SonicConfigDbReader.readByValue(config);
  }

  /**
   * What the reader sees: the intent's ECMP hash fields that SWITCH_HASH has names for; and since
   * CONFIG_DB holds PFC per port only ({@code PORT_QOS_MAP|<port>.pfc_enable}), the switch's
   * lossless set is the union of its ports' (a plan whose lossless class no port runs, every port
   * excepted, has none on the device), a queue some port's PFC pauses is lossless on every port
   * (the reader's buffer view), and a watchdog no port runs reads back as the disabled one.
   */
  @Override
  public CompiledSwitch expected(CompiledSwitch intended) {
    // a DWRR scheduler written without a weight reads back as sonic-scheduler.yang's default
    CompiledSwitch sw =
        ReadBack.expected(ReadBack.defaultWeights(intended, DEFAULT_WEIGHT), platform(), true);
    List<String> hash = new ArrayList<>(intended.ecmpHashFields());
    hash.removeAll(HASH.missing(intended.ecmpHashFields()));
    TreeSet<Integer> lossless = new TreeSet<>();
    sw.ports().forEach(p -> lossless.addAll(p.pfcPriorities()));
    // the reader marks a queue lossless on every port when some port's PFC pauses it
    TreeSet<Integer> losslessQueues = new TreeSet<>();
    for (int p : lossless) {
      if (p < sw.priorityToQueue().size()) {
        losslessQueues.add(sw.priorityToQueue().get(p));
      }
    }
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      ports.add(p.toBuilder().queues(lossless(p.queues(), losslessQueues)).build());
    }
    CompiledSwitch.Builder out =
        sw.toBuilder()
            .ecmpHashFields(hash)
            .losslessPriorities(List.copyOf(lossless))
            .queues(lossless(sw.queues(), losslessQueues))
            .ports(ports);
    out.losslessBuffer(losslessBufferAsRead(intended));
    out.pcpToPriority(ReadBack.pcpAsRead(intended));
    CompiledWatchdog wd = sw.watchdog();
    if (wd != null && wd.enabled() && sw.ports().stream().noneMatch(CompiledPort::watchdog)) {
      out.watchdog(ReadBack.disabledWatchdog(wd.pollMs()));
    }
    // CONFIG_DB holds the watchdog action per port only
    return ReadBack.withLags(ReadBack.watchdogActionsAsRead(out.build()), intended);
  }

  /**
   * Every lossless BUFFER_PROFILE carries a dynamic_th (the intent's, else "0"), so the reader
   * finds one wherever a port has headroom; the shared headroom pool is the lossless BUFFER_POOL's
   * xoff, rendered only where the HWSKU profile gives that pool.
   */
  private LosslessBuffer losslessBufferAsRead(CompiledSwitch intended) {
    boolean profiles = intended.ports().stream().anyMatch(p -> !p.headroom().isEmpty());
    LosslessBuffer b = intended.losslessBuffer();
    Long pool = b != null && hasLosslessPool(intended) ? b.sharedHeadroomPoolBytes() : null;
    return LosslessBuffer.of(
        profiles ? LosslessBuffer.dynamicThOf(b) : null, null, profiles ? pool : null);
  }

  private static List<CompiledQueue> lossless(List<CompiledQueue> queues, Set<Integer> lossless) {
    return queues.stream().map(q -> q.withLossless(lossless.contains(q.queue()))).toList();
  }

  /**
   * SONiC's Generic Config Updater: {@code config checkpoint}, {@code config apply-patch} (which
   * validates the patched CONFIG_DB against SONiC's YANG, and with {@code --dry-run} only that),
   * {@code config rollback}. Each runs as root ({@code config} refuses otherwise), through {@code
   * sudo -n}, which fails instead of asking for a password. {@code apply-patch} opens its file
   * argument with Python's {@code open()} and reads it once, so the patch is sent on standard input
   * as {@code /dev/stdin}: nothing is left in a file on the switch.
   */
  public Optional<PatchRemediation> patchRemediation() {
    return Optional.of(
        new PatchRemediation() {
          @Override
          public String renderedFile() {
            return CONFIG_DB;
          }

          @Override
          public PatchRemediation.Patch patch(
              CompiledSwitch intended, String rendered, String running, String what)
              throws ReadException {
            return SonicPatch.of(intended, rendered, running, what);
          }

          @Override
          public String checkpoint(String name) {
            return "sudo -n config checkpoint " + name;
          }

          @Override
          public String applyPatch(boolean dryRun) {
            return "sudo -n config apply-patch " + (dryRun ? "--dry-run " : "") + "/dev/stdin";
          }

          @Override
          public String rollback(String name) {
            return "sudo -n config rollback " + name;
          }

          @Override
          public String deleteCheckpoint(String name) {
            return "sudo -n config delete-checkpoint " + name;
          }
        });
  }

  /** {@link #patchRemediation()}'s commands run as one transaction with a checkpoint. */
  @Override
  public Optional<Transaction> transaction() {
    return patchRemediation().map(JsonPatchTransaction::new);
  }

  @Override
  public Optional<NeighbourReader> neighbours() {
    return Optional.of(new SonicNeighbours());
  }
}
