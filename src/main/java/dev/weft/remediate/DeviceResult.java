package dev.weft.remediate;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import java.util.List;
import java.util.Objects;
import org.w3c.dom.Element;

/**
 * What {@code weft remediate} did to one device.
 *
 * @param status planned, remediated, rolled-back, rejected, refused, locked, skipped, ok, drift,
 *     unreachable or error
 * @param plan the plan (made under the lock when pushed), or null when the device could not be
 *     planned
 * @param findings what is left to say: the drift still there, and the one remediate-* or device-*
 *     finding of the outcome
 * @param steps the NETCONF steps of a push, in order, with their timings
 * @param before the whole running config before the edit (when asked for), or null
 * @param after the whole running config after it, or null
 * @param beforeText the same before the edit of a device whose config is a command's output (a
 *     SONiC CONFIG_DB), or null
 * @param afterText the same after it, or null
 */
public record DeviceResult(
    DeviceStatus status,
    DevicePlan plan,
    List<Finding> findings,
    List<StepRecord> steps,
    Element before,
    Element after,
    String beforeText,
    String afterText) {

  /** A result without command-output configs (NETCONF, or no backup asked for). */
  public DeviceResult(
      DeviceStatus status,
      DevicePlan plan,
      List<Finding> findings,
      List<StepRecord> steps,
      Element before,
      Element after) {
    this(status, plan, findings, steps, before, after, null, null);
  }

  /** This result with the configs, as their commands printed them, before and after the edit. */
  public DeviceResult withTexts(String before, String after) {
    return new DeviceResult(status, plan, findings, steps, this.before, this.after, before, after);
  }

  /**
   * One step of a push.
   *
   * @param step {@code lock}, {@code discard-changes}, {@code read}, {@code edit-config}, {@code
   *     validate}, {@code commit-confirmed}, {@code read-back}, {@code confirm}, {@code
   *     cancel-commit}, {@code unlock}...
   * @param result {@code ok}, {@code failed}, {@code skipped}
   * @param millis how long it took
   * @param detail what the device said or why, or null
   */
  public record StepRecord(String step, String result, long millis, String detail) {
    public StepRecord {
      Objects.requireNonNull(step, "step");
      Objects.requireNonNull(result, "result");
    }
  }

  public DeviceResult {
    Objects.requireNonNull(status, "status");
    findings = List.copyOf(findings);
    steps = List.copyOf(steps);
  }

  public String name() {
    return status.name();
  }
}
