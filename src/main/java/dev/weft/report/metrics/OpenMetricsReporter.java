package dev.weft.report.metrics;

import dev.weft.audit.AuditReport;
import dev.weft.audit.Coverage;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.health.CounterSnapshot;
import dev.weft.health.HealthCheck;
import dev.weft.report.dashboard.FeatureGrid;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code --output openmetrics=FILE}: one night's audit in the OpenMetrics text format, for
 * Prometheus through node-exporter's textfile collector (docs/audit.md, "Metrics"). Every family is
 * a gauge: the file is a snapshot taken once a night, so a device counter is written as read and
 * its rise since the previous night as its own family ({@code rate()} over one sample a night would
 * say nothing). States are written as OpenMetrics state sets are, one series per state with 1 for
 * the current one and 0 for the others, so an alert on {@code == 1} sees a device leave a state as
 * surely as enter it. The file parses as the Prometheus text format too (the textfile collector's
 * reader): {@code # UNIT} and {@code # EOF} are comments there.
 */
public final class OpenMetricsReporter {

  /**
   * One metric family: its name, type, unit (empty: none), labels and help. {@link #FAMILIES} is
   * the documented list; docs/audit.md's table is generated from it.
   */
  public record Family(String name, String unit, List<String> labels, String help) {}

  private static final String P = "weft_audit_";
  static final Family INFO =
      new Family(
          P + "info",
          "",
          List.of("inventory", "version", "shard", "revision"),
          "The audit that wrote this file (value 1).");
  static final Family STARTED =
      new Family(
          P + "started_timestamp_seconds",
          "seconds",
          List.of(),
          "When the audit started (Unix time).");
  static final Family DURATION =
      new Family(
          P + "duration_seconds",
          "seconds",
          List.of(),
          "How long the audit ran (the longest shard for a merged report).");
  static final Family COMPLETE =
      new Family(
          P + "coverage_complete",
          "",
          List.of(),
          "1 when the report covers every device of the inventory (an unsharded or merged audit), 0 for one shard.");
  static final Family DEVICES =
      new Family(P + "devices", "", List.of("status"), "Devices by status.");
  static final Family STATUS =
      new Family(
          P + "device_status",
          "",
          List.of("device", "status"),
          "State set: 1 for the device's status (ok, drift, not-audited, unreachable, error), 0 for the others.");
  static final Family UNREACHABLE =
      new Family(
          P + "device_unreachable",
          "",
          List.of("device"),
          "1 when the device could not be connected to or logged in to.");
  static final Family HEALTH =
      new Family(
          P + "device_health",
          "",
          List.of("device", "health"),
          "State set: 1 for the device's health (ok, alert, baseline, not-read, not-served), 0 for the others.");
  static final Family FEATURE =
      new Family(
          P + "feature_drift",
          "",
          List.of("device", "feature"),
          "1 when the feature (classification, pfc, ecn, scheduler, watchdog, buffers, mtu, hash) differs from the"
              + " intent or fails a rule on the live config; a device that was not read has no series.");
  static final Family FINDINGS =
      new Family(
          P + "findings",
          "",
          List.of("device", "severity"),
          "Findings of the device by severity (waived ones left out; device \"\" for fabric-wide findings).");
  static final Family COUNTER =
      new Family(
          P + "port_reading",
          "",
          List.of("device", "port", "counter", "index"),
          "A health counter as read tonight (counter: pfc-rx, pfc-tx, queue-tx, queue-drop, wd-storm, wd-drop, a"
              + " NIC's, or an InfiniBand port's ib-*; index: the priority or queue, 0 for ib-*).");
  static final Family DELTA =
      new Family(
          P + "port_increase",
          "",
          List.of("device", "port", "counter", "index"),
          "The counter's rise since the previous night (no series on the first night or after the counter went"
              + " down: a new baseline).");

  /** Every family, in the order the file writes them. */
  public static final List<Family> FAMILIES =
      List.of(
          INFO,
          STARTED,
          DURATION,
          COMPLETE,
          DEVICES,
          STATUS,
          UNREACHABLE,
          HEALTH,
          FEATURE,
          FINDINGS,
          COUNTER,
          DELTA);

  private static final List<DeviceStatus.Status> AUDIT_STATUSES =
      List.of(
          DeviceStatus.Status.OK,
          DeviceStatus.Status.DRIFT,
          DeviceStatus.Status.NOT_AUDITED,
          DeviceStatus.Status.UNREACHABLE,
          DeviceStatus.Status.ERROR);
  private static final List<String> DRIFT_FEATURES =
      FeatureGrid.FEATURES.stream().filter(f -> !f.equals("health")).toList();

  private OpenMetricsReporter() {}

  /**
   * The file for {@code report}; {@code previous} is the previous night's snapshot (for the
   * deltas).
   */
  public static String write(AuditReport report, CounterSnapshot previous) {
    StringBuilder out = new StringBuilder();
    Coverage coverage = report.meta().coverage();
    family(out, INFO);
    sample(
        out,
        INFO,
        List.of(
            report.inventory(),
            report.version(),
            report.meta().shard(),
            coverage == null ? "" : coverage.revision()),
        1);
    family(out, STARTED);
    sample(out, STARTED, List.of(), epochSeconds(report.meta().started()));
    family(out, DURATION);
    decimal(out, DURATION, report.meta().durationMs() / 1000.0);
    family(out, COMPLETE);
    sample(out, COMPLETE, List.of(), coverage != null && coverage.complete() ? 1 : 0);
    Map<DeviceStatus.Status, Long> byStatus = new TreeMap<>();
    report.devices().forEach(d -> byStatus.merge(d.status(), 1L, Long::sum));
    family(out, DEVICES);
    for (DeviceStatus.Status s : AUDIT_STATUSES) {
      sample(out, DEVICES, List.of(s.label()), byStatus.getOrDefault(s, 0L));
    }
    family(out, STATUS);
    for (DeviceStatus d : report.devices()) {
      for (DeviceStatus.Status s : AUDIT_STATUSES) {
        sample(out, STATUS, List.of(d.name(), s.label()), d.status() == s ? 1 : 0);
      }
    }
    family(out, UNREACHABLE);
    for (DeviceStatus d : report.devices()) {
      sample(
          out,
          UNREACHABLE,
          List.of(d.name()),
          d.status() == DeviceStatus.Status.UNREACHABLE ? 1 : 0);
    }
    family(out, HEALTH);
    for (DeviceStatus d : report.devices()) {
      String health = report.health().getOrDefault(d.name(), HealthCheck.State.NOT_READ.label());
      for (HealthCheck.State s : HealthCheck.State.values()) {
        sample(out, HEALTH, List.of(d.name(), s.label()), s.label().equals(health) ? 1 : 0);
      }
    }
    Map<String, List<Finding>> byDevice = new TreeMap<>();
    report
        .findings()
        .forEach(
            f ->
                byDevice
                    .computeIfAbsent(f.device() == null ? "" : f.device(), k -> new ArrayList<>())
                    .add(f));
    family(out, FEATURE);
    for (DeviceStatus d : report.devices()) {
      if (d.status() != DeviceStatus.Status.OK && d.status() != DeviceStatus.Status.DRIFT) {
        continue;
      }
      Map<String, String> cells =
          FeatureGrid.cells(
              d, byDevice.getOrDefault(d.name(), List.of()), report.health().get(d.name()));
      for (String feature : DRIFT_FEATURES) {
        sample(
            out, FEATURE, List.of(d.name(), feature), "drift".equals(cells.get(feature)) ? 1 : 0);
      }
    }
    family(out, FINDINGS);
    List<String> devices =
        new ArrayList<>(report.devices().stream().map(DeviceStatus::name).toList());
    if (byDevice.containsKey("")) {
      devices.add(0, "");
    }
    for (String d : devices) {
      for (Severity s : List.of(Severity.ERROR, Severity.WARNING, Severity.INFO)) {
        long n =
            byDevice.getOrDefault(d, List.of()).stream()
                .filter(f -> f.severity() == s && !f.waived())
                .count();
        sample(out, FINDINGS, List.of(d, s.label()), n);
      }
    }
    family(out, COUNTER);
    report
        .counters()
        .devices()
        .forEach(
            (device, counters) ->
                counters
                    .ports()
                    .forEach(
                        (port, values) ->
                            values.forEach(
                                (name, value) ->
                                    sample(
                                        out, COUNTER, counterLabels(device, port, name), value))));
    family(out, DELTA);
    report
        .counters()
        .devices()
        .forEach(
            (device, counters) ->
                counters
                    .ports()
                    .forEach(
                        (port, values) ->
                            values.forEach(
                                (name, value) -> {
                                  Long before = before(previous, device, port, name);
                                  if (before != null && value >= before) {
                                    sample(
                                        out,
                                        DELTA,
                                        counterLabels(device, port, name),
                                        value - before);
                                  }
                                })));
    out.append("# EOF\n");
    return out.toString();
  }

  private static Long before(CounterSnapshot previous, String device, String port, String name) {
    var c = previous == null ? null : previous.devices().get(device);
    Map<String, Long> p = c == null ? null : c.ports().get(port);
    return p == null ? null : p.get(name);
  }

  /**
   * {@code pfc-rx:3} as counter {@code pfc-rx}, index {@code 3}; a counter without an index has
   * index "".
   */
  private static List<String> counterLabels(String device, String port, String name) {
    int colon = name.lastIndexOf(':');
    return colon < 0
        ? List.of(device, port, name, "")
        : List.of(device, port, name.substring(0, colon), name.substring(colon + 1));
  }

  private static long epochSeconds(String iso) {
    try {
      return iso == null ? 0 : Instant.parse(iso).getEpochSecond();
    } catch (DateTimeParseException e) {
      return 0;
    }
  }

  private static void family(StringBuilder out, Family f) {
    out.append("# TYPE ").append(f.name()).append(" gauge\n");
    if (!f.unit().isEmpty()) {
      out.append("# UNIT ").append(f.name()).append(' ').append(f.unit()).append('\n');
    }
    out.append("# HELP ").append(f.name()).append(' ').append(escape(f.help(), false)).append('\n');
  }

  private static void sample(StringBuilder out, Family f, List<String> values, long value) {
    labels(out, f, values);
    out.append(value).append('\n');
  }

  private static void decimal(StringBuilder out, Family f, double value) {
    labels(out, f, List.of());
    out.append(String.format(Locale.ROOT, "%.3f", value)).append('\n');
  }

  private static void labels(StringBuilder out, Family f, List<String> values) {
    out.append(f.name());
    if (!f.labels().isEmpty()) {
      out.append('{');
      for (int i = 0; i < f.labels().size(); i++) {
        out.append(i == 0 ? "" : ",")
            .append(f.labels().get(i))
            .append("=\"")
            .append(escape(values.get(i) == null ? "" : values.get(i), true))
            .append('"');
      }
      out.append('}');
    }
    out.append(' ');
  }

  /** OpenMetrics escapes: backslash, newline, and in label values the double quote. */
  private static String escape(String text, boolean quote) {
    StringBuilder s = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '\\' -> s.append("\\\\");
        case '\n' -> s.append("\\n");
        case '"' -> s.append(quote ? "\\\"" : "\"");
        default -> s.append(c);
      }
    }
    return s.toString();
  }

  /** The documented table of {@link #FAMILIES} (docs/audit.md, "Metrics"). */
  public static String table() {
    StringBuilder s = new StringBuilder("| metric | labels | meaning |\n|---|---|---|\n");
    for (Family f : FAMILIES) {
      s.append("| `")
          .append(f.name())
          .append("` | ")
          .append(f.labels().isEmpty() ? "—" : "`" + String.join("`, `", f.labels()) + "`")
          .append(" | ")
          .append(f.help().replace("|", "\\|"))
          .append(" |\n");
    }
    return s.toString();
  }
}
