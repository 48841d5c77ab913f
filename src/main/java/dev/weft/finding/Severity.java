package dev.weft.finding;

import java.util.Locale;

/** How serious a finding is. Ordered from most to least serious. */
public enum Severity {
  ERROR,
  WARNING,
  INFO;

  /** The lower-case word used in reports and in {@code rule.yaml}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** True when this severity is at least as serious as {@code threshold}. */
  public boolean atLeast(Severity threshold) {
    return ordinal() <= threshold.ordinal();
  }

  /**
   * Parses {@code error|warning|info}; throws {@link IllegalArgumentException} on anything else.
   */
  public static Severity parse(String word) {
    for (Severity s : values()) {
      if (s.label().equals(word)) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "severity must be error, warning or info, found '" + word + "'");
  }
}
