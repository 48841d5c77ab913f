package dev.weft.report;

import dev.weft.finding.Finding;

/** How every human-readable format names the place of a finding, so they all agree. */
final class Places {

  private Places() {}

  /**
   * {@code file:line:col} when the finding has a location; otherwise {@code device port}, {@code
   * device}, or the inventory when it has neither.
   */
  static String where(Finding f, Report report) {
    if (f.location() != null) {
      return f.location().toString();
    }
    String target = target(f);
    return target != null ? target : report.inventory();
  }

  /** {@code device port}, {@code device}, or null. */
  static String target(Finding f) {
    if (f.device() == null) {
      return f.port();
    }
    return f.port() == null ? f.device() : f.device() + " " + f.port();
  }

  /** Counts in words: {@code 2 errors, 1 warning, 0 info, 1 waived}. */
  static String counts(Summary s) {
    return plural(s.error(), "error")
        + ", "
        + plural(s.warning(), "warning")
        + ", "
        + s.info()
        + " info, "
        + s.waived()
        + " waived";
  }

  private static String plural(int n, String word) {
    return n + " " + word + (n == 1 ? "" : "s");
  }

  /**
   * Keeps one finding on one terminal line: line breaks become a visible marker and other control
   * characters (an ANSI escape in a device reply, say) are shown as {@code \\uXXXX} rather than
   * obeyed.
   */
  static String oneLine(String s) {
    String joined = s.replace("\r\n", "\n").replace('\r', '\n').replace("\n", " \u21b5 ");
    StringBuilder b = new StringBuilder(joined.length());
    for (int i = 0; i < joined.length(); i++) {
      char c = joined.charAt(i);
      if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
