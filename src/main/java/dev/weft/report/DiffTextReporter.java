package dev.weft.report;

import dev.weft.finding.Finding;
import java.io.IOException;
import java.io.Writer;

/** {@code weft diff} for a terminal: the findings with their status, the config diffs, one summary line. */
final class DiffTextReporter implements DiffReporters.DiffReporter {

    @Override
    public void write(DiffReport report, Writer out) throws IOException {
        Report plain = report.newFindingsReport();
        StringBuilder b = new StringBuilder();
        for (String note : report.notes()) {
            b.append("note: ").append(Places.oneLine(note)).append('\n');
        }
        for (DiffReport.Entry e : report.listed()) {
            Finding f = e.finding();
            b.append(e.status()).append(": ").append(Places.where(f, plain)).append(": ").append(f.severity().label())
                    .append(" [").append(f.rule()).append("] ").append(Places.oneLine(f.message()));
            String target = Places.target(f);
            if (f.location() != null && target != null) {
                b.append(" (").append(target).append(')');
            }
            if (e.introducedBy() != null) {
                b.append(" [introduced by ").append(DiffMarkdownReporter.commitWords(e.introducedBy())).append(']');
            }
            b.append('\n');
        }
        for (DiffReport.DeviceChange c : report.changes()) {
            b.append("device ").append(c.device()).append(": ").append(c.change())
                    .append(c.note() == null ? "" : " (" + Places.oneLine(c.note()) + ")").append('\n');
            for (DiffReport.FileChange f : c.files()) {
                b.append(f.diff());
                if (!f.diff().endsWith("\n")) {
                    b.append('\n');
                }
            }
        }
        b.append(summaryLine(report)).append('\n');
        out.write(b.toString());
    }

    static String summaryLine(DiffReport report) {
        return "weft diff " + report.inventory() + " " + report.base() + " -> " + report.head() + ": "
                + report.withStatus(DiffReport.NEW).size() + " new, " + report.withStatus(DiffReport.FIXED).size() + " fixed, "
                + report.withStatus(DiffReport.EXISTING).size() + " existing; " + report.changes().size() + " of "
                + report.devicesCompared() + " devices' configs change (" + report.devicesRendered() + " re-rendered)";
    }
}
