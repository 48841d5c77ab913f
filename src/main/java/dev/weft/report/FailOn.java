package dev.weft.report;

import dev.weft.finding.Severity;
import java.util.Locale;

/** The {@code --fail-on} threshold: the least serious severity that fails a run, or never. */
public enum FailOn {
  ERROR,
  WARNING,
  INFO,
  NEVER;

  /**
   * Parses {@code error|warning|info|never}; throws {@link IllegalArgumentException} naming the
   * choices.
   */
  public static FailOn parse(String word) {
    for (FailOn f : values()) {
      if (f.name().toLowerCase(Locale.ROOT).equals(word)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "--fail-on must be error, warning, info or never, found '" + word + "'");
  }

  /** True when a (non-waived) finding of this severity fails the run. */
  public boolean fails(Severity severity) {
    return switch (this) {
      case NEVER -> false;
      case ERROR -> severity.atLeast(Severity.ERROR);
      case WARNING -> severity.atLeast(Severity.WARNING);
      case INFO -> severity.atLeast(Severity.INFO);
    };
  }
}
