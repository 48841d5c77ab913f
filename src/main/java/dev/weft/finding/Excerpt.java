package dev.weft.finding;

/**
 * How a value from an input appears inside a message: cut to a readable length (a finding once
 * echoed a 1 MB scalar in full, for every one of thousands of findings) and, for text output, with
 * control characters escaped (a file or device name must not move the terminal's cursor or change
 * its colours).
 */
public final class Excerpt {

  /** Longest value quoted in a message, in characters. */
  public static final int MAX_VALUE_CHARS = 120;

  private Excerpt() {}

  /** {@code value} itself when short, else its start and how long it really is. */
  public static String cut(String value) {
    return cut(value, MAX_VALUE_CHARS);
  }

  /**
   * {@code value} itself when at most {@code max} characters long, else its start and its real
   * length.
   */
  public static String cut(String value, int max) {
    if (value == null || value.length() <= max) {
      return value;
    }
    int end = max;
    if (Character.isHighSurrogate(value.charAt(end - 1))) {
      end--; // never split a character in two
    }
    return value.substring(0, end) + "… (" + value.length() + " characters)";
  }

  /**
   * Escapes C0 and C1 control characters, DEL and the Unicode line and paragraph separators as
   * {@code \\u001b}-style sequences; a line break stays only when {@code keepNewlines}.
   */
  public static String escapeControls(String text, boolean keepNewlines) {
    if (text == null) {
      return null;
    }
    int i = 0;
    int n = text.length();
    while (i < n && !needsEscape(text.charAt(i), keepNewlines)) {
      i++;
    }
    if (i == n) {
      return text;
    }
    StringBuilder out = new StringBuilder(n + 16).append(text, 0, i);
    for (; i < n; i++) {
      char c = text.charAt(i);
      if (needsEscape(c, keepNewlines)) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static boolean needsEscape(char c, boolean keepNewlines) {
    if (c == '\n') {
      return !keepNewlines;
    }
    if (c == '\t') {
      return false;
    }
    return c < 0x20
        || c == 0x7f
        || (c >= 0x80 && c < 0xa0)
        || c == '\u2028'
        || c == '\u2029'
        || (c >= '\u202a' && c <= '\u202e')
        || (c >= '\u2066' && c <= '\u2069');
  }
}
