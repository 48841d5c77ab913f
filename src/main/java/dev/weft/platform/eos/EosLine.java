package dev.weft.platform.eos;

import dev.weft.platform.ReadException;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of EOS running-config text, split into its words, with where each word starts: what the
 * readers name when a value cannot be read ({@code line 12, column 40}).
 */
final class EosLine {
  private final String what;
  private final String command;
  private final int number;
  private final String text;
  private final List<String> words;
  private final List<Integer> columns;

  /**
   * @param what the device or file, for messages
   * @param command the command whose output holds the line, or null for a whole file
   * @param number the line's number, from 1
   * @param raw the line as printed (its indentation counts for the columns)
   */
  EosLine(String what, String command, int number, String raw) {
    this.what = what;
    this.command = command;
    this.number = number;
    this.text = raw.strip();
    List<String> w = new ArrayList<>();
    List<Integer> c = new ArrayList<>();
    int i = 0;
    while (i < raw.length()) {
      while (i < raw.length() && Character.isWhitespace(raw.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < raw.length() && !Character.isWhitespace(raw.charAt(i))) {
        i++;
      }
      if (i > start) {
        w.add(raw.substring(start, i));
        c.add(start + 1);
      }
    }
    this.words = List.copyOf(w);
    this.columns = List.copyOf(c);
  }

  /** The line's words, without indentation. */
  String[] words() {
    return words.toArray(new String[0]);
  }

  /** The text after the first {@code n} words, as printed (a description). */
  String after(int n) {
    if (n >= words.size()) {
      return "";
    }
    return text.substring(columns.get(n) - columns.get(0));
  }

  /** {@code line N, column C (text)}, or with the command whose output held the line. */
  String where(int word) {
    int column = word < columns.size() ? columns.get(word) : text.length() + 1;
    String at = "line " + number + ", column " + column + " (" + shorten(text) + ")";
    return command == null ? at : "`" + command + "` " + at;
  }

  /** A refusal naming the line and the column of word {@code word}. */
  ReadException error(int word, String message) {
    String at = where(word);
    int column = word < columns.size() ? columns.get(word) : text.length() + 1;
    return new ReadException(what + ": " + at + ": " + message, at, number, column);
  }

  /** Word {@code i} as a whole number in {@code min..max}, or a refusal naming where it is. */
  long whole(int i, long min, long max) throws ReadException {
    if (i >= words.size()) {
      throw error(i, "expected a number " + min + ".." + max + ", found the end of the line");
    }
    String s = words.get(i);
    if (s.length() > 12 || !s.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
      throw error(i, "expected a number " + min + ".." + max + ", found '" + shorten(s) + "'");
    }
    long v = Long.parseLong(s);
    if (v < min || v > max) {
      throw error(i, s + " is out of range " + min + ".." + max);
    }
    return v;
  }

  int integer(int i, int min, int max) throws ReadException {
    return (int) whole(i, min, max);
  }

  private static String shorten(String s) {
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }
}
