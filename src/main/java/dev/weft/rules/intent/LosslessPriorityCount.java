package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.CongestionControl;
import dev.weft.model.Fabric;
import dev.weft.model.TrafficClass;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A RoCE fabric declares one or two lossless priorities. None leaves RoCE lossy (unless the plan
 * says {@code ecn-only}); more than two costs a headroom reservation per priority on every port and
 * exceeds what several vendor CLIs accept.
 */
public final class LosslessPriorityCount implements Rule {

  static final String ID = "lossless-priority-count";

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
    Set<Integer> priorities = new TreeSet<>();
    TrafficClass third = null;
    for (TrafficClass tc : fabric.losslessClasses()) {
      if (priorities.add(tc.priority()) && priorities.size() == 3) {
        third = tc;
      }
    }
    if (priorities.isEmpty() && fabric.congestionControl() != CongestionControl.ECN_ONLY) {
      String mode =
          fabric.congestionControl() == null ? "not ecn-only" : fabric.congestionControl().word();
      return List.of(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  "no traffic class is lossless, but congestion-control is "
                      + mode
                      + ": RoCE traffic will be dropped under congestion; mark the RoCE class lossless: true")
              .at(Roce.at(fabric.at(), "traffic-classes"))
              .withPath("/fabric/traffic-classes")
              .withValues("1 or 2 lossless priorities", "0"));
    }
    if (priorities.size() > 2) {
      return List.of(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  "the fabric has "
                      + priorities.size()
                      + " lossless priorities "
                      + priorities
                      + "; each costs PFC headroom on every port, at most 2 are supported (class '"
                      + third.name()
                      + "' is one too many)")
              .at(Roce.at(third.at(), "lossless"))
              .withPath("/fabric/traffic-classes")
              .withValues("1 or 2 lossless priorities", priorities.toString()));
    }
    return List.of();
  }
}
