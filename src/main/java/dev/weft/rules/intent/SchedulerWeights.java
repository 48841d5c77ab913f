package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.Scheduler;
import dev.weft.model.TrafficClass;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * DWRR weights are bandwidth shares: each must be positive (a zero-weight queue starves) and
 * together they must total 100 percent, as NIC ETS requires and NVUE's {@code bw-percent} assumes.
 *
 * <p>A DWRR class without a weight gets its platform's default share (docs/intent-format.md): it is
 * no zero weight, and its share is not a number this rule knows. The weights that are written then
 * leave the rest to it, so they may total at most 100. A lossless class without a weight is a
 * finding of its own: whether its platform's default serves it often enough is exactly what no rule
 * can tell, and a lossless queue served too rarely pauses its senders instead of dropping.
 */
public final class SchedulerWeights implements Rule {

  static final String ID = "scheduler-weights";

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
    int sum = 0;
    int dwrr = 0;
    int unweighted = 0;
    // a weight is the queue's: classes that share an egress queue share its one scheduler, so the
    // share is counted once per queue (their disagreement is traffic-class-conflict's)
    Set<Integer> counted = new HashSet<>();
    for (int i = 0; i < classes.size(); i++) {
      TrafficClass tc = classes.get(i);
      Scheduler s = tc.scheduler();
      if (s == null || s.type() != Scheduler.Type.DWRR || !counted.add(tc.queue())) {
        continue;
      }
      dwrr++;
      if (s.weight() == null) {
        unweighted++;
        if (tc.lossless()) {
          findings.add(
              Finding.of(
                      ID,
                      Severity.WARNING,
                      "lossless class '"
                          + tc.name()
                          + "' has no DWRR weight: it gets each platform's default share, which"
                          + " no rule can judge; a lossless queue served too rarely pauses its"
                          + " senders instead of dropping")
                  .at(Roce.at(s.at(), "type", tc.at(), "scheduler"))
                  .withPath(Roce.classPath(i, "scheduler/weight"))
                  .withValues("1-100", "the platform's default"));
        }
        continue;
      }
      int weight = s.weight();
      if (weight <= 0) {
        findings.add(
            Finding.of(
                    ID,
                    Severity.WARNING,
                    "class '"
                        + tc.name()
                        + "' has DWRR weight "
                        + weight
                        + "; a zero weight starves the queue")
                .at(Roce.at(s.at(), "weight", tc.at(), "scheduler"))
                .withPath(Roce.classPath(i, "scheduler/weight"))
                .withValues("1-100", Integer.toString(weight)));
      } else {
        sum += weight;
      }
    }
    if (unweighted > 0 ? sum > 100 : dwrr > 0 && sum != 100) {
      findings.add(
          Finding.of(
                  ID,
                  Severity.WARNING,
                  unweighted > 0
                      ? "DWRR weights of the traffic classes total "
                          + sum
                          + "; they are bandwidth percentages and may total at most 100 where"
                          + " a class has no weight"
                      : "DWRR weights of the traffic classes total "
                          + sum
                          + "; they are bandwidth percentages and must total 100")
              .at(Roce.at(fabric.at(), "traffic-classes"))
              .withPath("/fabric/traffic-classes")
              .withValues(unweighted > 0 ? "<= 100" : "100", Integer.toString(sum)));
    }
    return findings;
  }
}
