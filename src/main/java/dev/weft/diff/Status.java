package dev.weft.diff;

import java.util.Locale;

/** Where a finding stands between base and head. */
public enum Status {
  /** In head, not in base: this change introduced it. Fails the run. */
  NEW,
  /** In base, not in head: this change fixed it. */
  FIXED,
  /** In both (or in the baseline file): known before this change. Counted, never failing. */
  EXISTING;

  /** The lower-case word every report format uses. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
