package dev.weft.remediate;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.live.LiveTarget;
import dev.weft.live.Reading;
import java.util.ArrayList;
import java.util.List;

/** The device results and their findings, built one way for the plan and the push. */
final class Results {

  private Results() {}

  /**
   * A result whose findings are the plan's drift, the not-remediable notes, {@code extra} and
   * {@code outcome} (when not null).
   */
  static DeviceResult of(
      LiveTarget t,
      DeviceStatus.Status status,
      String reason,
      DevicePlan plan,
      List<Finding> drift,
      Finding outcome,
      List<DeviceResult.StepRecord> steps) {
    List<Finding> findings = new ArrayList<>(drift);
    if (plan != null) {
      findings.addAll(notRemediable(t, plan));
    }
    if (outcome != null) {
      findings.add(outcome);
    }
    findings.sort(Finding.ORDER);
    return new DeviceResult(
        new DeviceStatus(t.name(), status, reason), plan, findings, steps, null, null);
  }

  /**
   * What a dry run (or a run with nothing to send) answers: planned when the plan sends something;
   * else drift with reason not-remediable when the device drifted in what Weft cannot edit, else
   * ok.
   */
  static DeviceResult planned(
      LiveTarget t, DevicePlan plan, List<Finding> findings, List<DeviceResult.StepRecord> steps) {
    if (!plan.sendsSomething()) {
      boolean drift = !drift(findings).isEmpty();
      return of(
          t,
          drift ? DeviceStatus.Status.DRIFT : DeviceStatus.Status.OK,
          drift ? "not-remediable" : null,
          plan,
          findings,
          null,
          steps);
    }
    return of(t, DeviceStatus.Status.PLANNED, null, plan, findings, null, steps);
  }

  /** A remediate-* finding about the device, at its management line. */
  static Finding outcome(
      LiveTarget t, String rule, Severity severity, String message, String reason) {
    return Finding.of(
            rule, severity, reason == null ? message : message + " (reason: " + reason + ")")
        .at(t.owner())
        .onDevice(t.name());
  }

  /** A device that could not be read: its status and the one finding, as drift reports it. */
  static DeviceResult unreadable(Reading r, DevicePlan plan, List<DeviceResult.StepRecord> steps) {
    return new DeviceResult(r.status(), plan, r.findings(), steps, null, null);
  }

  /** One warning per part that is not sent, naming why (the drift finding itself stays). */
  static List<Finding> notRemediable(LiveTarget t, DevicePlan plan) {
    List<Finding> out = new ArrayList<>();
    for (DevicePlan.Part p : plan.parts()) {
      if (p.notRemediable() != null) {
        out.add(
            Finding.of(
                    RemediateRules.NOT_REMEDIABLE,
                    Severity.WARNING,
                    t.name()
                        + ": "
                        + p.part().label()
                        + " is not changed by remediation: "
                        + p.notRemediable())
                .at(p.findings().get(0).location())
                .onDevice(t.name())
                .onPort(p.part().port()));
      }
    }
    for (Finding f : plan.unplaceable()) {
      out.add(
          Finding.of(
                  RemediateRules.NOT_REMEDIABLE,
                  Severity.WARNING,
                  t.name()
                      + (f.port() == null ? "" : " " + f.port())
                      + ": "
                      + f.rule()
                      + " is not changed by remediation: "
                      + Planner.UNPLACEABLE)
              .at(f.location())
              .onDevice(t.name())
              .onPort(f.port()));
    }
    return out;
  }

  /** The drift findings among {@code findings}. */
  static List<Finding> drift(List<Finding> findings) {
    return findings.stream().filter(Planner::isDrift).toList();
  }

  /** A device's result with {@code status} instead, and the drift it had, plus {@code outcome}. */
  static DeviceResult instead(
      LiveTarget t,
      DeviceResult planned,
      DeviceStatus.Status status,
      String reason,
      Finding outcome) {
    List<Finding> drift =
        planned.plan() == null ? drift(planned.findings()) : planned.plan().driftFindings();
    return of(t, status, reason, planned.plan(), drift, outcome, planned.steps());
  }
}
