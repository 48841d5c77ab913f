package dev.weft.platform.nxos;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The names and codes of Cisco's NX-OS device model (Cisco-NX-OS-device, the DME's YANG) that the
 * template writes and the reader expects, in one place.
 */
final class NxosModel {
  private NxosModel() {}

  static final String NS = "http://cisco.com/ns/yang/cisco-nx-os-device";

  /** Names Weft gives: the type qos class of priority p is {@code weft-tc<p>}. */
  static final String CLASS_PREFIX = "weft-tc";

  static final String QOS_POLICY = "weft-qos";
  static final String NETWORK_QOS_POLICY = "weft-nq";
  static final String QUEUING_POLICY = "weft-out";

  /**
   * {@code priorflowctrl-items/mode}: a uint8 in 9.3(x) (0 auto, 1 on, 2 off, as the enumeration of
   * later releases numbers them), an enumeration by name from 10.x on; both are read.
   */
  static final Map<String, String> PFC_MODE =
      Map.of("0", "auto", "1", "on", "2", "off", "auto", "auto", "on", "on", "off", "off");

  /**
   * {@code priorflowctrlwd-items/watchDogInterval}: 1 on, 2 off (likewise a uint8, later an
   * enumeration).
   */
  static final Map<String, String> WATCHDOG =
      Map.of("1", "on", "2", "off", "on", "on", "off", "off");

  /**
   * The shutdown multiplier's range and the device's watchdog interval, which this model cannot
   * set.
   */
  static final int MULTIPLIER_MIN = 1;

  static final int MULTIPLIER_MAX = 11;
  static final long INTERVAL_MS = 100;

  /**
   * The device's auto-restore time (auto-restore-multiplier 10 x the interval), also not in the
   * model.
   */
  static final long RESTORE_MS = 1000;

  /** {@code disableAction} defaults to true: the watchdog only logs (Weft's {@code alert}). */
  static final boolean DISABLE_ACTION_DEFAULT = true;

  /** The speeds {@code l1_Speed} enumerates, in Gb/s. */
  static final Set<Integer> SPEEDS = Set.of(1, 10, 25, 40, 50, 100, 200, 400);

  /** ip load-sharing modes and the hash fields each selects, in the schema's field order. */
  static final Map<String, List<String>> HASH_MODES =
      Map.of(
          "srcDestPort", List.of("src-ip", "dst-ip", "ip-protocol", "l4-src-port", "l4-dst-port"),
          "srcDest", List.of("src-ip", "dst-ip"),
          "destPort", List.of("dst-ip", "l4-dst-port"),
          "source", List.of("src-ip"));

  /**
   * The mode the template picks: the one whose fields are exactly the plan's (in any order), with
   * the five-tuple also chosen for the four fields without ip-protocol; null (no hash written) for
   * any other set.
   */
  static String hashMode(List<String> fields) {
    List<String> sorted = fields.stream().sorted().toList();
    for (Map.Entry<String, List<String>> m : HASH_MODES.entrySet()) {
      if (m.getValue().stream().sorted().toList().equals(sorted)) {
        return m.getKey();
      }
    }
    return sorted.equals(List.of("dst-ip", "l4-dst-port", "l4-src-port", "src-ip"))
        ? "srcDestPort"
        : null;
  }

  /**
   * The system network-qos class of a queue: {@code c-8q-nq3}, {@code c-8q-nq-default} for queue 0.
   */
  static String networkQosClass(int queue) {
    return "c-8q-nq" + (queue == 0 ? "-default" : String.valueOf(queue));
  }

  /**
   * The system queuing class of an egress queue: {@code c-out-8q-q3}, {@code c-out-8q-q-default}.
   */
  static String queuingClass(int queue) {
    return "c-out-8q-q" + (queue == 0 ? "-default" : String.valueOf(queue));
  }

  /** The queue of a system class name with this prefix, or -1 when it is not one. */
  static int queueOf(String className, String prefix) {
    if (className == null || !className.startsWith(prefix)) {
      return -1;
    }
    String rest = className.substring(prefix.length());
    if (rest.equals("-default")) {
      return 0;
    }
    return rest.matches("[1-7]") ? Integer.parseInt(rest) : -1;
  }

  /** The device model's interface id of an intent port: {@code Ethernet1/1} is {@code eth1/1}. */
  static String interfaceId(String port) {
    return port.startsWith("Ethernet") ? "eth" + port.substring("Ethernet".length()) : port;
  }

  /**
   * The device model's id of a port-channel the intent names {@code port-channel1}: {@code po1}.
   */
  static String aggregateId(String lag) {
    return lag.startsWith("port-channel") ? "po" + lag.substring("port-channel".length()) : lag;
  }

  /** The intent's name of a device model port-channel id ({@code po1} is {@code port-channel1}). */
  static String lagName(String id) {
    return id.matches("po[0-9]+") ? "port-channel" + id.substring(2) : id;
  }

  /**
   * The intent's port name of a device model interface id ({@code eth1/1} is {@code Ethernet1/1}).
   */
  static String portName(String id) {
    return id.matches("eth[0-9].*") ? "Ethernet" + id.substring(3) : id;
  }
}
