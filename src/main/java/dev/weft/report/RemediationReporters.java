package dev.weft.report;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.json.JsonWriter;
import dev.weft.platform.Remediation;
import dev.weft.remediate.DevicePlan;
import dev.weft.remediate.DeviceResult;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Output formats of {@code weft remediate}. Text and JSON show the whole record (plans with their
 * XML, steps, timings, rollbacks, backup commits); SARIF, JUnit, Markdown and HTML carry the
 * findings and device statuses, as for drift. The exit code follows the findings: 1 while any drift
 * or failure is left at {@code --fail-on}.
 */
public final class RemediationReporters {

  /** Writes a remediation report in one format. */
  public interface RemediationReporter {
    void write(RemediationReport report, Writer out) throws IOException;
  }

  private RemediationReporters() {}

  public static RemediationReporter forFormat(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "text" -> RemediationReporters::text;
      case "json" ->
          (report, out) -> out.append(JsonWriter.write(tree(report), JsonWriter.Style.REPORT));
      case "sarif", "junit", "markdown", "html" -> {
        Reporter plain = Reporters.forFormat(name);
        yield (report, out) -> plain.write(report.plain(), out);
      }
      default ->
          throw new IllegalArgumentException(
              "--format must be one of "
                  + String.join(", ", Reporters.FORMATS)
                  + ", found '"
                  + name
                  + "'");
    };
  }

  public static int exitCode(RemediationReport report, FailOn failOn) {
    return Outcome.exitCode(report.plain(), failOn);
  }

  // ------------------------------------------------------------------ JSON

  static Map<String, Object> tree(RemediationReport report) {
    Map<String, Object> plain = JsonReporter.tree(report.plain());
    Map<String, Object> root = new LinkedHashMap<>();
    for (String key : List.of("tool", "version", "command", "inventory")) {
      root.put(key, plain.get(key));
    }
    root.put("mode", report.mode());
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("confirm_timeout_s", report.settings().confirmTimeoutSeconds());
    settings.put("max_parallel", report.settings().maxParallel());
    settings.put("max_devices", report.settings().maxDevices());
    settings.put("canary", report.settings().canary());
    settings.put("from", report.settings().from());
    root.put("settings", settings);
    root.put("findings", plain.get("findings"));
    root.put("devices", plain.get("devices"));
    List<Object> plans = new ArrayList<>();
    for (DeviceResult d : report.devices()) {
      plans.add(device(d));
    }
    root.put("plans", plans);
    if (report.backup() != null) {
      Map<String, Object> b = new LinkedHashMap<>();
      b.put("repository", report.backup().repository());
      b.put("before", report.backup().before());
      b.put("after", report.backup().after());
      root.put("backup", b);
    }
    if (!report.notes().isEmpty()) {
      root.put("notes", new ArrayList<Object>(report.notes()));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> summary = new LinkedHashMap<>((Map<String, Object>) plain.get("summary"));
    Map<String, Object> byStatus = new TreeMap<>();
    report
        .devices()
        .forEach(
            d -> byStatus.merge(d.status().status().label(), 1L, (a, b) -> (Long) a + (Long) b));
    summary.put("devices", byStatus);
    root.put("summary", summary);
    return root;
  }

  private static Map<String, Object> device(DeviceResult d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("device", d.name());
    m.put("status", d.status().status().label());
    m.put("reason", d.status().reason());
    DevicePlan plan = d.plan();
    m.put("platform", plan == null ? null : plan.platform());
    List<Object> parts = new ArrayList<>();
    List<Object> unplaceable = new ArrayList<>();
    if (plan != null) {
      for (DevicePlan.Part p : plan.parts()) {
        Map<String, Object> part = new LinkedHashMap<>();
        part.put("feature", p.part().feature().word());
        part.put("port", p.part().port());
        List<Object> ops = new ArrayList<>();
        for (Remediation.Step s : p.steps()) {
          Map<String, Object> op = new LinkedHashMap<>();
          op.put("operation", s.operation().word());
          op.put("path", s.path());
          ops.add(op);
        }
        part.put("edits", ops);
        part.put("not_remediable", p.notRemediable());
        part.put("findings", findings(p.findings()));
        parts.add(part);
      }
      unplaceable.addAll(findings(plan.unplaceable()));
    }
    m.put("parts", parts);
    m.put("not_remediable", unplaceable);
    m.put("edit", plan == null || plan.edit().isEmpty() ? null : plan.edit().config());
    m.put("edit_kind", plan == null || plan.edit().isEmpty() ? null : plan.edit().kind());
    List<Object> steps = new ArrayList<>();
    for (DeviceResult.StepRecord s : d.steps()) {
      Map<String, Object> step = new LinkedHashMap<>();
      step.put("step", s.step());
      step.put("result", s.result());
      step.put("ms", s.millis());
      step.put("detail", s.detail());
      steps.add(step);
    }
    m.put("steps", steps);
    return m;
  }

  private static List<Object> findings(List<Finding> fs) {
    List<Object> out = new ArrayList<>();
    fs.forEach(f -> out.add(JsonReporter.finding(f)));
    return out;
  }

  // ------------------------------------------------------------------ text

  private static void text(RemediationReport report, Writer out) throws IOException {
    Report plain = report.plain();
    for (DeviceResult d : report.devices()) {
      DeviceStatus s = d.status();
      if (s.status() == DeviceStatus.Status.OK
          && (d.plan() == null || d.plan().parts().isEmpty())) {
        continue;
      }
      StringBuilder b = new StringBuilder(d.name()).append(": ").append(s.status().label());
      if (s.reason() != null) {
        b.append(" (").append(Places.oneLine(s.reason())).append(')');
      }
      b.append('\n');
      DevicePlan plan = d.plan();
      if (plan != null) {
        for (DevicePlan.Part p : plan.parts()) {
          b.append("  ").append(p.part().label()).append('\n');
          for (Finding f : p.findings()) {
            b.append("    ")
                .append(Places.where(f, plain))
                .append(": ")
                .append(Places.oneLine(f.message()))
                .append('\n');
          }
          for (Remediation.Step step : p.steps()) {
            b.append("    -> ")
                .append(step.operation().word())
                .append(' ')
                .append(step.path())
                .append('\n');
          }
          if (p.notRemediable() != null) {
            b.append("    not changed: ").append(Places.oneLine(p.notRemediable())).append('\n');
          }
        }
        for (Finding f : plan.unplaceable()) {
          b.append("  not changed: ")
              .append(Places.where(f, plain))
              .append(": ")
              .append(Places.oneLine(f.message()))
              .append('\n');
        }
        if (!plan.edit().isEmpty()) {
          b.append("  ").append(plan.edit().kind()).append(":\n");
          plan.edit().config().lines().forEach(l -> b.append("    ").append(l).append('\n'));
        }
      }
      if (!d.steps().isEmpty()) {
        b.append("  steps:");
        for (DeviceResult.StepRecord step : d.steps()) {
          b.append(' ')
              .append(step.step())
              .append(step.result().equals("ok") ? "" : " " + step.result())
              .append(" ")
              .append(step.millis())
              .append(" ms,");
        }
        b.setLength(b.length() - 1);
        b.append('\n');
      }
      out.write(b.toString());
    }
    Reporters.forFormat("text").write(plain, out);
    if (report.backup() != null) {
      out.write(
          "backup "
              + report.backup().repository()
              + ": before "
              + orNone(report.backup().before())
              + ", after "
              + orNone(report.backup().after())
              + "\n");
    }
    for (String note : report.notes()) {
      out.write("note: " + note + "\n");
    }
    out.write(
        report.apply()
            ? "applied: " + counts(report) + "\n"
            : "dry run: nothing was sent to any device ("
                + counts(report)
                + "); --apply pushes the plans\n");
  }

  private static String orNone(String commit) {
    return commit == null ? "no commit" : commit.substring(0, Math.min(12, commit.length()));
  }

  private static String counts(RemediationReport report) {
    Map<String, Integer> byStatus = new TreeMap<>();
    report.devices().forEach(d -> byStatus.merge(d.status().status().label(), 1, Integer::sum));
    List<String> parts = new ArrayList<>();
    byStatus.forEach((k, v) -> parts.add(v + " " + k));
    return parts.isEmpty() ? "no devices" : String.join(", ", parts);
  }
}
