package dev.weft.platform.srlinux;

import static dev.weft.platform.SubtreeRemediation.Selector.merge;
import static dev.weft.platform.SubtreeRemediation.Selector.replace;

import dev.weft.platform.Feature;
import dev.weft.platform.SubtreeRemediation;

/**
 * Which subtrees of the SR Linux {@code config.xml} hold each feature, for {@code weft remediate},
 * in Nokia's model: under {@code /qos} the objects Weft renders by name (forwarding classes {@code
 * fc<N>}, queues, the {@code weft-dscp} policy and its binding on subinterface {@code <port>.0},
 * the {@code weft-roce} scheduler policy, queue-management profiles, each port's {@code pfc-<port>}
 * mapping profile and {@code buf-<port>} buffer-allocation profile, and the port's qos entry),
 * under {@code /interface} each port's MTU and 802.3x flow control, and {@code
 * /system/load-balancing/hash-options}.
 *
 * <p>A port's PFC is its mapping profile, sent whole (the queues that honour pause frames; its
 * deadlock detection, the watchdog, is the intent's too), and its qos entry's {@code pfc} (the
 * profile binding and {@code pfc-enable}); a port the intent does not have loses that {@code pfc}.
 * The switch-wide lossless set is {@code /qos/queues}, sent whole so a PFC queue the device added
 * goes. SR Linux attaches an ECN queue-management profile only to a queue with a burst size in the
 * port's buffer-allocation profile, so a port's ECN binding sends both; that profile is also the
 * port's headroom.
 */
final class SrlinuxRemediation {

  private static final String QOS = "/qos:qos";
  private static final String IF_PORT = "/if:interface[name=$port]";
  private static final String QOS_PORT = QOS + "/interfaces/interface[interface-id=$port]";
  private static final String PROFILE =
      QOS + "/pfc-mapping-profile[name=" + SrlinuxPack.PROFILE_PREFIX + "$port]";
  private static final String BUFFERS =
      QOS
          + "/buffer-management/buffer-allocation-profile[name="
          + SrlinuxPack.BUFFER_PREFIX
          + "$port]";

  private SrlinuxRemediation() {}

  static SubtreeRemediation table() {
    return SubtreeRemediation.builder(SrlinuxPack.PLATFORM)
        .prefix("if", SrlinuxPack.IF)
        .prefix("qos", SrlinuxPack.QOS)
        .prefix("sys", SrlinuxPack.SYSTEM)
        .prefix("lb", SrlinuxPack.LB)
        .switchWide(
            Feature.CLASSIFICATION,
            merge(QOS + "/queues/queue[name=*]"),
            replace(QOS + "/forwarding-classes/forwarding-class[name=*]"),
            replace(QOS + "/classifiers/dscp-policy[name=" + SrlinuxPack.CLASSIFIER + "]"))
        .perPort(
            Feature.CLASSIFICATION, replace(QOS + "/interfaces/interface[interface-id=$port.0]"))
        .switchWide(
            Feature.PFC, replace(QOS + "/queues"), replace(PROFILE), replace(QOS_PORT + "/pfc"))
        .perPort(
            Feature.PFC,
            replace(PROFILE),
            replace(QOS_PORT + "/pfc").alsoUnmanaged(),
            merge(IF_PORT + "/ethernet/flow-control"))
        .switchWide(
            Feature.ECN, replace(QOS + "/buffer-management/queue-management-profile[name=*]"))
        .perPort(Feature.ECN, replace(QOS_PORT + "/output/queues"), replace(BUFFERS))
        .switchWide(
            Feature.SCHEDULER,
            replace(
                QOS
                    + "/scheduler-policies/scheduler-policy[name="
                    + SrlinuxPack.SCHEDULER_POLICY
                    + "]"))
        .switchWide(Feature.WATCHDOG, replace(PROFILE + "/received-pfc-pause-frames/deadlock"))
        .perPort(Feature.WATCHDOG, replace(PROFILE + "/received-pfc-pause-frames/deadlock"))
        .perPort(
            Feature.BUFFERS,
            replace(BUFFERS),
            merge(QOS_PORT + "/input/pfc-buffer-allocation-profile"))
        .perPort(Feature.MTU, merge(IF_PORT + "/mtu"))
        .switchWide(Feature.HASH, replace("/sys:system/lb:load-balancing/hash-options"))
        .build();
  }
}
