package dev.weft.platform.nxos;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.platform.Feature;
import dev.weft.platform.LivePaths;
import dev.weft.platform.NetconfSwitchPack;
import dev.weft.platform.PerQueueEcn;
import dev.weft.platform.PortMtuRange;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import dev.weft.platform.RenderGap;
import dev.weft.platform.SavedConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Cisco NX-OS (Nexus 9000) in Cisco's own device model, {@code Cisco-NX-OS-device} (YangModels/yang
 * vendor/cisco/nx, release 9.3(2); vendored in {@code yang/vendor/cisco}). NX-OS's OpenConfig
 * deviations mark the OpenConfig QoS containers {@code not-supported}, so the whole plan is in the
 * device model's MQC objects and per-port leaves ({@link NxosModel}, {@code
 * templates/nxos/config.xml.j2}).
 *
 * <p>What the model holds differently from the intent ({@link #normalise}): a qos-group is an
 * egress queue, so priorities are their queues unless exactly one lossless priority is paused
 * there; PFC no-drop priorities are system-wide and a port has PFC on or off; ECN and scheduling
 * are per system queuing class for the whole switch; the watchdog's detection is a shutdown
 * multiplier of the device's 100 ms interval, its action drop or syslog only, its interval and
 * auto-restore time are not in the 9.3(2) model. Cable length and per-port headroom have no place
 * in it (NX-OS derives its pause buffers itself), nor has 802.3x link pause a typed leaf.
 */
public final class NxosPack extends NetconfSwitchPack {

  public static final String PLATFORM = "nxos";

  private static final LivePaths PATHS = new NxosPaths();

  /**
   * Only the trees drift compares: the ports' leaves, QoS policies, ip load-sharing and LLDP (its
   * DCBX TLVs).
   */
  /**
   * NX-OS port-channels as the CLI names them ({@code interface port-channel1}), 1..4096; the
   * device model's id is {@code po<n>}.
   */
  private static final java.util.regex.Pattern LAG_NAMES =
      java.util.regex.Pattern.compile(
          "port-channel([1-9][0-9]{0,2}|[1-3][0-9]{3}|40[0-8][0-9]|409[0-6])");

  static final String FILTER =
      "<System xmlns=\""
          + NxosModel.NS
          + "\">"
          + "<intf-items><phys-items/><aggr-items/></intf-items><ipqos-items/>"
          + "<ipv4-items><inst-items><iploadsharing-items/></inst-items></ipv4-items>"
          + "<lldp-items/></System>";

  private static final String NO_BUFFERS =
      "the NX-OS device model has no cable length and no per-port headroom; "
          + "NX-OS sizes the pause buffers of its no-drop classes itself";

  @Override
  public String id() {
    return PLATFORM;
  }

  /**
   * DCBX: {@code lldp-items} {@code optTlvSel} (with or without {@code dcbxp}) and each port's
   * {@code portDCBXPVer}.
   */
  @Override
  public boolean carriesDcbx() {
    return true;
  }

  @Override
  public String title() {
    return "Cisco NX-OS, the Cisco-NX-OS-device model over NETCONF";
  }

  /** The MTUs NX-OS's physical interface accepts, as its vendored model states them. */
  @Override
  public Optional<PortMtuRange> portMtuRange() {
    return Optional.of(
        new PortMtuRange(576, 9216, "yang/vendor/cisco/Cisco-NX-OS-device.yang: l1_Mtu"));
  }

  @Override
  public Map<Feature, String> renderGaps() {
    return Map.of(Feature.BUFFERS, NO_BUFFERS);
  }

  /**
   * Besides buffers: what the 9.3(2) model cannot hold of this switch's values ({@link
   * NxosRenderGaps}).
   */
  @Override
  public List<RenderGap> renderGaps(CompiledSwitch sw) {
    return NxosRenderGaps.of(sw, renderGaps());
  }

  @Override
  public OptionalInt recognises(SavedConfig config) {
    return config.xmlNaming("http://cisco.com/ns/yang/cisco-nx-os-device", 3);
  }

  @Override
  public String yangModels() {
    return "yang/vendor/cisco";
  }

  /**
   * LAG membership: the port-channel {@code intf-items/aggr-items/AggrIf-list[po<n>]} (LACP active)
   * with a {@code rsmbrIfs-items/RsMbrIfs-list} entry per member, read back by the reader.
   */
  @Override
  public java.util.regex.Pattern lagNames() {
    return LAG_NAMES;
  }

  @Override
  protected String subtreeFilter() {
    return FILTER;
  }

  @Override
  public CompiledSwitch read(String reply, String device, String what) throws ReadException {
    return NxosReader.read(reply, device, what);
  }

  @Override
  public LivePaths paths() {
    return PATHS;
  }

  @Override
  public Map<Feature, String> notAudited() {
    return Map.of(Feature.BUFFERS, NO_BUFFERS);
  }

  /**
   * The intent as the NX-OS model holds it, provenance kept: priorities as the reader derives them
   * from qos-groups, PFC per port on or off with the switch's no-drop set, ECN and scheduling per
   * queue for the whole switch (one profile per marking queue, named after its queuing class), the
   * watchdog in whole multiples of 100 ms (1..11) with the device's interval and restore time and
   * action drop or alert, the hash fields of the load-sharing mode, speeds the model enumerates, no
   * link pause, no buffers.
   */
  public CompiledSwitch normalise(CompiledSwitch sw) {
    List<Integer> toQueue = sw.priorityToQueue();
    TreeSet<Integer> lossless = new TreeSet<>(sw.losslessPriorities());
    Map<Integer, TreeSet<Integer>> pausedIn = new TreeMap<>();
    lossless.forEach(
        p -> pausedIn.computeIfAbsent(queueOf(toQueue, p), k -> new TreeSet<>()).add(p));
    List<Integer> readToQueue = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
    pausedIn.forEach((queue, priorities) -> priorities.forEach(p -> readToQueue.set(p, queue)));
    Map<Integer, Integer> dscp = new TreeMap<>();
    sw.dscpToPriority()
        .forEach(
            (d, p) -> {
              int queue = queueOf(toQueue, p);
              TreeSet<Integer> paused = pausedIn.get(queue);
              dscp.put(d, paused != null && paused.size() == 1 ? paused.first() : queue);
            });
    CompiledWatchdog wd = watchdog(sw);
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : sw.ports()) {
      List<Integer> pfc = p.pfcPriorities().isEmpty() ? List.of() : List.copyOf(lossless);
      boolean portWatchdog = p.watchdog() && !pfc.isEmpty() && wd != null && wd.enabled();
      List<Integer> wdQueues =
          portWatchdog
              ? List.copyOf(new TreeSet<>(pfc.stream().map(readToQueue::get).toList()))
              : List.of();
      ports.add(
          p.toBuilder()
              .name(NxosModel.portName(p.name()))
              .speedGbps(
                  p.speedGbps() != null && NxosModel.SPEEDS.contains(p.speedGbps())
                      ? p.speedGbps()
                      : null)
              .pfcPriorities(pfc)
              .priorityToQueue(readToQueue)
              .pfcPriorityToQueue(readToQueue)
              .watchdog(portWatchdog)
              .watchdogQueues(wdQueues)
              .linkPause(false)
              .headroom(List.of())
              .cableLengthMetres(null)
              .build());
    }
    boolean anyPfc = ports.stream().anyMatch(p -> !p.pfcPriorities().isEmpty());
    String mode = NxosModel.hashMode(sw.ecmpHashFields());
    CompiledSwitch out =
        sw.toBuilder()
            .dscpToPriority(dscp)
            .priorityToQueue(readToQueue)
            .linkPause(false)
            .watchdog(anyPfc ? wd : null)
            .ports(ports)
            .ecmpHashFields(mode == null ? List.of() : NxosModel.HASH_MODES.get(mode))
            .build();
    // one watchdog action per switch here (disableAction follows it); WRED drops non-ECT
    return ReadBack.withoutPortWatchdogActions(
        ReadBack.droppingNonEct(PerQueueEcn.apply(out, NxosModel::queuingClass)));
  }

  /**
   * As the default, without traffic-class names on queues (the device model keeps only queue
   * classes), and without a DSCP map when no port trusts DSCP: the reader takes the map from the
   * qos policy the ports bind as input, and a switch that trusts PCP (a render-gap here) binds
   * none.
   */
  @Override
  public CompiledSwitch expected(CompiledSwitch intended) {
    CompiledSwitch sw =
        ReadBack.withLags(ReadBack.expected(normalise(intended), PLATFORM, true), intended);
    List<CompiledQueue> queues = unnamed(sw.queues());
    List<CompiledPort> ports = new ArrayList<>();
    sw.ports().forEach(p -> ports.add(p.toBuilder().queues(queues).build()));
    boolean bound = sw.ports().stream().anyMatch(CompiledPort::trustDscp);
    return sw.toBuilder()
        .queues(queues)
        .ports(ports)
        .dscpToPriority(bound ? sw.dscpToPriority() : java.util.Map.of())
        .dcbx(intended.dcbx())
        .build();
  }

  /** The intent's watchdog as the model holds it, or null without one. */
  static CompiledWatchdog watchdog(CompiledSwitch sw) {
    CompiledWatchdog wd = sw.watchdog();
    if (wd == null) {
      return null;
    }
    if (!wd.enabled()) {
      return ReadBack.disabledWatchdog(NxosModel.INTERVAL_MS);
    }
    long multiplier =
        Math.max(
            NxosModel.MULTIPLIER_MIN,
            Math.min(
                NxosModel.MULTIPLIER_MAX,
                (wd.detectionMs() + NxosModel.INTERVAL_MS / 2) / NxosModel.INTERVAL_MS));
    return new CompiledWatchdog(
        true,
        wd.action().equals("alert") ? "alert" : "drop",
        multiplier * NxosModel.INTERVAL_MS,
        NxosModel.RESTORE_MS,
        NxosModel.INTERVAL_MS);
  }

  private static int queueOf(List<Integer> toQueue, int priority) {
    return priority < toQueue.size() ? toQueue.get(priority) : priority;
  }

  /**
   * The queues without their class names. A DWRR queue without a weight or ECN is rendered as a
   * class with nothing in it, which the reader reports as the device's default, i.e. not at all.
   */
  private static List<CompiledQueue> unnamed(List<CompiledQueue> queues) {
    return queues.stream()
        .filter(
            q ->
                !(CompiledQueue.DWRR.equals(q.scheduler())
                    && q.weight() == null
                    && q.ecnProfile() == null))
        .map(
            q ->
                new CompiledQueue(
                    q.queue(), null, q.scheduler(), q.weight(), q.ecnProfile(), q.lossless()))
        .toList();
  }
}
