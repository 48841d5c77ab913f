package dev.weft.report;

import dev.weft.finding.Finding;
import java.util.List;

/**
 * Counts per severity. A waived finding is counted only as waived, never under its severity, so the
 * counts a reader sees are the ones that can fail a run.
 */
public record Summary(int error, int warning, int info, int waived) {

  public static Summary of(List<Finding> findings) {
    int error = 0;
    int warning = 0;
    int info = 0;
    int waived = 0;
    for (Finding f : findings) {
      if (f.waived()) {
        waived++;
        continue;
      }
      switch (f.severity()) {
        case ERROR -> error++;
        case WARNING -> warning++;
        case INFO -> info++;
      }
    }
    return new Summary(error, warning, info, waived);
  }

  public int total() {
    return error + warning + info + waived;
  }
}
