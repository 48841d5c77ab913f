package dev.weft.platform.eos;

import dev.weft.platform.LivePaths;

/**
 * Where EOS keeps each value drift compares over NETCONF: OpenConfig interfaces (the neutral paths:
 * MTU, speed, flow control) and OpenConfig qos with arista-qos-augments: the no-drop bitmap per
 * port, scheduling and ECN per tx-queue ({@code /qos/queues/queue[3]}), the switch-wide watchdog
 * ({@code /qos/pfc/watchdog}). The features EOS does not serve over NETCONF (classification,
 * buffers, the hash) are not compared and keep the neutral paths.
 */
class EosPaths implements LivePaths {

  private static final String WATCHDOG = "/qos/pfc/watchdog/config/";

  /** DCBX is CLI only: each port's dcbx mode line, as {@code show running-config} prints it. */
  @Override
  public String dcbx() {
    return "cli: interface dcbx mode ieee | no dcbx mode";
  }

  /** openconfig-if-aggregate's leaf on the member. */
  @Override
  public String lag(String port) {
    return port(port) + "/ethernet/config/aggregate-id";
  }

  @Override
  public String pfc(String port) {
    return "/qos/interfaces/interface[" + port + "]/output/pfc/config/priorities-no-drop";
  }

  @Override
  public String ecnBinding(String port, int queue) {
    return queue(queue) + "/ecn/config";
  }

  @Override
  public String portWatchdog(String port) {
    return WATCHDOG + "default-timeout";
  }

  /** No action of a port's own (the action is switch-wide). */
  @Override
  public String portWatchdogAction(String port) {
    return watchdog("action");
  }

  @Override
  public String lossless() {
    return "/qos/interfaces/interface/output/pfc/config/priorities-no-drop";
  }

  @Override
  public String scheduler(int queue) {
    return queue(queue) + "/config/scheduling";
  }

  /** {@code name} is the queue's marking as the reader names it, {@code tx-queue-3}. */
  @Override
  public String ecnProfile(String name, String field) {
    String entry =
        "/qos/queues/queue[" + name.substring(name.lastIndexOf('-') + 1) + "]/ecn/config";
    // drop (of non-ECT packets): no leaf of its own in what Weft renders; the profile names it
    if (field == null || field.equals("drop")) {
      return entry;
    }
    return entry
        + "/"
        + switch (field) {
          case "min" -> "min-threshold";
          case "max" -> "max-threshold";
          default -> "max-drop-rate";
        };
  }

  @Override
  public String watchdog(String field) {
    return WATCHDOG
        + switch (field) {
          case "action" -> "action";
          case "restoration" -> "default-recovery-time";
          case "poll" -> "default-polling-interval";
          default -> "default-timeout"; // enabled (0 is off) and detection
        };
  }

  private static String queue(int queue) {
    return "/qos/queues/queue[" + queue + "]";
  }
}
