package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.TrafficClass;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A PAUSE stops a whole egress queue: a lossy class sharing a queue with a lossless one gets paused
 * too, and the lossless class loses its isolation from lossy bursts.
 */
public final class QueueSharedLosslessLossy implements Rule {

  static final String ID = "queue-shared-lossless-lossy";

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
    Map<Integer, TrafficClass> firstLossless = new HashMap<>();
    Map<Integer, TrafficClass> firstLossy = new HashMap<>();
    List<Finding> findings = new ArrayList<>();
    List<TrafficClass> classes = fabric.trafficClasses();
    for (int i = 0; i < classes.size(); i++) {
      TrafficClass tc = classes.get(i);
      TrafficClass other =
          tc.lossless() ? firstLossy.get(tc.queue()) : firstLossless.get(tc.queue());
      (tc.lossless() ? firstLossless : firstLossy).putIfAbsent(tc.queue(), tc);
      if (other != null) {
        TrafficClass lossless = tc.lossless() ? tc : other;
        TrafficClass lossy = tc.lossless() ? other : tc;
        findings.add(
            Finding.of(
                    ID,
                    Severity.ERROR,
                    "queue "
                        + tc.queue()
                        + " carries lossless class '"
                        + lossless.name()
                        + "' and lossy class '"
                        + lossy.name()
                        + "'; give the lossy class its own queue")
                .at(Roce.queueLine(tc))
                .withPath(Roce.classPath(i, "queue"))
                .withValues("a queue other than " + tc.queue(), Integer.toString(tc.queue())));
      }
    }
    return findings;
  }
}
