package dev.weft.report;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import java.io.IOException;
import java.io.Writer;

/**
 * {@code --format markdown}: a pull-request comment. A heading with the counts, a summary table,
 * one table row per finding with its place as {@code file:line} (what reviewers search for;
 * findings that differ only in device and port share one row that names them), notes about the run,
 * and the devices when the command tried any. All text from intent or devices is escaped so it
 * cannot inject markup or HTML into the comment.
 */
final class MarkdownReporter implements Reporter {

  @Override
  public void write(Report report, Writer out) throws IOException {
    Summary s = report.summary();
    StringBuilder b = new StringBuilder();
    b.append("## ")
        .append(escape(report.tool() + " " + report.command()))
        .append(": ")
        .append(Places.counts(s))
        .append("\n\n");
    b.append("Inventory ")
        .append(code(report.inventory()))
        .append(", ")
        .append(escape(report.tool()))
        .append(' ')
        .append(escape(report.version()))
        .append(".\n\n");
    b.append("| severity | count |\n|---|---:|\n");
    b.append("| error | ").append(s.error()).append(" |\n");
    b.append("| warning | ").append(s.warning()).append(" |\n");
    b.append("| info | ").append(s.info()).append(" |\n");
    b.append("| waived | ").append(s.waived()).append(" |\n\n");

    if (report.findings().isEmpty()) {
      b.append("No findings.\n");
    } else {
      b.append("### Findings\n\n");
      b.append("| severity | rule | where | message |\n|---|---|---|---|\n");
      for (Groups.Group g : Groups.of(report.findings())) {
        Finding f = g.first();
        String severity = f.waived() ? "waived " + f.severity().label() : f.severity().label();
        String message = escape(f.message()) + (g.single() ? "" : " (" + escape(g.targets()) + ")");
        if (f.waived() && f.waiverReason() != null) {
          message += " _(waived: " + escape(f.waiverReason()) + ")_";
        }
        b.append("| ")
            .append(severity)
            .append(" | ")
            .append(code(f.rule()))
            .append(" | ")
            .append(code(g.single() ? where(f, report) : groupWhere(f, report)))
            .append(" | ")
            .append(message)
            .append(" |\n");
      }
    }
    for (String note : report.notes()) {
      b.append("\n> ").append(escape(note)).append('\n');
    }
    if (!report.devices().isEmpty()) {
      b.append("\n### Devices\n\n| device | status | reason |\n|---|---|---|\n");
      for (DeviceStatus d : report.devices()) {
        b.append("| ")
            .append(code(d.name()))
            .append(" | ")
            .append(d.status().label())
            .append(" | ")
            .append(d.reason() == null ? "" : escape(d.reason()))
            .append(" |\n");
      }
    }
    out.write(b.toString());
  }

  /**
   * A group's place: its file and line (the targets are listed in the message), else the inventory.
   */
  private static String groupWhere(Finding f, Report report) {
    return f.location() != null
        ? f.location().file() + ":" + f.location().line()
        : report.inventory();
  }

  /**
   * {@code file:line} for intent findings (the column only clutters a comment), else the device and
   * port.
   */
  private static String where(Finding f, Report report) {
    if (f.location() != null) {
      String at = f.location().file() + ":" + f.location().line();
      String target = Places.target(f);
      return target == null ? at : at + " (" + target + ")";
    }
    return Places.where(f, report);
  }

  /**
   * A code span, safe in a table cell; falls back to escaped text when the value itself has a
   * backtick.
   */
  static String code(String s) {
    String flat = Places.oneLine(s);
    if (flat.indexOf('`') >= 0) {
      return escape(flat);
    }
    return "`" + flat.replace("|", "\\|") + "`";
  }

  /** Escapes Markdown and HTML metacharacters and keeps the text on one table row. */
  static String escape(String s) {
    String flat = Places.oneLine(s);
    StringBuilder b = new StringBuilder(flat.length() + 8);
    for (int i = 0; i < flat.length(); i++) {
      char c = flat.charAt(i);
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '\\', '`', '*', '_', '[', ']', '|', '#', '~', '!' -> b.append('\\').append(c);
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
