package dev.weft.platform.nxos;

import dev.weft.platform.LivePaths;

/**
 * Where NX-OS keeps each value drift compares, as paths in Cisco's {@code Cisco-NX-OS-device} model
 * with the names Weft renders (class maps {@code weft-tc<priority>}, policies {@code weft-qos},
 * {@code weft-nq}, {@code weft-out}, the system classes {@code c-8q-nq<queue>} and {@code
 * c-out-8q-q<queue>}), ports by their NX-OS id ({@code eth1/1}). What the 9.3(2) model has no leaf
 * for (cable length, headroom, the watchdog's poll and restore time) is named by the nearest node
 * that holds the port's or the watchdog's settings.
 */
final class NxosPaths implements LivePaths {

  private static final String QOS = "/System/ipqos-items";
  private static final String QUEUING =
      QOS
          + "/queuing-items/p-items/name-items/PMapInst-list["
          + NxosModel.QUEUING_POLICY
          + "]/cmap-items/MatchCMap-list";
  private static final String WATCHDOG =
      "/System/intf-items/phys-items/PhysIf-list/priorflowctrlwd-items";

  /** DCBX: the version each port speaks (a switch with dcbx: off drops dcbxp from optTlvSel). */
  @Override
  public String dcbx() {
    return "/System/lldp-items/inst-items/if-items/If-list/portDCBXPVer";
  }

  @Override
  public String dscp(int dscp) {
    return QOS + "/dflt-items/c-items/name-items/CMapInst-list/dscp-items/Dscp-list[" + dscp + "]";
  }

  @Override
  public String priorityQueue(int priority) {
    return QOS
        + "/dflt-items/p-items/name-items/PMapInst-list["
        + NxosModel.QOS_POLICY
        + "]/cmap-items/MatchCMap-list["
        + NxosModel.CLASS_PREFIX
        + priority
        + "]/setGrp-items/id";
  }

  @Override
  public String lag(String port) {
    return "/System/intf-items/aggr-items/AggrIf-list/rsmbrIfs-items/RsMbrIfs-list/tDn";
  }

  @Override
  public String port(String port) {
    return "/System/intf-items/phys-items/PhysIf-list[" + id(port) + "]";
  }

  @Override
  public String portSpeed(String port) {
    return port(port) + "/speed";
  }

  @Override
  public String mtu(String port) {
    return port(port) + "/mtu";
  }

  @Override
  public String trustDscp(String port) {
    return QOS
        + "/dflt-items/policy-items/in-items/intf-items/If-list["
        + id(port)
        + "]/pmap-items/name";
  }

  @Override
  public String pfc(String port) {
    return port(port) + "/priorflowctrl-items/mode";
  }

  @Override
  public String linkPause(String port) {
    return port(port);
  }

  @Override
  public String ecnBinding(String port, int queue) {
    return QUEUING + "[" + NxosModel.queuingClass(queue) + "]/RandDet-items";
  }

  @Override
  public String cableLength(String port) {
    return port(port);
  }

  @Override
  public String headroom(String port, int pg, String field) {
    return port(port);
  }

  @Override
  public String portWatchdog(String port) {
    return port(port) + "/priorflowctrlwd-items/watchDogInterval";
  }

  /** No action of a port's own (Weft writes the switch's one action on every port). */
  @Override
  public String portWatchdogAction(String port) {
    return watchdog("action");
  }

  @Override
  public String lossless() {
    return QOS
        + "/nw-items/p-items/name-items/PMapInst-list["
        + NxosModel.NETWORK_QOS_POLICY
        + "]/cmap-items/MatchCMap-list/pause-items";
  }

  @Override
  public String scheduler(int queue) {
    return QUEUING + "[" + NxosModel.queuingClass(queue) + "]";
  }

  /** {@code name} is the queuing class the marking belongs to, e.g. {@code c-out-8q-q3}. */
  @Override
  public String ecnProfile(String name, String field) {
    String entry = QUEUING + "[" + name + "]/RandDet-items";
    // drop (of non-ECT packets): no leaf of its own in what Weft renders; the profile names it
    if (field == null || field.equals("drop")) {
      return entry;
    }
    return entry
        + "/"
        + switch (field) {
          case "min" -> "minThreshold";
          case "max" -> "maxThreshold";
          default -> "dropAvail";
        };
  }

  @Override
  public String watchdog(String field) {
    return switch (field) {
      case "enabled" -> WATCHDOG + "/watchDogInterval";
      case "action" -> WATCHDOG + "/disableAction";
      case "detection" -> WATCHDOG + "/interfaceMutiplier";
      default -> WATCHDOG; // poll and restoration: the device's own, not in the model
    };
  }

  @Override
  public String hash() {
    return "/System/ipv4-items/inst-items/iploadsharing-items/loadShareMode";
  }

  /** The NX-OS interface id of an intent port name: {@code Ethernet1/1} is {@code eth1/1}. */
  private static String id(String port) {
    return port.startsWith("Ethernet") ? "eth" + port.substring("Ethernet".length()) : port;
  }
}
