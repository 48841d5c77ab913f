package dev.weft.platform;

/**
 * Where a platform keeps each value drift compares, in the platform's own model: the {@code path}
 * of a drift finding, so an operator (and a remediation that edits just that node) finds the live
 * value on the device. One method per thing drift compares; {@code port}, {@code queue}, {@code pg}
 * and {@code name} select the list entry. The defaults are the OpenConfig-shaped paths of the
 * generic OpenConfig device ({@link #NEUTRAL}); a pack whose model differs overrides them all.
 */
public interface LivePaths {

  /**
   * The OpenConfig-shaped paths of the generic OpenConfig device (openconfig-qos + weft-qos-ext).
   */
  LivePaths NEUTRAL = new LivePaths() {};

  /** What a DSCP code point is classified to. */
  default String dscp(int dscp) {
    return "/qos/classifiers/classifier/terms/term/conditions/ipv4/config/dscp-set";
  }

  /**
   * What an 802.1p PCP value is classified to, on a switch that trusts PCP. In words by default:
   * openconfig-qos has no 802.1p classifier condition (the OpenConfig device's PCP trust is a
   * render-gap); a pack that renders a PCP map names its own node.
   */
  default String pcp(int pcp) {
    return "802.1p classifier: PCP " + pcp + " to switch priority";
  }

  /**
   * What a switch's ports advertise in LLDP DCBX TLVs (PFC, ETS configuration, ETS recommendation).
   * Named in words (NVUE's keys, the one platform whose rendered config sets them): a pack that
   * renders DCBX in a YANG model overrides it with that model's path.
   */
  default String dcbx() {
    return "LLDP DCBX TLVs: dcbx-pfc-tlv, dcbx-ets-config-tlv, dcbx-ets-recomm-tlv";
  }

  /** The egress queue of switch priority {@code priority}. */
  default String priorityQueue(int priority) {
    return "/qos/forwarding-groups/forwarding-group[tc" + priority + "]/config/output-queue";
  }

  /** The port itself (present or absent). */
  default String port(String port) {
    return "/interfaces/interface[" + port + "]";
  }

  default String portSpeed(String port) {
    return port(port) + "/ethernet/config/port-speed";
  }

  default String mtu(String port) {
    return port(port) + "/config/mtu";
  }

  /** Whether the port classifies by DSCP. */
  /**
   * The LAG a port joins. Default: words, not a model path, since only the platforms whose file
   * holds membership compare it (SONiC's PORTCHANNEL_MEMBER key holds it with the port).
   */
  default String lag(String port) {
    return "LAG membership of " + port;
  }

  default String trustDscp(String port) {
    return qosPort(port) + "/config/trust-dscp";
  }

  /** The port's PFC priorities. */
  default String pfc(String port) {
    return qosPort(port) + "/pfc/config/enabled-priorities";
  }

  /** 802.3x link pause on the port. */
  default String linkPause(String port) {
    return port(port) + "/ethernet/config/enable-flow-control";
  }

  /** The WRED-ECN profile queue {@code queue} of the port marks with. */
  default String ecnBinding(String port, int queue) {
    return qosPort(port) + "/output/queues/queue[" + queue + "]/config/queue-management-profile";
  }

  default String cableLength(String port) {
    return qosPort(port) + "/config/cable-length";
  }

  /**
   * The headroom of priority group {@code pg} on the port.
   *
   * @param field {@code xoff}, {@code xon}, {@code size}, or null for the whole entry
   */
  default String headroom(String port, int pg, String field) {
    String entry = qosPort(port) + "/priority-groups/priority-group[" + pg + "]/config";
    return field == null ? entry : entry + "/" + field;
  }

  /** Whether the PFC watchdog runs on the port. */
  default String portWatchdog(String port) {
    return qosPort(port) + "/pfc/watchdog/config/enabled";
  }

  /** The PFC watchdog action of the port (where the platform holds one per port). */
  default String portWatchdogAction(String port) {
    return qosPort(port) + "/pfc/watchdog/config/action";
  }

  /** The switch's lossless priority set, when no port explains a difference. */
  default String lossless() {
    return "/qos/interfaces/interface/pfc/config/enabled-priorities";
  }

  /** How queue {@code queue} is scheduled (strict, or DWRR with its weight). */
  default String scheduler(int queue) {
    return "/qos/scheduler-policies/scheduler-policy/schedulers/scheduler/inputs/input[queue"
        + queue
        + "]";
  }

  /**
   * A WRED-ECN profile.
   *
   * @param field {@code min}, {@code max}, {@code probability}, {@code drop} (WRED drop of non-ECT
   *     packets), or null for the whole profile
   */
  default String ecnProfile(String name, String field) {
    String entry =
        "/qos/queue-management-profiles/queue-management-profile[" + name + "]/wred/uniform/config";
    if (field == null) {
      return entry;
    }
    return entry
        + "/"
        + switch (field) {
          case "min" -> "min-threshold";
          case "max" -> "max-threshold";
          case "drop" -> "drop";
          default -> "max-drop-probability-percent";
        };
  }

  /**
   * The switch's PFC watchdog.
   *
   * @param field {@code enabled}, {@code action}, {@code detection}, {@code restoration} or {@code
   *     poll}
   */
  default String watchdog(String field) {
    return switch (field) {
      case "poll" -> "/qos/pfc-watchdog/config/poll-interval";
      case "detection" -> "/qos/interfaces/interface/pfc/watchdog/config/detection-time";
      case "restoration" -> "/qos/interfaces/interface/pfc/watchdog/config/restoration-time";
      default -> "/qos/interfaces/interface/pfc/watchdog/config/" + field;
    };
  }

  /**
   * The lossless PGs' dynamic threshold (alpha exponent). Default: named in words, since only
   * platforms whose config carries it ({@link PlatformPack#bufferKnobs}) ever report it.
   */
  default String bufferAlpha() {
    return "lossless dynamic threshold";
  }

  /** The shared headroom pool's size. Default: named in words, as {@link #bufferAlpha}. */
  default String sharedHeadroomPool() {
    return "shared headroom pool";
  }

  /** The ECMP hash fields (OpenConfig has none: the generic device names the setting). */
  default String hash() {
    return "ecmp-hash-fields";
  }

  /** The OpenConfig qos interface entry; only the defaults use it. */
  private String qosPort(String port) {
    return "/qos/interfaces/interface[" + port + "]";
  }
}
