package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Ecn;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.TrafficClass;
import java.util.List;

/**
 * A lossless class whose ECN profile drops the packets it cannot mark ({@code ecn.non-ect: drop}):
 * catalogue row SW-009. Between the thresholds, which sit below xoff so that ECN marks before PFC
 * pauses, WRED drops every packet that is not ECN-capable: a NIC with DCQCN off, or any sender that
 * does not set ECT, loses packets on the queue the plan calls lossless, and RoCE's go-back-N turns
 * each loss into a burst of retransmissions. A site that means it says why in a waiver.
 */
public final class WredDropLossless extends RoceRule {

  static final String ID = "wred-drop-lossless";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    List<TrafficClass> classes = fabric.trafficClasses();
    for (int i = 0; i < classes.size(); i++) {
      TrafficClass tc = classes.get(i);
      Ecn ecn = tc.ecn();
      if (!tc.lossless() || ecn == null || ecn.nonEct() != Ecn.NonEct.DROP) {
        continue;
      }
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  "lossless class '"
                      + tc.name()
                      + "' drops packets that are not ECN-capable between its ECN thresholds"
                      + " (ecn.non-ect: drop): a sender without ECT loses packets on a lossless"
                      + " queue before PFC pauses")
              .at(Roce.at(ecn.at(), "non-ect"))
              .withPath(Roce.classPath(i, "ecn/non-ect"))
              .withValues("keep", "drop"));
    }
  }
}
