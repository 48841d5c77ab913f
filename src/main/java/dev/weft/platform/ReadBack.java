package dev.weft.platform;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.PriorityGroupHeadroom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a reader can see of a compiled switch: the intended switch with every fact removed that the
 * platform's config does not carry, and normalised the way readers normalise. Comparing {@code
 * expected(intended, platform)} with {@code reader.read(config)} is the round-trip check for
 * rendered files and the drift check for live ones.
 *
 * <p>Not carried by any platform's config: role, ASIC and its profile, OS version, management
 * address, the CNP class, provenance, port roles, and how headroom was obtained (readers report
 * {@code origin = device}, no required xoff). A disabled watchdog keeps only its poll interval.
 * Whether the ECMP hash fields are carried is the platform's (OpenConfig has none).
 */
public final class ReadBack {
  private ReadBack() {}

  /** The watchdog readers report when no port runs one: only the poll interval is known. */
  public static CompiledWatchdog disabledWatchdog(long poll) {
    return new CompiledWatchdog(false, "drop", 200, 400, poll);
  }

  /**
   * @param platform the platform id the reader stamps on what it reads
   * @param carriesHash whether the platform's config carries the ECMP hash fields
   */
  public static CompiledSwitch expected(CompiledSwitch sw, String platform, boolean carriesHash) {
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      ports.add(
          p.toBuilder()
              .role(null)
              .queues(queues(p.queues()))
              .watchdogQueues(p.watchdog() ? p.watchdogQueues() : List.of())
              .headroom(headroom(p.headroom()))
              .provenance(Map.of())
              // a platform whose file holds LAG membership puts it back (withLags)
              .lag(null)
              .build());
    }
    CompiledWatchdog wd = sw.watchdog();
    if (wd != null && !wd.enabled()) {
      wd = disabledWatchdog(wd.pollMs());
    }
    List<EcnProfile> ecn =
        sw.ecnProfiles().stream().sorted(Comparator.comparing(EcnProfile::name)).toList();
    return CompiledSwitch.builder()
        .name(sw.name())
        .platform(platform)
        .congestionControl(sw.congestionControl())
        .dscpToPriority(sw.dscpToPriority())
        .priorityToQueue(sw.priorityToQueue())
        .priorityToPriorityGroup(sw.priorityToPriorityGroup())
        .losslessPriorities(sw.losslessPriorities())
        .queues(queues(sw.queues()))
        .ecnProfiles(ecn)
        .watchdog(wd)
        .linkPause(sw.linkPause())
        .ecmpHashFields(carriesHash ? sw.ecmpHashFields() : List.of())
        .ports(ports)
        .build();
  }

  /**
   * {@code expected} with each port's LAG as {@code intended} has it: for the platforms whose
   * rendered file holds LAG membership ({@link PlatformPack#carriesLag()}), which {@link #expected}
   * leaves out for every other.
   */
  public static CompiledSwitch withLags(CompiledSwitch expected, CompiledSwitch intended) {
    Map<String, String> lags = new TreeMap<>();
    intended.ports().stream()
        .filter(p -> p.lag() != null)
        .forEach(p -> lags.put(p.name(), p.lag()));
    if (lags.isEmpty()) {
      return expected;
    }
    List<CompiledPort> ports = new ArrayList<>(expected.ports().size());
    for (CompiledPort p : expected.ports()) {
      ports.add(lags.containsKey(p.name()) ? p.toBuilder().lag(lags.get(p.name())).build() : p);
    }
    return expected.toBuilder().ports(ports).build();
  }

  /**
   * The PCP map a reader of per-port bindings finds: the switch's when some port is bound to it (a
   * port that does not trust DSCP), else none.
   */
  public static List<Integer> pcpAsRead(CompiledSwitch sw) {
    for (CompiledPort p : sw.ports()) {
      if (!p.trustDscp()) {
        return sw.pcpToPriority();
      }
    }
    return List.of();
  }

  /**
   * {@code sw} with its PFC watchdog action put the way a reader of a per-port action reports it:
   * the first watchdog port's (by name) action is the switch's, and a port names its own only where
   * it differs. SONiC's {@code PFC_WD|<port>} and OpenConfig's per-port {@code
   * pfc/watchdog/config/action} are read so, so drift compares per-port actions without listing
   * every port when a whole switch differs. Unchanged without a running watchdog.
   */
  public static CompiledSwitch watchdogActionsAsRead(CompiledSwitch sw) {
    CompiledWatchdog wd = sw.watchdog();
    if (wd == null || !wd.enabled()) {
      return sw;
    }
    TreeMap<String, String> actions = new TreeMap<>();
    for (CompiledPort p : sw.ports()) {
      if (p.watchdog()) {
        actions.put(p.name(), p.watchdogAction() != null ? p.watchdogAction() : wd.action());
      }
    }
    if (actions.isEmpty()) {
      return sw;
    }
    String first = actions.firstEntry().getValue();
    List<CompiledPort> asRead = new ArrayList<>(sw.ports().size());
    for (CompiledPort p : sw.ports()) {
      String own = actions.get(p.name());
      asRead.add(
          p.toBuilder().watchdogAction(own == null || own.equals(first) ? null : own).build());
    }
    return sw.toBuilder()
        .watchdog(
            new CompiledWatchdog(true, first, wd.detectionMs(), wd.restorationMs(), wd.pollMs()))
        .ports(asRead)
        .build();
  }

  /**
   * {@code sw} with no port action of its own: for platforms whose watchdog action is switch-wide
   * (or not modelled), whose config cannot carry a port's exception (a render gap, {@link
   * RenderGap#portWatchdogActions}).
   */
  public static CompiledSwitch withoutPortWatchdogActions(CompiledSwitch sw) {
    if (sw.ports().stream().allMatch(p -> p.watchdogAction() == null)) {
      return sw;
    }
    List<CompiledPort> ports = new ArrayList<>(sw.ports().size());
    sw.ports().forEach(p -> ports.add(p.toBuilder().watchdogAction(null).build()));
    return sw.toBuilder().ports(ports).build();
  }

  /**
   * {@code sw} with every ECN profile dropping non-ECT packets: what a platform does whose model
   * marks ECN-capable packets and has no setting that keeps the others (RFC 3168's default), so its
   * reader reports it (a profile that keeps them is a render gap, {@link RenderGap#nonEctKept}).
   */
  public static CompiledSwitch droppingNonEct(CompiledSwitch sw) {
    if (sw.ecnProfiles().stream().allMatch(EcnProfile::dropNonEct)) {
      return sw;
    }
    return sw.toBuilder()
        .ecnProfiles(sw.ecnProfiles().stream().map(e -> e.withDropNonEct(true)).toList())
        .build();
  }

  /**
   * {@code sw} as a reader reads it that derives the switch-wide lossless set from the ports' PFC
   * (EOS, NVUE, OpenConfig): when the switch declares ports and none of them runs PFC (all without
   * a link, or lossy by an exception), no lossless priority, every priority in PG 0 and no lossless
   * queue, on the switch and on its ports. Drift compares such a switch by what its ports run.
   */
  public static CompiledSwitch losslessFromPorts(CompiledSwitch sw) {
    if (sw.ports().isEmpty()
        || sw.losslessPriorities().isEmpty()
        || sw.ports().stream().anyMatch(p -> !p.pfcPriorities().isEmpty())) {
      return sw;
    }
    List<CompiledPort> ports = new ArrayList<>(sw.ports().size());
    for (CompiledPort p : sw.ports()) {
      ports.add(p.toBuilder().queues(onPort(p.queues(), List.of(), sw.priorityToQueue())).build());
    }
    return sw.toBuilder()
        .losslessPriorities(List.of())
        .priorityToPriorityGroup(priorityGroups(List.of()))
        .queues(onPort(sw.queues(), List.of(), sw.priorityToQueue()))
        .ports(ports)
        .build();
  }

  /**
   * Priority → priority group as readers report it: a lossless priority p in PG p, every other in
   * PG 0.
   */
  public static List<Integer> priorityGroups(Collection<Integer> lossless) {
    List<Integer> toPg = new ArrayList<>(8);
    for (int p = 0; p < 8; p++) {
      toPg.add(lossless.contains(p) ? p : 0);
    }
    return toPg;
  }

  /**
   * Adds a port's queues to the switch's: the switch's queue list is the union of its ports', and a
   * queue that marks ECN on some port wins over the same queue without.
   */
  public static void addSwitchQueues(
      Map<Integer, CompiledQueue> switchQueues, List<CompiledQueue> portQueues) {
    for (CompiledQueue q : portQueues) {
      if (q.ecnProfile() != null || !switchQueues.containsKey(q.queue())) {
        switchQueues.put(q.queue(), q);
      }
    }
  }

  /**
   * A port's queues as its own PFC set makes them: a queue is lossless where one of the port's PFC
   * priorities feeds it (through {@code toQueue}), as the compiler marks them, so a lossy port (an
   * exception's, or one without a link) reads back lossy while the switch's queues stay lossless.
   */
  public static List<CompiledQueue> onPort(
      List<CompiledQueue> queues, Collection<Integer> pfc, List<Integer> toQueue) {
    TreeSet<Integer> fed = new TreeSet<>();
    pfc.forEach(p -> fed.add(toQueue.get(p)));
    List<CompiledQueue> out = new ArrayList<>(queues.size());
    for (CompiledQueue q : queues) {
      boolean lossless = fed.contains(q.queue());
      out.add(
          q.lossless() == lossless
              ? q
              : new CompiledQueue(
                  q.queue(),
                  q.trafficClass(),
                  q.scheduler(),
                  q.weight(),
                  q.ecnProfile(),
                  lossless));
    }
    return out;
  }

  /**
   * {@code sw} with every DWRR queue that has no weight (the intent's "platform default share")
   * given {@code weight}, the platform model's default that a reader reports for a scheduler
   * written without one (SONiC's and SR Linux's 1), on the switch and on every port.
   */
  public static CompiledSwitch defaultWeights(CompiledSwitch sw, int weight) {
    List<CompiledPort> ports = new ArrayList<>(sw.ports().size());
    for (CompiledPort p : sw.ports()) {
      ports.add(p.toBuilder().queues(defaultWeights(p.queues(), weight)).build());
    }
    return sw.toBuilder().queues(defaultWeights(sw.queues(), weight)).ports(ports).build();
  }

  private static List<CompiledQueue> defaultWeights(List<CompiledQueue> queues, int weight) {
    List<CompiledQueue> out = new ArrayList<>(queues.size());
    for (CompiledQueue q : queues) {
      out.add(
          CompiledQueue.DWRR.equals(q.scheduler()) && q.weight() == null
              ? new CompiledQueue(
                  q.queue(), q.trafficClass(), q.scheduler(), weight, q.ecnProfile(), q.lossless())
              : q);
    }
    return out;
  }

  /**
   * The queues a port's watchdog watches: those its PFC priorities pause, ascending; none without a
   * watchdog.
   */
  public static List<Integer> watchedQueues(
      boolean watchdog, Collection<Integer> pfc, List<Integer> pfcToQueue) {
    return watchdog
        ? List.copyOf(new TreeSet<>(pfc.stream().map(pfcToQueue::get).toList()))
        : List.of();
  }

  /**
   * {@code sw} with no watchdog unless one runs on a port: for platforms that keep the watchdog per
   * port (Junos congestion-notification profiles, SR Linux PFC mapping profiles), a watchdog no
   * port runs reads back as none.
   */
  public static CompiledSwitch withoutIdleWatchdog(CompiledSwitch sw) {
    boolean runs =
        sw.watchdog() != null
            && sw.watchdog().enabled()
            && sw.ports().stream().anyMatch(CompiledPort::watchdog);
    return runs ? sw : sw.toBuilder().watchdog(null).build();
  }

  /**
   * The ECMP hash fields in the order of the intent schema's enumeration: the order readers return
   * them in, so a platform that stores the fields as a set compares equal to the intent however it
   * listed them.
   */
  public static final List<String> HASH_FIELD_ORDER =
      List.of(
          "src-ip",
          "dst-ip",
          "ip-protocol",
          "l4-src-port",
          "l4-dst-port",
          "src-mac",
          "dst-mac",
          "ethertype",
          "vlan-id",
          "in-port",
          "ipv6-flow-label",
          "roce-dest-qp");

  /** {@code fields} that are in {@code carried}, in {@link #HASH_FIELD_ORDER}. */
  public static List<String> hashFields(Collection<String> fields, Collection<String> carried) {
    return HASH_FIELD_ORDER.stream().filter(fields::contains).filter(carried::contains).toList();
  }

  private static List<CompiledQueue> queues(List<CompiledQueue> queues) {
    return queues.stream().sorted(Comparator.comparingInt(CompiledQueue::queue)).toList();
  }

  private static List<PriorityGroupHeadroom> headroom(List<PriorityGroupHeadroom> headroom) {
    return headroom.stream()
        .sorted(Comparator.comparingInt(PriorityGroupHeadroom::pg))
        .map(
            h ->
                new PriorityGroupHeadroom(
                    h.pg(),
                    h.priorities(),
                    h.xoff(),
                    h.xon(),
                    h.size(),
                    null,
                    PriorityGroupHeadroom.DEVICE))
        .toList();
  }

  /**
   * The congestion-control mode a device's config implies: PFC with ECN marking is {@code dcqcn},
   * PFC alone {@code pfc-only}, ECN alone {@code ecn-only}, neither null.
   */
  public static String congestionControl(Collection<Integer> lossless, List<CompiledQueue> queues) {
    boolean ecn = queues.stream().anyMatch(q -> q.ecnProfile() != null);
    if (!lossless.isEmpty()) {
      return ecn ? "dcqcn" : "pfc-only";
    }
    return ecn ? "ecn-only" : null;
  }
}
