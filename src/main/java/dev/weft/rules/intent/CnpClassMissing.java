package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.CongestionControl;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.TrafficClass;
import java.util.List;

/**
 * A DCQCN plan without a CNP class. The NICs still send congestion notifications, with whatever
 * DSCP and priority their firmware defaults to (0 on some tools), and the switches classify them as
 * best effort: the notifications queue behind the data they report on, and the host script has no
 * CNP marking to set.
 */
public final class CnpClassMissing extends RoceRule {

  static final String ID = "cnp-class-missing";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    if (fabric.congestionControl() != CongestionControl.DCQCN) {
      return;
    }
    for (TrafficClass tc : fabric.trafficClasses()) {
      if (tc.isCnp()) {
        return;
      }
    }
    findings.add(
        Finding.of(
                ID,
                Severity.ERROR,
                "congestion-control is dcqcn but no traffic class has role: cnp; congestion"
                    + " notifications would keep the NIC firmware's default marking and travel as best"
                    + " effort")
            .at(Roce.at(fabric.at(), "congestion-control"))
            .withPath("/fabric/congestion-control")
            .withValues("a class with role: cnp", "none"));
  }
}
