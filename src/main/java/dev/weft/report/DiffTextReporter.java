package dev.weft.report;

import dev.weft.finding.Finding;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code weft diff} for a terminal: the summary line first (what a reviewer reads before deciding
 * to scroll), then the notes, the findings with their status, and the config changes. A change that
 * is the same on many devices (the same ECN threshold edit on every leaf) is shown once, with the
 * devices it applies to: diffs are grouped by their text with each device's own name taken out.
 */
final class DiffTextReporter implements DiffReporters.DiffReporter {

  /** How many device names a grouped change lists before "and N more". */
  static final int NAMED = 8;

  @Override
  public void write(DiffReport report, Writer out) throws IOException {
    Report plain = report.newFindingsReport();
    StringBuilder b = new StringBuilder();
    b.append(summaryLine(report)).append('\n');
    for (String note : report.notes()) {
      b.append("note: ").append(Places.oneLine(note)).append('\n');
    }
    for (DiffReport.Entry e : report.listed()) {
      Finding f = e.finding();
      b.append(e.status())
          .append(": ")
          .append(Places.where(f, plain))
          .append(": ")
          .append(f.severity().label())
          .append(" [")
          .append(f.rule())
          .append("] ")
          .append(Places.oneLine(f.message()));
      String target = Places.target(f);
      if (f.location() != null && target != null) {
        b.append(" (").append(target).append(')');
      }
      if (e.introducedBy() != null) {
        b.append(" [introduced by ")
            .append(DiffMarkdownReporter.commitWords(e.introducedBy()))
            .append(']');
      }
      b.append('\n');
    }
    List<Change> changes = distinct(report.changes());
    for (int i = 0; i < changes.size(); i++) {
      Change c = changes.get(i);
      DiffReport.DeviceChange first = c.devices().get(0);
      b.append("change ")
          .append(i + 1)
          .append(" of ")
          .append(changes.size())
          .append(": ")
          .append(first.change())
          .append(" on ")
          .append(devices(c.devices()))
          .append(first.note() == null ? "" : " (" + Places.oneLine(first.note()) + ")")
          .append('\n');
      for (DiffReport.FileChange f : first.files()) {
        b.append(f.diff());
        if (!f.diff().endsWith("\n")) {
          b.append('\n');
        }
      }
    }
    out.write(b.toString());
  }

  /**
   * Device changes that are the same apart from the device's own name, in the order of their first
   * device.
   */
  record Change(List<DiffReport.DeviceChange> devices) {}

  static List<Change> distinct(List<DiffReport.DeviceChange> changes) {
    Map<String, List<DiffReport.DeviceChange>> byText = new LinkedHashMap<>();
    for (DiffReport.DeviceChange c : changes) {
      StringBuilder key =
          new StringBuilder(c.change()).append('\u0000').append(c.note()).append('\u0000');
      for (DiffReport.FileChange f : c.files()) {
        key.append(f.file().replace(c.device(), "\u0001"))
            .append('\u0000')
            .append(f.diff().replace(c.device(), "\u0001"));
      }
      byText.computeIfAbsent(key.toString(), k -> new ArrayList<>()).add(c);
    }
    List<Change> out = new ArrayList<>();
    byText.values().forEach(group -> out.add(new Change(List.copyOf(group))));
    return out;
  }

  private static String devices(List<DiffReport.DeviceChange> group) {
    List<String> names = group.stream().map(DiffReport.DeviceChange::device).toList();
    if (names.size() == 1) {
      return names.get(0);
    }
    String shown = String.join(", ", names.subList(0, Math.min(NAMED, names.size())));
    return names.size()
        + " devices: "
        + shown
        + (names.size() > NAMED ? " and " + (names.size() - NAMED) + " more" : "")
        + " (the diff of "
        + names.get(0)
        + " shown)";
  }

  static String summaryLine(DiffReport report) {
    return "weft diff "
        + report.inventory()
        + " "
        + report.base()
        + " -> "
        + report.head()
        + ": "
        + report.withStatus(DiffReport.NEW).size()
        + " new, "
        + report.withStatus(DiffReport.FIXED).size()
        + " fixed, "
        + report.withStatus(DiffReport.EXISTING).size()
        + " existing; "
        + report.changes().size()
        + " of "
        + report.devicesCompared()
        + " devices' configs change ("
        + report.devicesRendered()
        + " re-rendered, "
        + distinct(report.changes()).size()
        + " distinct change"
        + (distinct(report.changes()).size() == 1 ? "" : "s")
        + ")";
  }
}
