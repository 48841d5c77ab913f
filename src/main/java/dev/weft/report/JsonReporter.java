package dev.weft.report;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.json.JsonWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --format json}: the fields of the CLI contract, in its order. Every finding carries every
 * field (absent ones as {@code null}) so consumers can rely on the shape; a device's {@code reason}
 * appears only when there is one, as in the contract's example. After them: {@code notes} (when
 * there are any), the {@code summary} with the {@code fail_on} threshold and whether the run {@code
 * failed} at it (the exit code is 1 exactly then), and {@code run}: start time, duration, command
 * line and inventory commit, the only fields that differ between two runs on the same input (one
 * object, so tools and tests strip it whole).
 */
final class JsonReporter implements Reporter {

  @Override
  public void write(Report report, Writer out) throws IOException {
    out.append(JsonWriter.write(tree(report), JsonWriter.Style.REPORT));
  }

  static Map<String, Object> tree(Report report) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("tool", report.tool());
    root.put("version", report.version());
    root.put("command", report.command());
    root.put("inventory", report.inventory());
    List<Object> findings = new ArrayList<>();
    for (Finding f : report.findings()) {
      findings.add(finding(f));
    }
    root.put("findings", findings);
    List<Object> devices = new ArrayList<>();
    for (DeviceStatus d : report.devices()) {
      Map<String, Object> device = new LinkedHashMap<>();
      device.put("name", d.name());
      device.put("status", d.status().label());
      if (d.reason() != null) {
        device.put("reason", d.reason());
      }
      devices.add(device);
    }
    root.put("devices", devices);
    Summary s = report.summary();
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("error", s.error());
    summary.put("warning", s.warning());
    summary.put("info", s.info());
    summary.put("waived", s.waived());
    summary.put("fail_on", report.failOn().name().toLowerCase(java.util.Locale.ROOT));
    summary.put("failed", report.exitCode() != Outcome.OK);
    if (!report.notes().isEmpty()) {
      root.put("notes", new ArrayList<Object>(report.notes()));
    }
    root.put("summary", summary);
    if (report.run() != null) {
      root.put("run", run(report.run()));
    }
    return root;
  }

  /** The run facts as JSON, shared with the diff report. */
  static Map<String, Object> run(RunInfo run) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("started", run.started().toString());
    m.put("duration_ms", run.durationMillis());
    m.put("command_line", run.commandLine());
    m.put("inventory_commit", run.inventoryCommit());
    return m;
  }

  static Map<String, Object> finding(Finding f) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("rule", f.rule());
    m.put("severity", f.severity().label());
    m.put("message", f.message());
    m.put("file", f.location() == null ? null : f.location().file());
    m.put("line", f.location() == null ? null : f.location().line());
    m.put("column", f.location() == null ? null : f.location().column());
    m.put("device", f.device());
    m.put("port", f.port());
    m.put("path", f.path());
    m.put("expected", f.expected());
    m.put("actual", f.actual());
    m.put("waived", f.waived());
    return m;
  }
}
