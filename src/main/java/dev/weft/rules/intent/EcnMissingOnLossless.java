package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.CongestionControl;
import dev.weft.model.Fabric;
import dev.weft.model.TrafficClass;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * With DCQCN, every lossless class needs ECN marking: without it no CNP is ever generated, senders
 * never slow down, and PFC does all the work (head-of-line blocking, pause spreading).
 */
public final class EcnMissingOnLossless implements Rule {

  static final String ID = "ecn-missing-on-lossless";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Fabric fabric = Roce.fabric(input.model());
    if (fabric == null || fabric.congestionControl() != CongestionControl.DCQCN) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    List<TrafficClass> classes = fabric.trafficClasses();
    for (int i = 0; i < classes.size(); i++) {
      TrafficClass tc = classes.get(i);
      // a lossless CNP class is cnp-lossless's error at the same line: the class must not be
      // lossless at all,
      // so asking for ECN on it would report the one mistake twice and suggest the wrong fix
      if (tc.lossless() && tc.ecn() == null && !tc.isCnp()) {
        findings.add(
            Finding.of(
                    ID,
                    Severity.ERROR,
                    "lossless class '"
                        + tc.name()
                        + "' has no ecn marking, but congestion-control is dcqcn; "
                        + "DCQCN needs ECN on the RoCE queue (or declare congestion-control: pfc-only)")
                .at(Roce.at(tc.at(), "lossless"))
                .withPath(Roce.classPath(i, "ecn"))
                .withValues("ecn: {min, max}", "none"));
      }
    }
    return findings;
  }
}
