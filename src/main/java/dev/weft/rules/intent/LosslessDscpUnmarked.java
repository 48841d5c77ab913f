package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.TrafficClass;
import java.util.List;

/**
 * A lossless class that takes DSCP 0, either listed or through {@code dscp: default}. Every host
 * that marks nothing (management, storage over TCP, a NIC whose RoCE ToS was never set) sends DSCP
 * 0, so that traffic becomes lossless with it: unmanaged senders can fill the headroom, pause the
 * fabric and share RDMA's queue. A site that means it says why in a waiver of this rule.
 */
public final class LosslessDscpUnmarked extends RoceRule {

  static final String ID = "lossless-dscp-unmarked";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    List<TrafficClass> classes = fabric.trafficClasses();
    for (int i = 0; i < classes.size(); i++) {
      TrafficClass tc = classes.get(i);
      if (!tc.lossless() || !(tc.dscpDefault() || tc.dscp().contains(0))) {
        continue;
      }
      String how = tc.dscpDefault() ? "dscp: default" : "DSCP 0";
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  "lossless class '"
                      + tc.name()
                      + "' takes "
                      + how
                      + ", the code point every unmarked host sends; unmanaged traffic would become"
                      + " lossless and share RDMA's headroom and pauses")
              .at(Roce.at(tc.at(), "dscp"))
              .withPath(Roce.classPath(i, "dscp"))
              .withValues("explicit non-zero code points", how));
    }
  }
}
