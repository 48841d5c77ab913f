package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.TrafficClass;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A DSCP code point listed in two classes: a packet can land in only one queue, so one class is
 * wrong.
 */
public final class DscpOverlap implements Rule {

  static final String ID = "dscp-overlap";

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
    String[] owner = new String[64];
    List<Finding> findings = new ArrayList<>();
    List<TrafficClass> classes = fabric.trafficClasses();
    for (int i = 0; i < classes.size(); i++) {
      TrafficClass tc = classes.get(i);
      Map<String, List<Integer>> clashes = new LinkedHashMap<>();
      for (int d : tc.dscp()) {
        if (d < 0 || d > 63) {
          continue; // out of range is a schema error, reported there
        }
        if (owner[d] == null) {
          owner[d] = tc.name();
        } else if (!owner[d].equals(tc.name())) {
          clashes.computeIfAbsent(owner[d], k -> new ArrayList<>()).add(d);
        }
      }
      for (Map.Entry<String, List<Integer>> clash : clashes.entrySet()) {
        String points =
            clash.getValue().size() == 1
                ? "DSCP " + clash.getValue().get(0)
                : "DSCP " + clash.getValue();
        findings.add(
            Finding.of(
                    ID,
                    Severity.ERROR,
                    points
                        + " of class '"
                        + tc.name()
                        + "' is already mapped to class '"
                        + clash.getKey()
                        + "'; each code point must belong to exactly one class")
                .at(Roce.at(tc.at(), "dscp"))
                .withPath(Roce.classPath(i, "dscp"))
                .withValues("disjoint DSCP sets", points + " also in '" + clash.getKey() + "'"));
      }
    }
    return findings;
  }
}
