package dev.weft.platform.srlinux;

import dev.weft.platform.LivePaths;

/**
 * Where SR Linux keeps each value drift compares, as paths in Nokia's model ({@code /interface},
 * {@code /qos}, {@code /system/load-balancing}), with the names Weft renders (forwarding classes
 * {@code fc<priority>}, queues {@code q<N>}, PFC queues {@code pg<priority>}, profiles {@code
 * pfc-<port>}, classifier {@code weft-dscp} on subinterface {@code <port>.0}, scheduler policy
 * {@code weft-roce}).
 */
final class SrlinuxPaths implements LivePaths {

  @Override
  public String dscp(int dscp) {
    return "/qos/classifiers/dscp-policy["
        + SrlinuxPack.CLASSIFIER
        + "]/dscp["
        + dscp
        + "]/forwarding-class";
  }

  @Override
  public String priorityQueue(int priority) {
    return "/qos/forwarding-classes/forwarding-class[fc" + priority + "]/output/queue";
  }

  @Override
  public String port(String port) {
    return "/interface[" + port + "]";
  }

  @Override
  public String portSpeed(String port) {
    return port(port) + "/ethernet/port-speed";
  }

  @Override
  public String mtu(String port) {
    return port(port) + "/mtu";
  }

  @Override
  public String trustDscp(String port) {
    return qosPort(port + ".0") + "/input/classifiers/dscp-policy";
  }

  @Override
  public String pfc(String port) {
    return profile(port) + "/received-pfc-pause-frames/queue/enable-pfc";
  }

  @Override
  public String linkPause(String port) {
    return port(port) + "/ethernet/flow-control/receive";
  }

  @Override
  public String ecnBinding(String port, int queue) {
    return qosPort(port) + "/output/queues/queue[q" + queue + "]/queue-management-profile";
  }

  @Override
  public String cableLength(String port) {
    return port(port);
  }

  @Override
  public String headroom(String port, int pg, String field) {
    return "/qos/buffer-management/buffer-allocation-profile["
        + SrlinuxPack.BUFFER_PREFIX
        + port
        + "]/queues/pfc-queue[pg"
        + pg
        + "]/maximum-pfc-reserved-share-bytes";
  }

  @Override
  public String portWatchdog(String port) {
    return profile(port) + "/received-pfc-pause-frames/deadlock/enable";
  }

  /**
   * No action of a port's own (deadlock detection has no action: the finding names the container).
   */
  @Override
  public String portWatchdogAction(String port) {
    return watchdog("action");
  }

  @Override
  public String lossless() {
    return "/qos/queues/pfc-queue";
  }

  @Override
  public String scheduler(int queue) {
    return "/qos/scheduler-policies/scheduler-policy["
        + SrlinuxPack.SCHEDULER_POLICY
        + "]/scheduler/input";
  }

  @Override
  public String ecnProfile(String name, String field) {
    String slope =
        "/qos/buffer-management/queue-management-profile["
            + name
            + "]/wred/wred-slope[all][all][true]";
    // drop (of non-ECT packets): no leaf of its own in what Weft renders; the profile names it
    if (field == null || field.equals("drop")) {
      return slope;
    }
    return slope
        + "/"
        + switch (field) {
          case "min" -> "min-threshold";
          case "max" -> "max-threshold";
          default -> "max-drop-probability-percent";
        };
  }

  @Override
  public String watchdog(String field) {
    String deadlock = "/qos/pfc-mapping-profile/received-pfc-pause-frames/deadlock";
    return switch (field) {
      case "enabled" -> deadlock + "/enable";
      case "detection" -> deadlock + "/detection-timer";
      case "restoration" -> deadlock + "/recovery-timer";
      default -> deadlock; // action and poll interval: not in the model
    };
  }

  private static String qosPort(String id) {
    return "/qos/interfaces/interface[" + id + "]";
  }

  @Override
  public String hash() {
    return "/system/load-balancing/hash-options";
  }

  private static String profile(String port) {
    return "/qos/pfc-mapping-profile[" + SrlinuxPack.PROFILE_PREFIX + port + "]";
  }
}
