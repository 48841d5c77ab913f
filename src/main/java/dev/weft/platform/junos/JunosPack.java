package dev.weft.platform.junos;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.platform.Feature;
import dev.weft.platform.LivePaths;
import dev.weft.platform.NetconfSwitchPack;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.platform.RenderGap;
import dev.weft.platform.SavedConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Junos OS Evolved on QFX (5220/5230/5240), in Juniper's own YANG (Juniper/yang 24.4R1-EVO:
 * junos-conf-root, -interfaces, -class-of-service, -forwarding-options; vendored in {@code
 * yang/vendor/juniper}). The whole RoCE plan lives under {@code /configuration/class-of-service}:
 * forwarding classes with {@code no-loss}/{@code pfc-priority}, a DSCP classifier, per-port
 * congestion-notification profiles (PFC code points, flow-control queues, the PFC watchdog, cable
 * length, PFC accounts for headroom), drop profiles with {@code explicit-congestion-notification}
 * schedulers and a scheduler map; MTU, speed and 802.3x pause under {@code
 * /configuration/interfaces}; the ECMP hash under {@code
 * /configuration/forwarding-options/enhanced-hash-key}. Units: {@link JunosUnits}.
 */
public final class JunosPack extends NetconfSwitchPack {

  private static final java.util.regex.Pattern LAG_NAMES =
      java.util.regex.Pattern.compile("ae[0-9]{1,4}");

  public static final String PLATFORM = "junos";
  static final String ROOT = "http://yang.juniper.net/junos/conf/root";
  static final String IF = "http://yang.juniper.net/junos/conf/interfaces";
  static final String COS = "http://yang.juniper.net/junos/conf/class-of-service";
  static final String FWD = "http://yang.juniper.net/junos/conf/forwarding-options";

  /** Names the template gives (and the reader and paths expect). */
  static final String CLASSIFIER = "weft-dscp";

  static final String PCP_CLASSIFIER = "weft-pcp";

  static final String SCHEDULER_MAP = "weft-roce";
  static final String PROFILE_PREFIX = "pfc-";

  /** The hash fields enhanced-hash-key can select (inet / inet6); the others are render gaps. */
  static final Set<String> HASH_FIELDS =
      Set.of("src-ip", "dst-ip", "ip-protocol", "l4-src-port", "l4-dst-port", "vlan-id", "in-port");

  /** What the watchdog does when the profile names no action: Junos drops. */
  static final String DEFAULT_ACTION = "drop";

  /**
   * Only the trees drift compares: a device's other config (routing, users, system) is never
   * transferred.
   */
  static final String FILTER =
      "<configuration xmlns=\""
          + ROOT
          + "\">"
          + "<interfaces xmlns=\""
          + IF
          + "\"/>"
          + "<class-of-service xmlns=\""
          + COS
          + "\"/>"
          + "<forwarding-options xmlns=\""
          + FWD
          + "\"><enhanced-hash-key/></forwarding-options>"
          + "</configuration>";

  /** The files a Junos text backup is saved as (Oxidized, RANCID, {@code show configuration}). */
  private static final Set<String> TEXT_FORMATS = Set.of("txt", "conf", "set");

  /** A line only a Junos configuration starts with: its commit header or a top-level block. */
  private static final Pattern JUNOS_TEXT =
      Pattern.compile(
          "(?m)^(## Last (commit|changed): |version \\S+;|"
              + "(system|interfaces|chassis|class-of-service|protocols|policy-options"
              + "|routing-options|forwarding-options) \\{|set (system|interfaces|chassis"
              + "|class-of-service|protocols|policy-options|routing-options|forwarding-options)"
              + " \\S)");

  private static final LivePaths PATHS = new JunosPaths();
  private static final Remediation REMEDIATION = JunosRemediation.table();

  @Override
  public String id() {
    return PLATFORM;
  }

  /** Junos' aggregated Ethernet devices: ae0, ae1, ... */
  @Override
  public java.util.regex.Pattern lagNames() {
    return LAG_NAMES;
  }

  @Override
  public String title() {
    return "Junos OS Evolved (QFX), Juniper's YANG over NETCONF";
  }

  @Override
  public List<RenderGap> renderGaps(CompiledSwitch sw) {
    List<RenderGap> out = new ArrayList<>();
    for (EcnProfile e : sw.ecnProfiles()) {
      if (e.maxBytes() > JunosUnits.ECN_REFERENCE_BYTES) {
        out.add(
            new RenderGap(
                Feature.ECN,
                "ECN profile "
                    + e.name()
                    + ": a fill level above 100% of the "
                    + JunosUnits.ECN_REFERENCE_BYTES
                    + "-byte queue-buffer reference ("
                    + e.maxBytes()
                    + " B)"));
      }
    }
    CompiledWatchdog wd = sw.watchdog();
    if (wd != null && wd.enabled() && Feature.WATCHDOG.usedBy(sw)) {
      if (!wd.action().equals("drop") && !wd.action().equals("forward")) {
        out.add(
            new RenderGap(
                Feature.WATCHDOG,
                "pfc-watchdog watchdog-action is drop or forward, not "
                    + wd.action()
                    + "; the device default (drop) applies"));
      }
      if (wd.detectionMs() % wd.pollMs() != 0) {
        out.add(
            new RenderGap(
                Feature.WATCHDOG,
                "detection is a number of poll periods: "
                    + wd.detectionMs()
                    + " ms becomes "
                    + JunosUnits.detectionPolls(wd.detectionMs(), wd.pollMs())
                    + " x "
                    + wd.pollMs()
                    + " ms"));
      }
    }
    if (sw.ports().stream().anyMatch(p -> p.speedGbps() == null && !p.headroom().isEmpty())) {
      out.add(
          new RenderGap(
              Feature.BUFFERS,
              "PFC accounts are microseconds at the port speed; ports without a "
                  + "speed get no pfc-account"));
    }
    RenderGap.hashFields(sw, HASH_FIELDS, "enhanced-hash-key").ifPresent(out::add);
    RenderGap.nonEctKept(
            sw,
            "the schedulers are written with explicit-congestion-notification only"
                + " (ecn-enhanced keep-non-ect is not rendered yet)")
        .ifPresent(out::add);
    return out;
  }

  /**
   * Junos XML (its YANG namespaces), or Junos configuration text in a {@code .txt}, {@code .conf}
   * or {@code .set} file: curly or {@code display set}, known by a top-level statement only Junos
   * writes.
   */
  @Override
  public OptionalInt recognises(SavedConfig config) {
    OptionalInt xml = config.xmlNaming("http://yang.juniper.net/junos/conf", 3);
    if (xml.isPresent()) {
      return xml;
    }
    boolean text =
        TEXT_FORMATS.contains(config.format())
            && config.json() == null
            && JunosText.isText(config.text())
            && JUNOS_TEXT.matcher(config.text()).find();
    return text ? OptionalInt.of(3) : OptionalInt.empty();
  }

  @Override
  public String yangModels() {
    return "yang/vendor/juniper";
  }

  @Override
  protected String subtreeFilter() {
    return FILTER;
  }

  /** A NETCONF reply or saved XML, or Junos configuration text (what does not start with '<'). */
  @Override
  public CompiledSwitch read(String reply, String device, String what) throws ReadException {
    return JunosReader.read(reply, device, what);
  }

  /** PCP trust: an ieee-802.1 classifier. */
  @Override
  public boolean classifiesByPcp() {
    return true;
  }

  @Override
  public LivePaths paths() {
    return PATHS;
  }

  @Override
  public Optional<Remediation> remediation() {
    return Optional.of(REMEDIATION);
  }

  /**
   * The intent as Junos holds it: headroom in whole microseconds at the port speed, the watchdog's
   * detection in whole poll periods and its action drop when it is neither drop nor forward, the
   * hash fields enhanced-hash-key can select in canonical order.
   */
  @Override
  public CompiledSwitch normalise(CompiledSwitch sw) {
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      List<PriorityGroupHeadroom> headroom = new ArrayList<>();
      if (p.speedGbps() != null) {
        for (PriorityGroupHeadroom h : p.headroom()) {
          long xoff =
              JunosUnits.bytesOfMicros(JunosUnits.micros(h.xoff(), p.speedGbps()), p.speedGbps());
          long xon =
              JunosUnits.bytesOfMicros(JunosUnits.micros(h.xon(), p.speedGbps()), p.speedGbps());
          headroom.add(
              new PriorityGroupHeadroom(
                  h.pg(), h.priorities(), xoff, xon, xoff + xon, h.requiredXoff(), h.origin()));
        }
      }
      String own = p.watchdogAction();
      ports.add(
          p.toBuilder()
              .headroom(headroom)
              .watchdogAction(own == null ? null : action(own))
              .build());
    }
    CompiledWatchdog wd = sw.watchdog();
    if (wd != null && wd.enabled()) {
      wd =
          new CompiledWatchdog(
              true,
              action(wd.action()),
              JunosUnits.detectionPolls(wd.detectionMs(), wd.pollMs()) * wd.pollMs(),
              wd.restorationMs(),
              wd.pollMs());
    }
    // each port's congestion-notification profile carries its own action, read per port
    return ReadBack.watchdogActionsAsRead(
        ReadBack.droppingNonEct(
            sw.toBuilder()
                .ports(ports)
                .watchdog(wd)
                .ecmpHashFields(ReadBack.hashFields(sw.ecmpHashFields(), HASH_FIELDS))
                .build()));
  }

  /** A watchdog action as Junos holds it: drop or forward (alert has no watchdog-action). */
  private static String action(String action) {
    return action.equals("forward") ? "forward" : DEFAULT_ACTION;
  }

  /**
   * As the default, except that a watchdog that runs on no port reads back as none (it is kept per
   * port).
   */
  @Override
  public CompiledSwitch expected(CompiledSwitch intended) {
    CompiledSwitch want = normalise(intended);
    return ReadBack.withLags(
        ReadBack.withoutIdleWatchdog(
            ReadBack.expected(want, PLATFORM, true).toBuilder()
                .pcpToPriority(ReadBack.pcpAsRead(want))
                .build()),
        want);
  }
}
