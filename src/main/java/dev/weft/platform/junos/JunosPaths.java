package dev.weft.platform.junos;

import dev.weft.platform.LivePaths;

/**
 * Where Junos keeps each value drift compares, as paths in Juniper's model (junos-conf-root {@code
 * /configuration}, class-of-service, interfaces, forwarding-options), with the names Weft renders
 * (forwarding classes {@code tc<priority>}, profile {@code pfc-<port>}, classifier {@code
 * weft-dscp}).
 */
final class JunosPaths implements LivePaths {

  private static final String COS = "/configuration/class-of-service";

  @Override
  public String dscp(int dscp) {
    return COS
        + "/classifiers/dscp["
        + JunosPack.CLASSIFIER
        + "]/forwarding-class/loss-priority/code-points";
  }

  @Override
  public String pcp(int pcp) {
    return COS
        + "/classifiers/ieee-802.1["
        + JunosPack.PCP_CLASSIFIER
        + "]/forwarding-class/loss-priority/code-points";
  }

  @Override
  public String priorityQueue(int priority) {
    return COS + "/forwarding-classes/class[tc" + priority + "]/queue-num";
  }

  @Override
  public String port(String port) {
    return "/configuration/interfaces/interface[" + port + "]";
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
  public String lag(String port) {
    return port(port) + "/gigether-options/ieee-802.3ad/bundle";
  }

  @Override
  public String trustDscp(String port) {
    return cosPort(port) + "/classifiers/dscp";
  }

  @Override
  public String pfc(String port) {
    return profile(port) + "/input/ieee-802.1/code-point/pfc";
  }

  @Override
  public String linkPause(String port) {
    return port(port) + "/gigether-options/flow-control";
  }

  @Override
  public String ecnBinding(String port, int queue) {
    return cosPort(port) + "/scheduler-map";
  }

  @Override
  public String cableLength(String port) {
    return profile(port) + "/input/cable-length";
  }

  @Override
  public String headroom(String port, int pg, String field) {
    String account = profile(port) + "/input/pfc-account[pg" + pg + "]";
    return field == null || field.equals("size") ? account : account + "/" + field;
  }

  @Override
  public String portWatchdog(String port) {
    return profile(port) + "/pfc-watchdog";
  }

  /** Each port's congestion-notification profile holds its own action. */
  @Override
  public String portWatchdogAction(String port) {
    return portWatchdog(port) + "/watchdog-action";
  }

  @Override
  public String lossless() {
    return COS + "/forwarding-classes/class/no-loss";
  }

  @Override
  public String scheduler(int queue) {
    return COS + "/scheduler-maps[" + JunosPack.SCHEDULER_MAP + "]/forwarding-class/scheduler";
  }

  @Override
  public String ecnProfile(String name, String field) {
    String profile = COS + "/drop-profiles[" + name + "]/interpolate";
    // drop (of non-ECT packets): no leaf of its own in what Weft renders; the profile names it
    if (field == null || field.equals("drop")) {
      return profile;
    }
    return profile + (field.equals("probability") ? "/drop-probability" : "/fill-level");
  }

  @Override
  public String watchdog(String field) {
    String wd = COS + "/congestion-notification-profile/pfc-watchdog";
    return switch (field) {
      case "enabled" -> wd;
      case "action" -> wd + "/watchdog-action";
      case "detection" -> wd + "/detection";
      case "restoration" -> wd + "/recovery";
      default -> wd + "/poll-interval";
    };
  }

  private static String cosPort(String port) {
    return COS + "/interfaces/interface[" + port + "]";
  }

  @Override
  public String hash() {
    return "/configuration/forwarding-options/enhanced-hash-key/inet";
  }

  private static String profile(String port) {
    return COS + "/congestion-notification-profile[" + JunosPack.PROFILE_PREFIX + port + "]";
  }
}
