package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.Scheduler;
import dev.weft.model.TrafficClass;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * CNPs must overtake data: a CNP queued behind the congestion it reports makes DCQCN react late.
 */
public final class CnpNotStrict implements Rule {

  static final String ID = "cnp-not-strict";

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
      Scheduler s = tc.scheduler();
      if (tc.isCnp() && s != null && s.type() != Scheduler.Type.STRICT) {
        findings.add(
            Finding.of(
                    ID,
                    Severity.WARNING,
                    "CNP class '"
                        + tc.name()
                        + "' is scheduled "
                        + s.type().name().toLowerCase(java.util.Locale.ROOT)
                        + "; congestion notifications must use strict priority so they are not delayed behind data")
                .at(Roce.at(s.at(), "type", tc.at(), "scheduler"))
                .withPath(Roce.classPath(i, "scheduler/type"))
                .withValues("strict", s.type().name().toLowerCase(java.util.Locale.ROOT)));
      }
    }
    return findings;
  }
}
