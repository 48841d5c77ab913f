package dev.weft.report;

import dev.weft.finding.Finding;

/**
 * The exit code of a command that ran: 0 when no finding reaches the {@code --fail-on} threshold, 1
 * otherwise. Waived findings never count. (Exit codes 2 = usage and 3 = internal belong to the
 * CLI.)
 */
public final class Outcome {

  public static final int OK = 0;
  public static final int FINDINGS = 1;

  private Outcome() {}

  public static int exitCode(Report report, FailOn failOn) {
    return fails(report.findings(), failOn) ? FINDINGS : OK;
  }

  /** Whether any of these findings fails a run at this threshold (waived ones never do). */
  public static boolean fails(java.util.Collection<Finding> findings, FailOn failOn) {
    for (Finding f : findings) {
      if (!f.waived() && failOn.fails(f.severity())) {
        return true;
      }
    }
    return false;
  }
}
