package dev.weft.diff;

import dev.weft.finding.Finding;
import java.util.Objects;

/**
 * A finding with its status and fingerprint. For {@link Status#FIXED} the finding is the base's
 * (its location points into base); otherwise it is head's.
 */
public record ClassifiedFinding(Finding finding, Status status, String fingerprint) {
  public ClassifiedFinding {
    Objects.requireNonNull(finding, "finding");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(fingerprint, "fingerprint");
  }
}
