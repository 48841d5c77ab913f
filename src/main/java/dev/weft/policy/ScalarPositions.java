package dev.weft.policy;

import dev.weft.finding.Location;
import java.util.List;

/**
 * Maps a position inside a YAML scalar's value (a CEL expression) back to the file line and column
 * where that character was written, whatever the scalar's style: plain, quoted, or a {@code |} /
 * {@code >} block. The value's characters are matched in order against the file text from the
 * scalar's start; what the YAML parser removed (quotes, escapes, block indentation, folded line
 * breaks) is skipped. A character that cannot be matched maps to the scalar's start, so a position
 * is never invented.
 */
final class ScalarPositions {

  /** How far the matcher looks past what YAML removed before it gives up on a character. */
  private static final int MAX_SKIP = 400;

  private final String fileText;
  private final Location start;
  private final String value;
  private final ScalarPositions parent;
  private final int base;

  /**
   * For a value joined from parts: each part's positions and where it starts in the joined value.
   */
  private final List<ScalarPositions> parts;

  private final int[] starts;
  private int[] lines;
  private int[] columns;

  /**
   * @param fileText the whole file as written
   * @param start where the scalar starts (its first character, quote or block indicator)
   * @param value the scalar's value as parsed
   */
  ScalarPositions(String fileText, Location start, String value) {
    this(fileText, start, value, null, 0);
  }

  private ScalarPositions(
      String fileText, Location start, String value, ScalarPositions parent, int base) {
    this.fileText = fileText;
    this.start = start;
    this.value = value;
    this.parent = parent;
    this.base = base;
    this.parts = List.of();
    this.starts = new int[0];
  }

  private ScalarPositions(Location start, String value, List<ScalarPositions> parts, int[] starts) {
    this.fileText = "";
    this.start = start;
    this.value = value;
    this.parent = null;
    this.base = 0;
    this.parts = List.copyOf(parts);
    this.starts = starts.clone();
  }

  /**
   * Positions of a value made by joining parts with text between them (the parts of a message
   * template checked as one list expression): a character of a part maps where that part maps it;
   * the joining text maps to the first part's start.
   *
   * @param starts where each part starts in {@code joined}
   */
  static ScalarPositions joined(String joined, List<ScalarPositions> parts, int[] starts) {
    return new ScalarPositions(parts.get(0).start(), joined, parts, starts);
  }

  /**
   * The positions of {@code length} characters of this value from {@code offset} (a part of a
   * message template).
   */
  ScalarPositions part(int offset, int length) {
    // a part's own text, for joining; its positions are this value's
    return new ScalarPositions(
        fileText, atOffset(offset), value.substring(offset, offset + length), this, offset);
  }

  Location start() {
    return start;
  }

  /**
   * The file position of a CEL source location.
   *
   * @param line 1-based line within the value
   * @param column 0-based column within that line, in code points (as CEL counts)
   */
  Location at(int line, int column) {
    int offset = 0;
    for (int l = 1; l < line && offset < value.length(); offset++) {
      if (value.charAt(offset) == '\n') {
        l++;
      }
    }
    for (int c = 0; c < column && offset < value.length() && value.charAt(offset) != '\n'; c++) {
      offset += Character.charCount(value.codePointAt(offset));
    }
    return atOffset(offset);
  }

  /** The file position of the value's character at {@code offset} (0-based). */
  Location atOffset(int offset) {
    if (parent != null) {
      return parent.atOffset(base + offset);
    }
    if (!parts.isEmpty()) {
      for (int i = parts.size() - 1; i >= 0; i--) {
        if (offset >= starts[i]) {
          return parts.get(i).atOffset(offset - starts[i]);
        }
      }
      return start;
    }
    if (lines == null) {
      match();
    }
    if (offset < 0 || offset >= value.length() || lines[offset] == 0) {
      return start;
    }
    return new Location(start.file(), lines[offset], columns[offset]);
  }

  private void match() {
    lines = new int[value.length()];
    columns = new int[value.length()];
    int pos = startIndex();
    if (pos < 0) {
      return;
    }
    int line = start.line();
    int col = start.column();
    for (int i = 0; i < value.length(); i++) {
      char want = value.charAt(i);
      int p = pos;
      int l = line;
      int c = col;
      int skipped = 0;
      while (p < fileText.length() && fileText.charAt(p) != want && skipped <= MAX_SKIP) {
        if (fileText.charAt(p) == '\n') {
          l++;
          c = 1;
        } else {
          c++;
        }
        p++;
        skipped++;
      }
      if (p >= fileText.length() || skipped > MAX_SKIP) {
        return; // the rest maps to the start
      }
      lines[i] = l;
      columns[i] = c;
      pos = p + 1;
      line = fileText.charAt(p) == '\n' ? l + 1 : l;
      col = fileText.charAt(p) == '\n' ? 1 : c + 1;
    }
  }

  /** The index in the file text of the scalar's start, or -1. */
  private int startIndex() {
    int line = 1;
    int i = 0;
    while (line < start.line() && i < fileText.length()) {
      if (fileText.charAt(i++) == '\n') {
        line++;
      }
    }
    int at = i + start.column() - 1;
    return line == start.line() && at < fileText.length() ? at : -1;
  }
}
