package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.TrafficClass;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * The CNP class must not be lossless: PAUSE on CNPs stalls the very feedback that relieves
 * congestion.
 */
public final class CnpLossless implements Rule {

  static final String ID = "cnp-lossless";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Fabric fabric = Roce.fabric(input.model());
    if (fabric == null) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    List<TrafficClass> classes = fabric.trafficClasses();
    for (int i = 0; i < classes.size(); i++) {
      TrafficClass tc = classes.get(i);
      if (tc.isCnp() && tc.lossless()) {
        findings.add(
            Finding.of(
                    ID,
                    Severity.ERROR,
                    "CNP class '"
                        + tc.name()
                        + "' is lossless; CNPs belong in a strict-priority lossy class, "
                        + "PFC on them can pause congestion feedback")
                .at(Roce.at(tc.at(), "lossless"))
                .withPath(Roce.classPath(i, "lossless"))
                .withValues("false", "true"));
      }
    }
    return findings;
  }
}
