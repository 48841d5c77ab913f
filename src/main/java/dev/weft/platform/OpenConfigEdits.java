package dev.weft.platform;

import static dev.weft.platform.SubtreeRemediation.Selector.merge;

/**
 * The part of a {@link SubtreeRemediation} table that every pack on OpenConfig interfaces and
 * OpenConfig qos shares, written once: the namespaces' prefixes, a port's entry in either tree (its
 * key and OpenConfig's {@code config/<key>} copy, so merging an entry the device lacks creates a
 * valid one), its MTU and its 802.3x pause. The generic OpenConfig pack and Arista EOS both use it;
 * each adds where its own model keeps PFC, ECN, scheduling and the watchdog (weft-qos-ext, or
 * arista-qos-augments).
 */
public final class OpenConfigEdits {

  public static final String IF = "http://openconfig.net/yang/interfaces";
  public static final String ETH = "http://openconfig.net/yang/interfaces/ethernet";
  public static final String QOS = "http://openconfig.net/yang/qos";

  /** A port's entry in openconfig-qos ({@code $port} bound per port). */
  public static final String QOS_PORT =
      "/oc-qos:qos/interfaces/interface[interface-id=$port][config/interface-id=$port]";

  /** A port's entry in openconfig-interfaces. */
  public static final String IF_PORT = "/oc-if:interfaces/interface[name=$port][config/name=$port]";

  /** 802.3x pause, part of a port's PFC in Weft's features (the two are exclusive on a port). */
  public static final SubtreeRemediation.Selector FLOW_CONTROL =
      merge(IF_PORT + "/oc-eth:ethernet/config/enable-flow-control");

  private OpenConfigEdits() {}

  /**
   * A table with the OpenConfig prefixes ({@code oc-if}, {@code oc-eth}, {@code oc-qos}) and a
   * port's MTU, the one feature both packs keep at the same path with nothing beside it.
   */
  public static SubtreeRemediation.Builder builder(String platform) {
    return SubtreeRemediation.builder(platform)
        .prefix("oc-if", IF)
        .prefix("oc-eth", ETH)
        .prefix("oc-qos", QOS)
        .perPort(Feature.MTU, merge(IF_PORT + "/config/mtu"));
  }
}
