package dev.weft.report;

/** XML 1.0 text and attribute escaping for the JUnit and HTML reporters and the audit dashboard. */
public final class Xml {

  private Xml() {}

  /**
   * Escapes {@code < > & " '} and drops what XML 1.0 cannot carry at all (most C0 controls, lone
   * surrogates, U+FFFE/U+FFFF) as a visible {@code \\uXXXX}, so the document always parses. Tab,
   * newline and carriage return are written as character references inside attributes so parsers
   * keep them.
   */
  static String escape(String s, boolean attribute) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&apos;");
        case '\n' -> b.append(attribute ? "&#10;" : "\n");
        case '\r' -> b.append("&#13;");
        case '\t' -> b.append(attribute ? "&#9;" : "\t");
        default -> {
          if (Character.isHighSurrogate(c)
              && i + 1 < s.length()
              && Character.isLowSurrogate(s.charAt(i + 1))) {
            b.append(c).append(s.charAt(++i));
          } else if (c < 0x20 || Character.isSurrogate(c) || c == 0xfffe || c == 0xffff) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }

  static String text(String s) {
    return escape(s, false);
  }

  public static String attr(String s) {
    return escape(s, true);
  }
}
