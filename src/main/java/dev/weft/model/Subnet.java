package dev.weft.model;

import dev.weft.units.Speed;
import java.util.List;

/**
 * InfiniBand subnet intent (spec §5): what OpenSM is told to do.
 *
 * @param prefix GID subnet prefix as written (e.g. {@code 0xfe80000000000000}), or null for the
 *     default
 * @param subnetManagers the SM ports, in file order
 * @param routingEngines OpenSM engine names tried in order; empty = OpenSM's default (minhop)
 * @param rootSwitches switch names written to the root GUID file
 * @param lmc LID mask control, 0..7 (LIDs per port = 2^lmc)
 * @param mtu subnet MTU in bytes (256..4096), or null when not written
 * @param rate subnet rate, or null when not written
 * @param qos QoS plan, or null when not written (QoS off)
 * @param partitions partitions in file order
 * @param adaptiveRouting adaptive routing toggle, or null when not written (off)
 * @param sharp SHARP toggle, or null when not written (off)
 * @param health port-counter thresholds for {@code weft audit} ({@code subnet.health}), or null
 *     when not written (the defaults apply: {@link #healthLimits()})
 */
public record Subnet(
    String prefix,
    List<SubnetManager> subnetManagers,
    List<String> routingEngines,
    List<String> rootSwitches,
    int lmc,
    Integer mtu,
    Speed rate,
    IbQos qos,
    List<Partition> partitions,
    IbFeature adaptiveRouting,
    IbFeature sharp,
    IbHealth health,
    Provenance at) {

  /** The value OpenSM uses when {@code subnet_prefix} is not set. */
  public static final String DEFAULT_PREFIX = "0xfe80000000000000";

  public Subnet {
    subnetManagers = subnetManagers == null ? List.of() : List.copyOf(subnetManagers);
    routingEngines = routingEngines == null ? List.of() : List.copyOf(routingEngines);
    rootSwitches = rootSwitches == null ? List.of() : List.copyOf(rootSwitches);
    partitions = partitions == null ? List.of() : List.copyOf(partitions);
  }

  /**
   * An empty subnet (every value at OpenSM's default), for tests and for a subnet section that
   * failed to map.
   */
  public static Subnet empty(Provenance at) {
    return new Subnet(
        null, List.of(), List.of(), List.of(), 0, null, null, null, List.of(), null, null, null,
        at);
  }

  /** The port-counter thresholds as written, else the defaults (owned by the subnet block). */
  public IbHealth healthLimits() {
    return health != null ? health : IbHealth.defaults(at);
  }

  public boolean qosEnabled() {
    return qos != null && qos.enabled();
  }

  public boolean sharpEnabled() {
    return sharp != null && sharp.enabled();
  }

  public boolean adaptiveRoutingEnabled() {
    return adaptiveRouting != null && adaptiveRouting.enabled();
  }

  /**
   * The engine OpenSM ends up with when every listed one fails: the last one, or minhop when none
   * is listed.
   */
  public String lastEngine() {
    return routingEngines.isEmpty() ? "minhop" : routingEngines.get(routingEngines.size() - 1);
  }
}
