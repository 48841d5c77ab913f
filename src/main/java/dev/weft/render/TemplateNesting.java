package dev.weft.render;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How deeply a template's block tags nest, read from its text before Jinjava parses it: Jinjava's
 * parser and renderer recurse once per level, and 20,000 nested {@code if}s overflowed the stack.
 * Real templates nest a handful of levels.
 */
final class TemplateNesting {

  /** Deepest nesting of block tags accepted (docs/limits.md). */
  static final int MAX_DEPTH = 100;

  private static final Pattern TAG = Pattern.compile("\\{%[-+]?\\s*(end)?([a-zA-Z_]+)");

  /** The tags that open a block closed by {@code end<name>}. */
  private static final java.util.Set<String> BLOCKS =
      java.util.Set.of(
          "if",
          "for",
          "macro",
          "call",
          "filter",
          "block",
          "raw",
          "with",
          "autoescape",
          "unless",
          "ifchanged");

  private TemplateNesting() {}

  /**
   * The 1-based line where the nesting first goes deeper than {@link #MAX_DEPTH}, or 0 when it
   * never does.
   */
  static int tooDeepAt(String text) {
    Matcher m = TAG.matcher(text);
    int depth = 0;
    while (m.find()) {
      String name = m.group(2);
      if (m.group(1) != null) {
        if (BLOCKS.contains(name)) {
          depth = Math.max(0, depth - 1);
        }
      } else if (BLOCKS.contains(name) && ++depth > MAX_DEPTH) {
        return lineOf(text, m.start());
      }
    }
    return 0;
  }

  private static int lineOf(String text, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }
}
