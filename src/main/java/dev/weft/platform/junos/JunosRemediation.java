package dev.weft.platform.junos;

import static dev.weft.platform.SubtreeRemediation.Selector.merge;
import static dev.weft.platform.SubtreeRemediation.Selector.replace;

import dev.weft.platform.Feature;
import dev.weft.platform.SubtreeRemediation;

/**
 * Which subtrees of the Junos {@code config.xml} hold each feature, for {@code weft remediate}, in
 * Juniper's model: under {@code /configuration/class-of-service} the objects Weft renders by name
 * (the {@code tc<N>} forwarding classes, the {@code weft-dscp} classifier, the {@code weft-roce}
 * scheduler map, the schedulers and drop profiles, each port's congestion-notification profile
 * {@code pfc-<port>} and its class-of-service binding), and under {@code /configuration/interfaces}
 * each port's MTU and 802.3x flow control.
 *
 * <p>A port's PFC is the {@code ieee-802.1} code points of its profile, input (which priorities
 * pause) and output (which queue each pauses), and the binding that names the profile; a port the
 * intent does not have loses that binding, so no profile pauses it. Headroom and cable length are
 * the profile's whole {@code input}, so a PFC account the device added goes. Flow control is a
 * choice in Juniper's model ({@code flow-control} or {@code no-flow-control}): the one the intent
 * renders is merged, the other removed.
 */
final class JunosRemediation {

  private static final String COS = "/root:configuration/cos:class-of-service";
  private static final String IF_PORT = "/root:configuration/if:interfaces/interface[name=$port]";
  private static final String PROFILE =
      COS + "/congestion-notification-profile[name=" + JunosPack.PROFILE_PREFIX + "$port]";
  private static final String COS_PORT = COS + "/interfaces/interface[name=$port]";
  private static final String HASH = "/root:configuration/fwd:forwarding-options/enhanced-hash-key";

  private JunosRemediation() {}

  static SubtreeRemediation table() {
    return SubtreeRemediation.builder(JunosPack.PLATFORM)
        .prefix("root", JunosPack.ROOT)
        .prefix("if", JunosPack.IF)
        .prefix("cos", JunosPack.COS)
        .prefix("fwd", JunosPack.FWD)
        .switchWide(
            Feature.CLASSIFICATION,
            replace(COS + "/classifiers/dscp[name=" + JunosPack.CLASSIFIER + "]"),
            replace(COS + "/forwarding-classes/class[name=*]"))
        .perPort(Feature.CLASSIFICATION, replace(COS_PORT + "/classifiers"))
        .switchWide(
            Feature.PFC,
            replace(COS + "/forwarding-classes/class[name=*]"),
            replace(PROFILE + "/input/ieee-802.1"),
            replace(PROFILE + "/output/ieee-802.1"))
        .perPort(
            Feature.PFC,
            merge(COS_PORT + "/congestion-notification-profile").alsoUnmanaged(),
            replace(PROFILE + "/input/ieee-802.1"),
            replace(PROFILE + "/output/ieee-802.1"),
            merge(IF_PORT + "/gigether-options/flow-control"),
            merge(IF_PORT + "/gigether-options/no-flow-control"))
        .switchWide(
            Feature.ECN,
            replace(COS + "/drop-profiles[name=*]"),
            replace(COS + "/schedulers[name=*]"))
        .perPort(Feature.ECN, merge(COS_PORT + "/scheduler-map"))
        .switchWide(
            Feature.SCHEDULER,
            replace(COS + "/scheduler-maps[name=" + JunosPack.SCHEDULER_MAP + "]"),
            replace(COS + "/schedulers[name=*]"))
        .switchWide(Feature.WATCHDOG, replace(PROFILE + "/pfc-watchdog"))
        .perPort(Feature.WATCHDOG, replace(PROFILE + "/pfc-watchdog"))
        .perPort(Feature.BUFFERS, replace(PROFILE + "/input"))
        .perPort(Feature.MTU, merge(IF_PORT + "/mtu"))
        .switchWide(Feature.HASH, replace(HASH + "/inet"), replace(HASH + "/inet6"))
        .build();
  }
}
