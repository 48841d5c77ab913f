package dev.weft.report;

import dev.weft.json.JsonWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code weft diff --format json}: the contract's report shape (every finding keeps every contract
 * field) plus {@code status} ({@code new|fixed|existing}) and {@code introducedBy} ({@code commit},
 * {@code author}, {@code summary}; null when blame cannot tell) on each finding, the two sides, and
 * the config changes. {@code summary} counts the new findings by severity (what fails) and adds the
 * diff counts.
 */
final class DiffJsonReporter implements DiffReporters.DiffReporter {

  @Override
  public void write(DiffReport report, Writer out) throws IOException {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("tool", Report.TOOL);
    root.put("version", report.version());
    root.put("command", "diff");
    root.put("inventory", report.inventory());
    root.put("baseInventory", report.baseInventory());
    root.put("base", report.base());
    root.put("head", report.head());
    List<Object> findings = new ArrayList<>();
    for (DiffReport.Entry e : report.listed()) {
      Map<String, Object> m = JsonReporter.finding(e.finding());
      m.put("status", e.status());
      DiffReport.Introduced by = e.introducedBy();
      if (by == null) {
        m.put("introducedBy", null);
      } else {
        Map<String, Object> i = new LinkedHashMap<>();
        i.put("commit", by.commit());
        i.put("author", by.author());
        i.put("summary", by.summary());
        m.put("introducedBy", i);
      }
      findings.add(m);
    }
    root.put("findings", findings);
    root.put("devices", List.of());
    List<Object> changes = new ArrayList<>();
    for (DiffReport.DeviceChange c : report.changes()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("device", c.device());
      m.put("change", c.change());
      List<Object> files = new ArrayList<>();
      for (DiffReport.FileChange f : c.files()) {
        Map<String, Object> fm = new LinkedHashMap<>();
        fm.put("file", f.file());
        fm.put("diff", f.diff());
        files.add(fm);
      }
      m.put("files", files);
      m.put("note", c.note());
      changes.add(m);
    }
    root.put("changes", changes);
    root.put("notes", new ArrayList<Object>(report.notes()));
    Summary s = report.newFindingsReport().summary();
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("error", s.error());
    summary.put("warning", s.warning());
    summary.put("info", s.info());
    summary.put("waived", s.waived());
    summary.put("new", report.withStatus(DiffReport.NEW).size());
    summary.put("fixed", report.withStatus(DiffReport.FIXED).size());
    summary.put("existing", report.withStatus(DiffReport.EXISTING).size());
    summary.put("devicesChanged", report.changes().size());
    summary.put("devicesCompared", report.devicesCompared());
    summary.put("devicesRendered", report.devicesRendered());
    root.put("summary", summary);
    if (report.run() != null) {
      root.put("run", JsonReporter.run(report.run()));
    }
    out.append(JsonWriter.write(root, JsonWriter.Style.REPORT));
  }
}
