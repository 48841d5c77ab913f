package dev.weft.render;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns the line numbers Jinjava reports into lines of the template file. With {@code trim_blocks}
 * on, Jinjava drops the newline after a block tag or comment from its count, so every such line
 * makes later numbers one too small; this walks the file the same way and picks, among the file
 * lines that share the reported number, the one that shows the offending text.
 */
final class SourceLines {
  private SourceLines() {}

  static int fileLine(String text, int reported, String token) {
    if (reported < 1) {
      return 1;
    }
    List<Integer> candidates = new ArrayList<>();
    int counted = 1;
    int fileLine = 1;
    String[] lines = text.split("\n", -1);
    for (String line : lines) {
      if (counted == reported) {
        candidates.add(fileLine);
      } else if (counted > reported) {
        break;
      }
      String end = line.stripTrailing();
      boolean trimmed = line.endsWith("%}") || line.endsWith("#}");
      if (!trimmed || end.length() != line.length()) {
        counted++;
      }
      fileLine++;
    }
    if (candidates.isEmpty()) {
      return reported;
    }
    if (token != null && !token.isBlank()) {
      for (int candidate : candidates) {
        if (lines[candidate - 1].contains(token)) {
          return candidate;
        }
      }
    }
    return candidates.get(0);
  }

  /** The text a message points at: the unknown token, or the refused method or property. */
  static String tokenOf(String message, String fieldName) {
    if (message != null) {
      String marker = "Unknown token found: ";
      int at = message.indexOf(marker);
      if (at >= 0) {
        return message.substring(at + marker.length()).strip();
      }
      int quote = message.indexOf('\'');
      int close = quote < 0 ? -1 : message.indexOf('\'', quote + 1);
      if (close > quote + 1 && message.contains("not allowed")) {
        String name = message.substring(quote + 1, close);
        return name.endsWith("()") ? name.substring(0, name.length() - 1) : name;
      }
    }
    return fieldName == null || fieldName.isBlank() || fieldName.equals("null") ? null : fieldName;
  }
}
