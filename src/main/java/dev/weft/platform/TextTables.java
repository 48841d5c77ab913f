package dev.weft.platform;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tables SONiC's show commands print (python tabulate, "simple" format): a header line, a line
 * of dash runs (one per column), rows until a blank line; one output may hold several tables.
 * Header cells are cut at the dash runs (they may hold spaces: {@code Port Rx}); row cells hold
 * none, so they split on blanks.
 */
public final class TextTables {

  /** One table: its header cells and its rows, each row as many cells as the header. */
  public record Table(List<String> header, List<List<String>> rows) {
    public Table {
      header = List.copyOf(header);
      rows = List.copyOf(rows);
    }

    public int column(String name) {
      return header.indexOf(name);
    }
  }

  private static final Pattern RULE = Pattern.compile("^[ -]*--[ -]*$");
  private static final Pattern DASHES = Pattern.compile("-+");

  /** Longest output read: a 512-port switch prints a few hundred kB. */
  public static final int MAX_CHARS = 8 * 1024 * 1024;

  private TextTables() {}

  public static List<Table> parse(String text) {
    List<Table> tables = new ArrayList<>();
    if (text == null || text.length() > MAX_CHARS) {
      return tables;
    }
    List<String> lines = text.lines().toList();
    for (int i = 1; i < lines.size(); i++) {
      if (!RULE.matcher(lines.get(i)).matches()) {
        continue;
      }
      List<String> header = header(lines.get(i - 1), lines.get(i));
      List<List<String>> rows = new ArrayList<>();
      int j = i + 1;
      for (; j < lines.size() && !lines.get(j).isBlank(); j++) {
        List<String> cells = List.of(lines.get(j).trim().split("\\s+"));
        if (cells.size() == header.size()) {
          rows.add(cells);
        }
      }
      tables.add(new Table(header, rows));
      i = j;
    }
    return tables;
  }

  private static List<String> header(String line, String rule) {
    List<String> cells = new ArrayList<>();
    Matcher m = DASHES.matcher(rule);
    while (m.find()) {
      int from = Math.min(m.start(), line.length());
      int to = Math.min(m.end(), line.length());
      cells.add(line.substring(from, to).trim());
    }
    return cells;
  }

  /**
   * A counter cell as a number: thousands separators dropped; null for N/A and anything not a
   * count.
   */
  public static Long count(String cell) {
    String digits = cell.replace(",", "");
    if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(Character::isDigit)) {
      return null;
    }
    return Long.parseLong(digits);
  }
}
