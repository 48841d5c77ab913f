package dev.weft.report;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import java.io.IOException;
import java.io.Writer;

/**
 * {@code --format html}: one self-contained page (inline style, no script, no external resource)
 * with the counts, the findings and the devices, the run's notes, and a footer with the start time,
 * duration, Weft version, command line and inventory commit. Every value is escaped.
 */
final class HtmlReporter implements Reporter {

  private static final String STYLE =
      "body{font-family:sans-serif;margin:2em;color:#222}"
          + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}"
          + "code{font-family:monospace}.error{color:#b00020}.warning{color:#9a6700}.info{color:#0550ae}.waived{color:#777}";

  @Override
  public void write(Report report, Writer out) throws IOException {
    Summary s = report.summary();
    String title = report.tool() + " " + report.command() + " " + report.inventory();
    StringBuilder b = new StringBuilder();
    b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    b.append("<title>").append(Xml.text(title)).append("</title>\n");
    b.append("<style>").append(STYLE).append("</style>\n</head>\n<body>\n");
    b.append("<h1>").append(Xml.text(title)).append("</h1>\n");
    b.append("<p>")
        .append(Xml.text(Places.counts(s)))
        .append(" (")
        .append(Xml.text(report.tool() + " " + report.version()))
        .append(")</p>\n");
    if (report.findings().isEmpty()) {
      b.append("<p>No findings.</p>\n");
    } else {
      b.append("<table>\n<tr><th>severity</th><th>rule</th><th>where</th><th>message</th></tr>\n");
      for (Finding f : report.findings()) {
        String cls = f.waived() ? "waived" : f.severity().label();
        String severity = f.waived() ? "waived " + f.severity().label() : f.severity().label();
        b.append("<tr class=\"")
            .append(cls)
            .append("\"><td>")
            .append(severity)
            .append("</td><td><code>")
            .append(Xml.text(f.rule()))
            .append("</code></td><td><code>")
            .append(Xml.text(Places.where(f, report)));
        String target = Places.target(f);
        if (f.location() != null && target != null) {
          b.append(" (").append(Xml.text(target)).append(')');
        }
        b.append("</code></td><td>").append(Xml.text(f.message()));
        if (f.waived() && f.waiverReason() != null) {
          b.append(" <em>(waived: ").append(Xml.text(f.waiverReason())).append(")</em>");
        }
        b.append("</td></tr>\n");
      }
      b.append("</table>\n");
    }
    if (!report.devices().isEmpty()) {
      b.append(
          "<h2>Devices</h2>\n<table>\n<tr><th>device</th><th>status</th><th>reason</th></tr>\n");
      for (DeviceStatus d : report.devices()) {
        b.append("<tr><td><code>")
            .append(Xml.text(d.name()))
            .append("</code></td><td>")
            .append(d.status().label())
            .append("</td><td>")
            .append(d.reason() == null ? "" : Xml.text(d.reason()))
            .append("</td></tr>\n");
      }
      b.append("</table>\n");
    }
    for (String note : report.notes()) {
      b.append("<p class=\"note\">").append(Xml.text(note)).append("</p>\n");
    }
    RunInfo run = report.run();
    if (run != null) {
      // one element, so a comparison of two reports can strip it
      b.append("<footer class=\"run\"><p>Started ")
          .append(Xml.text(run.started().toString()))
          .append(", took ")
          .append(run.durationMillis())
          .append(" ms; ")
          .append(Xml.text(report.tool() + " " + report.version()))
          .append("; <code>")
          .append(Xml.text(run.commandLine()))
          .append("</code>; inventory commit ")
          .append(
              run.inventoryCommit() == null
                  ? "unknown (not in a Git repository)"
                  : "<code>" + Xml.text(run.inventoryCommit()) + "</code>")
          .append("; fails on ")
          .append(report.failOn().name().toLowerCase(java.util.Locale.ROOT))
          .append(".</p></footer>\n");
    }
    b.append("</body>\n</html>\n");
    out.write(b.toString());
  }
}
