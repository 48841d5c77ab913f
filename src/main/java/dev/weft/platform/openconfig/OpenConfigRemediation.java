package dev.weft.platform.openconfig;

import static dev.weft.platform.SubtreeRemediation.Selector.merge;
import static dev.weft.platform.SubtreeRemediation.Selector.replace;

import dev.weft.platform.Feature;
import dev.weft.platform.OpenConfigEdits;
import dev.weft.platform.SubtreeRemediation;

/**
 * Which subtrees of the OpenConfig {@code config.xml} hold each feature, for {@code weft
 * remediate}: the objects Weft renders, by name (the classifier, the {@code tc<N>} forwarding
 * groups, the scheduler policy, the WRED-ECN profiles) and per port (openconfig-interfaces for MTU
 * and 802.3x pause, the qos interface for trust, ECN bindings, and weft-qos-ext's PFC, watchdog,
 * headroom and cable length). Objects Weft does not render are left alone; when one of them is what
 * drifts (another classifier steering DSCP into a lossless class), the read-back after the edit
 * still differs and the commit is rolled back. The ports' entries, MTU and 802.3x pause are {@link
 * OpenConfigEdits}', shared with the EOS pack.
 */
final class OpenConfigRemediation {

  private static final String QOS_PORT = OpenConfigEdits.QOS_PORT;

  private OpenConfigRemediation() {}

  static SubtreeRemediation table() {
    return OpenConfigEdits.builder(OpenConfigReader.PLATFORM)
        .prefix("weft-qos", OpenConfigReader.EXT)
        .switchWide(
            Feature.CLASSIFICATION,
            merge("/oc-qos:qos/queues/queue[name=*]"),
            replace("/oc-qos:qos/forwarding-groups/forwarding-group[name=*]"),
            replace("/oc-qos:qos/classifiers/classifier[name=*]"))
        .perPort(
            Feature.CLASSIFICATION,
            merge(QOS_PORT + "/config/weft-qos:trust-dscp"),
            replace(QOS_PORT + "/input"))
        .switchWide(Feature.PFC, replace(QOS_PORT + "/weft-qos:pfc/config"))
        .perPort(
            Feature.PFC,
            replace(QOS_PORT + "/weft-qos:pfc/config").alsoUnmanaged(),
            OpenConfigEdits.FLOW_CONTROL)
        .switchWide(
            Feature.ECN,
            replace("/oc-qos:qos/queue-management-profiles/queue-management-profile[name=*]"))
        .perPort(Feature.ECN, replace(QOS_PORT + "/output/queues"))
        .switchWide(
            Feature.SCHEDULER, replace("/oc-qos:qos/scheduler-policies/scheduler-policy[name=*]"))
        .switchWide(
            Feature.WATCHDOG,
            replace("/oc-qos:qos/weft-qos:pfc-watchdog"),
            replace(QOS_PORT + "/weft-qos:pfc/watchdog"))
        .perPort(Feature.WATCHDOG, replace(QOS_PORT + "/weft-qos:pfc/watchdog"))
        .perPort(
            Feature.BUFFERS,
            merge(QOS_PORT + "/config/weft-qos:cable-length"),
            replace(QOS_PORT + "/weft-qos:priority-groups"))
        .notRemediable(Feature.HASH, "OpenConfig has no ECMP hash-field configuration")
        .build();
  }
}
