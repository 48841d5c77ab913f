package dev.weft.adopt;

import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * The few YAML forms the generated inventory uses, written deterministically: plain scalars where
 * YAML 1.2 reads them back as the same text, double quotes otherwise, flow maps for one-line
 * entries, and values in the units an engineer writes ({@code 150KB}, {@code 200ms}, {@code 400G},
 * {@code 3m}).
 */
final class YamlText {

  private static final Pattern PLAIN =
      Pattern.compile("[A-Za-z][A-Za-z0-9._/-]*|[0-9]+[A-Za-z][A-Za-z0-9._/-]*");
  private static final List<String> RESERVED =
      List.of("true", "false", "null", "yes", "no", "on", "off", "y", "n");

  private YamlText() {}

  /** A text value: plain when it reads back as this text, else double-quoted. */
  static String text(String value) {
    if (PLAIN.matcher(value).matches()
        && !RESERVED.contains(value.toLowerCase(java.util.Locale.ROOT))
        && !value.toLowerCase(java.util.Locale.ROOT).matches("[0-9].*e[0-9]*|0x.*|0o.*")) {
      return value;
    }
    StringBuilder out = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\x%02x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }

  /** {@code { k: v, ... }} from already-written values, in the map's order. */
  static String flow(Map<String, String> entries) {
    StringJoiner j = new StringJoiner(", ", "{ ", " }");
    entries.forEach((k, v) -> j.add(k + ": " + v));
    return j.toString();
  }

  /** {@code [a, b]} from already-written values. */
  static String list(List<String> values) {
    return "[" + String.join(", ", values) + "]";
  }

  static String bytes(long b) {
    if (b != 0 && b % 1_000_000 == 0) {
      return b / 1_000_000 + "MB";
    }
    if (b != 0 && b % 1000 == 0) {
      return b / 1000 + "KB";
    }
    return String.valueOf(b);
  }

  static String millis(long ms) {
    return ms + "ms";
  }

  static String gbps(int g) {
    return g + "G";
  }

  static String metres(int m) {
    return m + "m";
  }
}
