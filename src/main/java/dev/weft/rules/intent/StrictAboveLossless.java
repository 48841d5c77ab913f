package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Scheduler;
import dev.weft.model.TrafficClass;
import java.util.List;

/**
 * A strict-priority class other than CNP in a plan with a lossless class. Strict priority has no
 * upper bound: whenever the strict queue has data the lossless queue waits, its buffer fills, and
 * the lossless class pauses its senders instead of moving. Only small, self-limiting traffic (CNPs,
 * network control) belongs above it; the intent has no role for network control yet, so such a
 * class is a warning to waive with its reason.
 */
public final class StrictAboveLossless extends RoceRule {

  static final String ID = "strict-above-lossless";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    List<TrafficClass> lossless = fabric.losslessClasses();
    if (lossless.isEmpty()) {
      return;
    }
    TrafficClass victim = lossless.get(0);
    List<TrafficClass> classes = fabric.trafficClasses();
    for (int i = 0; i < classes.size(); i++) {
      TrafficClass tc = classes.get(i);
      Scheduler s = tc.scheduler();
      if (tc.isCnp() || tc.lossless() || s == null || s.type() != Scheduler.Type.STRICT) {
        continue;
      }
      findings.add(
          Finding.of(
                  ID,
                  Severity.WARNING,
                  "class '"
                      + tc.name()
                      + "' is scheduled strict above lossless class '"
                      + victim.name()
                      + "' ("
                      + Roce.where(Roce.at(victim.at(), "lossless"))
                      + "); strict traffic other than CNP starves the lossless queue, which then"
                      + " pauses instead of draining")
              .at(Roce.at(s.at(), "type", tc.at(), "scheduler"))
              .withPath(Roce.classPath(i, "scheduler/type"))
              .withValues("dwrr", "strict"));
    }
  }
}
