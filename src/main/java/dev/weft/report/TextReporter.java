package dev.weft.report;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Excerpt;
import dev.weft.finding.Finding;
import java.io.IOException;
import java.io.Writer;

/**
 * {@code --format text}: one line per finding in the compiler style editors and terminals link,
 * {@code path:line:col: severity [rule] message}; the device and port follow in parentheses when
 * the message is tied to a file, and take the place of the file when it is not. Waived findings say
 * so and why. Findings that differ only in their device and port are one line naming how many and
 * which ({@link Groups}). Device statuses other than ok come next, then notes about the run, then
 * one summary line.
 */
final class TextReporter implements Reporter {

  @Override
  public void write(Report report, Writer out) throws IOException {
    for (Groups.Group g : Groups.of(report.findings())) {
      Finding f = g.first();
      StringBuilder line = new StringBuilder();
      line.append(g.single() || f.location() != null ? Places.where(f, report) : report.inventory())
          .append(": ")
          .append(f.severity().label())
          .append(" [")
          .append(f.rule())
          .append("] ")
          .append(Places.oneLine(f.message()));
      String target = Places.target(f);
      if (!g.single()) {
        line.append(" (").append(g.targets()).append(')');
      } else if (f.location() != null && target != null) {
        line.append(" (").append(target).append(')');
      }
      if (f.waived()) {
        line.append(" [waived");
        if (f.waiverReason() != null) {
          line.append(": ").append(Places.oneLine(f.waiverReason()));
        }
        line.append(']');
      }
      out.write(terminalSafe(line) + "\n");
    }
    for (DeviceStatus d : report.devices()) {
      if (d.status() != DeviceStatus.Status.OK) {
        out.write(
            terminalSafe(
                    "device "
                        + d.name()
                        + ": "
                        + d.status().label()
                        + (d.reason() == null ? "" : " (" + Places.oneLine(d.reason()) + ")"))
                + "\n");
      }
    }
    for (String note : report.notes()) {
      out.write("note: " + Places.oneLine(note) + "\n");
    }
    StringBuilder summary = new StringBuilder();
    summary
        .append(report.tool())
        .append(' ')
        .append(report.command())
        .append(' ')
        .append(report.inventory())
        .append(": ")
        .append(Places.counts(report.summary()));
    if (!report.devices().isEmpty()) {
      long ok = OkDevices.of(report.devices(), report.findings()).size();
      summary
          .append("; devices: ")
          .append(ok)
          .append(" of ")
          .append(report.devices().size())
          .append(" ok");
    }
    out.write(terminalSafe(summary) + "\n");
  }

  /**
   * A line as a terminal shows it: control characters from names (a file called {@code
   * \e[31m.yaml}, a device name out of a reply) are written as {@code \u001b}, so they can neither
   * move the cursor nor recolour text.
   */
  private static String terminalSafe(CharSequence line) {
    return Excerpt.escapeControls(line.toString(), false);
  }
}
