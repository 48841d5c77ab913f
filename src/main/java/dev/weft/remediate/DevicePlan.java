package dev.weft.remediate;

import dev.weft.finding.Finding;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Remediation;
import java.util.List;
import java.util.Objects;

/**
 * What {@code weft remediate} would send to one device: each drifted part with the drift findings
 * that make it (their intent lines own the values sent) and the subtrees that bring it back, and
 * the one {@code <edit-config>} payload for all of them.
 *
 * @param device device name
 * @param platform its platform pack
 * @param parts the drifted parts, in order; a part the platform cannot edit has no steps and a
 *     reason
 * @param unplaceable drift findings that name no part a remediation could edit (a missing port, a
 *     port speed)
 * @param edit the edit; {@link Remediation.Edit#isEmpty()} when nothing can be sent
 */
public record DevicePlan(
    String device,
    String platform,
    List<Part> parts,
    List<Finding> unplaceable,
    Remediation.Edit edit) {

  /**
   * One drifted part.
   *
   * @param part feature and port
   * @param findings the drift findings of this part (what differs, and the intent line of each
   *     value)
   * @param steps the subtrees sent for it
   * @param notRemediable why it is not sent, or null
   */
  public record Part(
      DriftedPart part,
      List<Finding> findings,
      List<Remediation.Step> steps,
      String notRemediable) {
    public Part {
      Objects.requireNonNull(part, "part");
      findings = List.copyOf(findings);
      steps = List.copyOf(steps);
    }
  }

  public DevicePlan {
    Objects.requireNonNull(device, "device");
    parts = List.copyOf(parts);
    unplaceable = List.copyOf(unplaceable);
    Objects.requireNonNull(edit, "edit");
  }

  /** Whether there is anything to send. */
  public boolean sendsSomething() {
    return !edit.isEmpty();
  }

  /** The parts that are sent. */
  public List<DriftedPart> sentParts() {
    return parts.stream()
        .filter(p -> p.notRemediable() == null && !p.steps().isEmpty())
        .map(Part::part)
        .toList();
  }

  /** Every drift finding of the plan, sent or not. */
  public List<Finding> driftFindings() {
    List<Finding> all = new java.util.ArrayList<>();
    parts.forEach(p -> all.addAll(p.findings()));
    all.addAll(unplaceable);
    all.sort(Finding.ORDER);
    return List.copyOf(all);
  }
}
