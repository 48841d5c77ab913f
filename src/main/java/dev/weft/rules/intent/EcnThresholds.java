package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Ecn;
import dev.weft.model.Fabric;
import dev.weft.model.TrafficClass;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * WRED-ECN marking must be well formed: the minimum threshold below the maximum (marking ramps
 * between them) and a marking probability of 1 to 100 percent.
 */
public final class EcnThresholds implements Rule {

  static final String ID = "ecn-thresholds";

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
      Ecn ecn = tc.ecn();
      if (ecn == null) {
        continue;
      }
      if (ecn.min() != null && ecn.max() != null && ecn.min().compareTo(ecn.max()) >= 0) {
        findings.add(
            Finding.of(
                    ID,
                    Severity.ERROR,
                    "class '"
                        + tc.name()
                        + "' ECN min threshold "
                        + ecn.min()
                        + " is not below max "
                        + ecn.max()
                        + "; marking needs min < max")
                .at(Roce.at(ecn.at(), "min", tc.at(), "ecn"))
                .withPath(Roce.classPath(i, "ecn/min"))
                .withValues("min < " + ecn.max(), ecn.min().toString()));
      }
      if (ecn.probability() < 1 || ecn.probability() > 100) {
        findings.add(
            Finding.of(
                    ID,
                    Severity.ERROR,
                    "class '"
                        + tc.name()
                        + "' ECN marking probability "
                        + ecn.probability()
                        + " is outside 1-100 percent")
                .at(Roce.at(ecn.at(), "probability", tc.at(), "ecn"))
                .withPath(Roce.classPath(i, "ecn/probability"))
                .withValues("1-100", Integer.toString(ecn.probability())));
      }
    }
    return findings;
  }
}
