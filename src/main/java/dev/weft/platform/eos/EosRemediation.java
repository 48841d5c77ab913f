package dev.weft.platform.eos;

import static dev.weft.platform.SubtreeRemediation.Selector.replace;

import dev.weft.platform.Feature;
import dev.weft.platform.OpenConfigEdits;
import dev.weft.platform.SubtreeRemediation;

/**
 * Which subtrees of the EOS {@code config.xml} hold each feature EOS takes over NETCONF, for {@code
 * weft remediate}: the ports' entries, MTU and 802.3x pause where every OpenConfig device keeps
 * them ({@link OpenConfigEdits}), and arista-qos-augments' trees: a port's no-drop bitmap ({@code
 * /qos/interfaces/interface/output/pfc/config}), each tx-queue ({@code /qos/queues/queue[n]}) and
 * the switch-wide watchdog ({@code /qos/pfc/watchdog}).
 *
 * <p>EOS schedules and marks each tx-queue for the whole switch, and keeps both in the queue's
 * entry ({@code config/scheduling}, {@code config/bandwidth}, {@code ecn}): a drifted ECN or
 * scheduler sends every queue Weft renders whole, so a marking the device added to a queue the
 * intent leaves unmarked goes. A port the intent does not have loses its no-drop bitmap. The
 * classifier, DSCP trust and the ECMP hash are not on EOS's NETCONF server: with a CLI login they
 * are changed in a configuration session ({@link EosSessionTransaction}) before this edit is
 * pushed; buffers are state only on EOS, and not changed.
 */
final class EosRemediation {

  private static final String PFC = OpenConfigEdits.QOS_PORT + "/output/aq:pfc/config";
  private static final String QUEUES = "/oc-qos:qos/queues/queue[name=*]";
  private static final String WATCHDOG = "/oc-qos:qos/aq:pfc/watchdog";

  private EosRemediation() {}

  static SubtreeRemediation table() {
    return OpenConfigEdits.builder(EosPack.PLATFORM)
        .prefix("aq", EosReader.AQ)
        .switchWide(Feature.PFC, replace(PFC))
        .perPort(Feature.PFC, replace(PFC).alsoUnmanaged(), OpenConfigEdits.FLOW_CONTROL)
        .switchWide(Feature.ECN, replace(QUEUES))
        .perPort(Feature.ECN, replace(QUEUES))
        .switchWide(Feature.SCHEDULER, replace(QUEUES))
        .switchWide(Feature.WATCHDOG, replace(WATCHDOG))
        .perPort(Feature.WATCHDOG, replace(WATCHDOG))
        .notRemediable(
            Feature.CLASSIFICATION,
            "EOS serves the classifier and DSCP trust over gNMI and its CLI only: they are"
                + " changed in a configuration session when the switch names its CLI login"
                + " (management.cli)")
        .notRemediable(
            Feature.HASH,
            "EOS has no OpenConfig path for the ECMP hash: it is changed in a configuration"
                + " session when the switch names its CLI login (management.cli)")
        .notRemediable(
            Feature.BUFFERS,
            "EOS serves priority-group headroom as state only and sizes it on the platform")
        .build();
  }
}
