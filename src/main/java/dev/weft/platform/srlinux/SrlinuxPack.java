package dev.weft.platform.srlinux;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.platform.Feature;
import dev.weft.platform.LivePaths;
import dev.weft.platform.NeighbourReader;
import dev.weft.platform.NetconfSwitchPack;
import dev.weft.platform.PortMtuRange;
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

/**
 * Nokia SR Linux (7220 IXR-H4/H5), in Nokia's own YANG (nokia/srlinux-yang-models v25.3.1:
 * srl_nokia-interfaces, -qos, -load-balancing; vendored in {@code yang/vendor/nokia}). The plan
 * lives under {@code /qos}: forwarding classes and queues, a DSCP policy per subinterface, per-port
 * PFC mapping profiles (PFC queues, the queues that honour received pause frames, deadlock
 * detection = the PFC watchdog), queue-management profiles whose WRED slope marks ECN, a scheduler
 * policy (sequence 0 strict, 1 weighted) and per-port buffer-allocation profiles for the
 * PFC-reserved share (the xoff headroom); MTU, speed and 802.3x flow control under {@code
 * /interface}, the ECMP hash under {@code /system/load-balancing/hash-options}.
 */
public final class SrlinuxPack extends NetconfSwitchPack {

  public static final String PLATFORM = "srlinux";
  static final String IF = "urn:nokia.com:srlinux:chassis:interfaces";
  static final String QOS = "urn:nokia.com:srlinux:qos:qos";
  static final String SYSTEM = "urn:nokia.com:srlinux:general:system";
  static final String LB = "urn:nokia.com:srlinux:linux:load-balancing";

  static final String CLASSIFIER = "weft-dscp";
  static final String SCHEDULER_POLICY = "weft-roce";
  static final String PROFILE_PREFIX = "pfc-";
  static final String BUFFER_PREFIX = "buf-";

  /** The hash fields hash-options can select; the others are render gaps. */
  static final Set<String> HASH_FIELDS =
      Set.of("src-ip", "dst-ip", "ip-protocol", "l4-src-port", "l4-dst-port", "ipv6-flow-label");

  /** What hash-options hashes on when the device was not told otherwise (the model's defaults). */
  static final List<String> DEFAULT_HASH =
      List.of("src-ip", "dst-ip", "ip-protocol", "l4-src-port", "l4-dst-port");

  /**
   * What Weft reports for the watchdog settings SR Linux does not have: deadlock detection has
   * neither an action nor a poll interval, so these are not compared (a render gap says so).
   */
  static final String UNMODELLED_ACTION = "drop";

  static final long UNMODELLED_POLL_MS = 100;

  /** The model's deadlock timer defaults (ms). */
  static final long DEFAULT_DETECTION_MS = 750;

  static final long DEFAULT_RECOVERY_MS = 750;

  /** Only the trees drift compares. */
  static final String FILTER =
      "<interface xmlns=\""
          + IF
          + "\"/>"
          + "<system xmlns=\""
          + SYSTEM
          + "\"><load-balancing xmlns=\""
          + LB
          + "\"/></system>"
          + "<qos xmlns=\""
          + QOS
          + "\"/>";

  private static final LivePaths PATHS = new SrlinuxPaths();
  private static final Remediation REMEDIATION = SrlinuxRemediation.table();

  @Override
  public String id() {
    return PLATFORM;
  }

  @Override
  public String title() {
    return "Nokia SR Linux, Nokia's YANG over NETCONF";
  }

  /** The MTUs SR Linux's interface accepts, as its vendored model states them. */
  @Override
  public Optional<PortMtuRange> portMtuRange() {
    return Optional.of(
        new PortMtuRange(1450, 9500, "yang/vendor/nokia/srl_nokia-interfaces.yang: interface/mtu"));
  }

  @Override
  public List<RenderGap> renderGaps(CompiledSwitch sw) {
    List<RenderGap> out = new ArrayList<>();
    CompiledWatchdog wd = sw.watchdog();
    if (wd != null && Feature.WATCHDOG.usedBy(sw)) {
      out.add(
          RenderGap.ofPlatform(
              Feature.WATCHDOG,
              "deadlock detection has no action or poll-interval setting: action "
                  + wd.action()
                  + " and poll "
                  + wd.pollMs()
                  + " ms are not written"));
      if (wd.detectionMs() < 10
          || wd.detectionMs() > 1500
          || wd.restorationMs() < 100
          || wd.restorationMs() > 1500) {
        out.add(
            new RenderGap(
                Feature.WATCHDOG,
                "detection-timer takes 10..1500 ms and recovery-timer 100..1500 ms, "
                    + "the intent says "
                    + wd.detectionMs()
                    + " and "
                    + wd.restorationMs()
                    + " ms"));
      }
    }
    if (sw.ports().stream().anyMatch(p -> p.cableLengthMetres() != null)) {
      out.add(
          RenderGap.ofPlatform(
              Feature.BUFFERS,
              "no cable-length setting: headroom is written as each PFC queue's "
                  + "reserved share in bytes"));
    }
    if (sw.ports().stream().anyMatch(p -> !p.headroom().isEmpty())) {
      out.add(
          RenderGap.ofPlatform(
              Feature.BUFFERS,
              "no xon setting: only the xoff headroom is written "
                  + "(maximum-pfc-reserved-share-bytes)"));
    }
    RenderGap.hashFields(sw, HASH_FIELDS, "hash-options").ifPresent(out::add);
    RenderGap.nonEctKept(sw, "wred-slope selects by traffic-type and colour, not by ECN capability")
        .ifPresent(out::add);
    return out;
  }

  @Override
  public OptionalInt recognises(SavedConfig config) {
    return config.xmlNaming("urn:nokia.com:srlinux", 3);
  }

  @Override
  public String yangModels() {
    return "yang/vendor/nokia";
  }

  @Override
  protected String subtreeFilter() {
    return FILTER;
  }

  @Override
  public CompiledSwitch read(String reply, String device, String what) throws ReadException {
    return SrlinuxReader.read(reply, device, what);
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
   * The intent as SR Linux holds it: no cable length, headroom as its xoff alone (no xon), the
   * watchdog without an action or poll interval, and the hash fields hash-options can select in
   * canonical order (the model's defaults when the intent names none).
   */
  @Override
  public CompiledSwitch normalise(CompiledSwitch sw) {
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      List<PriorityGroupHeadroom> headroom =
          p.headroom().stream()
              .map(
                  h ->
                      new PriorityGroupHeadroom(
                          h.pg(),
                          h.priorities(),
                          h.xoff(),
                          0,
                          h.xoff(),
                          h.requiredXoff(),
                          h.origin()))
              .toList();
      ports.add(p.toBuilder().cableLengthMetres(null).headroom(headroom).build());
    }
    CompiledWatchdog wd = sw.watchdog();
    if (wd != null && wd.enabled()) {
      wd =
          new CompiledWatchdog(
              true, UNMODELLED_ACTION, wd.detectionMs(), wd.restorationMs(), UNMODELLED_POLL_MS);
    }
    List<String> hash =
        sw.ecmpHashFields().isEmpty()
            ? DEFAULT_HASH
            : ReadBack.hashFields(sw.ecmpHashFields(), HASH_FIELDS);
    // no action setting at all (a render gap), so no port's own either; WRED drops non-ECT
    // a weighted input written without a weight is served with weight 1 (srl_nokia-qos.yang,
    // strict-priority: "the default weight value of 1 is used")
    return ReadBack.defaultWeights(
        ReadBack.withoutPortWatchdogActions(
            ReadBack.droppingNonEct(
                sw.toBuilder().ports(ports).watchdog(wd).ecmpHashFields(hash).build())),
        1);
  }

  /**
   * As the default, except that a watchdog that runs on no port reads back as none (it is kept per
   * port).
   */
  @Override
  public CompiledSwitch expected(CompiledSwitch intended) {
    return ReadBack.withoutIdleWatchdog(ReadBack.expected(normalise(intended), PLATFORM, true));
  }

  @Override
  public Optional<NeighbourReader> neighbours() {
    return Optional.of(new SrlinuxNeighbours());
  }
}
