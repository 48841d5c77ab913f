package dev.weft.compile;

import dev.weft.finding.Location;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * One switch port's effective config.
 *
 * @param name port name as in the intent
 * @param speedGbps link speed in Gb/s; null when no layer sets it (a model finding says so)
 * @param mtu L3 port MTU; null when no layer sets it
 * @param cableLengthMetres cable length of the attached link; null when not declared or no link
 * @param role {@code host-facing}, {@code fabric} or null
 * @param peer {@code device:port} at the other end of the link, or null
 * @param trustDscp true: classify by DSCP (L3), not PCP
 * @param pfcPriorities PFC-enabled priorities, ascending
 * @param priorityToQueue 8 entries: switch priority (TC) p → egress queue
 * @param pfcPriorityToQueue 8 entries: PFC priority p → the queue a received PAUSE for p stops
 * @param queues per-queue scheduler and ECN profile binding, ascending by queue
 * @param watchdog true when the PFC watchdog runs on this port
 * @param watchdogQueues the queues the watchdog watches, ascending (SONiC {@code pfcwd_sw_enable})
 * @param linkPause IEEE 802.3x link pause; false is what a PFC port must have
 * @param headroom one entry per lossless priority group, ascending by PG
 * @param provenance field (snake_case) → intent location that owns the value
 * @param watchdogAction this port's watchdog action when it differs from the switch's (an intent
 *     exception), or null: the port uses {@link CompiledSwitch#watchdog()}'s action
 * @param vlan the VLAN the port switches in, or null for a routed port
 * @param peerDevice the device part of {@code peer} (derived from it when not given), or null
 * @param peerPort the port part of {@code peer} (derived from it when not given), or null
 * @param dscpToPriority this port's own DSCP → priority map where it differs from the switch's
 *     (SONiC binds a DSCP_TO_TC_MAP per port: uplinks often classify differently), or null: the
 *     port classifies with {@link CompiledSwitch#dscpToPriority()}
 * @param lag the link aggregation group the port is a member of, as the platform names it, or null:
 *     the port is in none, or the intent does not say
 */
public record CompiledPort(
    String name,
    Integer speedGbps,
    Integer mtu,
    Integer cableLengthMetres,
    String role,
    String peer,
    boolean trustDscp,
    List<Integer> pfcPriorities,
    List<Integer> priorityToQueue,
    List<Integer> pfcPriorityToQueue,
    List<CompiledQueue> queues,
    boolean watchdog,
    List<Integer> watchdogQueues,
    boolean linkPause,
    List<PriorityGroupHeadroom> headroom,
    Map<String, Location> provenance,
    String watchdogAction,
    Integer vlan,
    String peerDevice,
    String peerPort,
    Map<Integer, Integer> dscpToPriority,
    String lag) {

  public CompiledPort {
    dscpToPriority = dscpToPriority == null ? null : FrozenSortedMap.of(dscpToPriority);
    pfcPriorities = List.copyOf(pfcPriorities);
    priorityToQueue = List.copyOf(priorityToQueue);
    pfcPriorityToQueue = List.copyOf(pfcPriorityToQueue);
    queues = List.copyOf(queues);
    watchdogQueues = List.copyOf(watchdogQueues);
    headroom = List.copyOf(headroom);
    provenance = FrozenSortedMap.of(provenance);
    // split once here, so rules that follow a cable (100,000+ ports) do not split the string each
    // time
    peerDevice = PeerEnd.device(peer, peerDevice);
    peerPort = PeerEnd.port(peer, peerPort);
  }

  /** The queues that PFC-enabled priorities stop, ascending and distinct. */
  public List<Integer> pfcQueues() {
    // A loop, not a stream: rules call this for each of 100,000+ ports of a large fabric.
    List<Integer> queues = new ArrayList<>(pfcPriorities.size());
    for (int p : pfcPriorities) {
      if (p >= 0 && p < pfcPriorityToQueue.size()) {
        Integer q = pfcPriorityToQueue.get(p);
        if (!queues.contains(q)) {
          queues.add(q);
        }
      }
    }
    queues.sort(null);
    return Collections.unmodifiableList(queues);
  }

  /** Where a field's value came from, or null. */
  public Location owner(String field) {
    return provenance.get(field);
  }

  /**
   * The port's name with the intent line that declared it, e.g. {@code Ethernet0
   * (switches.yaml:12:7)}, or the name alone when no line is known: how a finding lists ports.
   */
  public String nameAndLine() {
    Location at = owner("name");
    return at == null ? name : name + " (" + at + ")";
  }

  /** A builder that starts empty: lists empty, maps empty, everything else unset (null/false). */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this CompiledPort's values, to change a few of them. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.name = name;
    b.speedGbps = speedGbps;
    b.mtu = mtu;
    b.cableLengthMetres = cableLengthMetres;
    b.role = role;
    b.peer = peer;
    b.trustDscp = trustDscp;
    b.pfcPriorities = pfcPriorities;
    b.priorityToQueue = priorityToQueue;
    b.pfcPriorityToQueue = pfcPriorityToQueue;
    b.queues = queues;
    b.watchdog = watchdog;
    b.watchdogQueues = watchdogQueues;
    b.linkPause = linkPause;
    b.headroom = headroom;
    b.provenance = provenance;
    b.watchdogAction = watchdogAction;
    b.vlan = vlan;
    b.peerDevice = peerDevice;
    b.peerPort = peerPort;
    b.dscpToPriority = dscpToPriority;
    b.lag = lag;
    return b;
  }

  /**
   * Builds a CompiledPort by field name, so callers set what they know and a new field does not
   * touch every construction site. Unset lists and maps are empty.
   */
  public static final class Builder {
    private String name;
    private Integer speedGbps;
    private Integer mtu;
    private Integer cableLengthMetres;
    private String role;
    private String peer;
    private boolean trustDscp;
    private List<Integer> pfcPriorities = List.of();
    private List<Integer> priorityToQueue = List.of();
    private List<Integer> pfcPriorityToQueue = List.of();
    private List<CompiledQueue> queues = List.of();
    private boolean watchdog;
    private List<Integer> watchdogQueues = List.of();
    private boolean linkPause;
    private List<PriorityGroupHeadroom> headroom = List.of();
    private Map<String, Location> provenance = Map.of();
    private String watchdogAction;
    private Integer vlan;
    private String peerDevice;
    private String peerPort;
    private Map<Integer, Integer> dscpToPriority;
    private String lag;

    private Builder() {}

    /** The LAG the port is a member of, or null. */
    public Builder lag(String lag) {
      this.lag = lag;
      return this;
    }

    /** The port's own DSCP map, or null: the switch's. */
    public Builder dscpToPriority(Map<Integer, Integer> dscpToPriority) {
      this.dscpToPriority = dscpToPriority;
      return this;
    }

    /** The peer as its two parts (what the compiler has), so the string need not be split again. */
    public Builder peer(String device, String port) {
      this.peer = device == null ? null : device + ":" + port;
      this.peerDevice = device;
      this.peerPort = port;
      return this;
    }

    public Builder watchdogAction(String watchdogAction) {
      this.watchdogAction = watchdogAction;
      return this;
    }

    public Builder vlan(Integer vlan) {
      this.vlan = vlan;
      return this;
    }

    public Builder name(String name) {
      this.name = name;
      return this;
    }

    public Builder speedGbps(Integer speedGbps) {
      this.speedGbps = speedGbps;
      return this;
    }

    public Builder mtu(Integer mtu) {
      this.mtu = mtu;
      return this;
    }

    public Builder cableLengthMetres(Integer cableLengthMetres) {
      this.cableLengthMetres = cableLengthMetres;
      return this;
    }

    public Builder role(String role) {
      this.role = role;
      return this;
    }

    public Builder peer(String peer) {
      this.peer = peer;
      this.peerDevice = null;
      this.peerPort = null;
      return this;
    }

    public Builder trustDscp(boolean trustDscp) {
      this.trustDscp = trustDscp;
      return this;
    }

    public Builder pfcPriorities(List<Integer> pfcPriorities) {
      this.pfcPriorities = pfcPriorities;
      return this;
    }

    public Builder priorityToQueue(List<Integer> priorityToQueue) {
      this.priorityToQueue = priorityToQueue;
      return this;
    }

    public Builder pfcPriorityToQueue(List<Integer> pfcPriorityToQueue) {
      this.pfcPriorityToQueue = pfcPriorityToQueue;
      return this;
    }

    public Builder queues(List<CompiledQueue> queues) {
      this.queues = queues;
      return this;
    }

    public Builder watchdog(boolean watchdog) {
      this.watchdog = watchdog;
      return this;
    }

    public Builder watchdogQueues(List<Integer> watchdogQueues) {
      this.watchdogQueues = watchdogQueues;
      return this;
    }

    public Builder linkPause(boolean linkPause) {
      this.linkPause = linkPause;
      return this;
    }

    public Builder headroom(List<PriorityGroupHeadroom> headroom) {
      this.headroom = headroom;
      return this;
    }

    public Builder provenance(Map<String, Location> provenance) {
      this.provenance = provenance;
      return this;
    }

    public CompiledPort build() {
      return new CompiledPort(
          name,
          speedGbps,
          mtu,
          cableLengthMetres,
          role,
          peer,
          trustDscp,
          pfcPriorities,
          priorityToQueue,
          pfcPriorityToQueue,
          queues,
          watchdog,
          watchdogQueues,
          linkPause,
          headroom,
          provenance,
          watchdogAction,
          vlan,
          peerDevice,
          peerPort,
          dscpToPriority,
          lag);
    }
  }
}
