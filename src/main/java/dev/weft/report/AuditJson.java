package dev.weft.report;

import dev.weft.audit.AuditReport;
import dev.weft.audit.Comparison;
import dev.weft.audit.ConfigDiff;
import dev.weft.audit.Coverage;
import dev.weft.audit.History;
import dev.weft.audit.Night;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.json.JsonWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code weft audit --format json}: the drift report's fields (cli.md) with each device's {@code
 * health}, then its {@code config_diff} when it drifted ({@code file}, {@code scope}, {@code note},
 * {@code diff}), then {@code audit} (timing, shard), {@code history} (against the previous night),
 * {@code trend} and {@code counters} (the snapshot, so shard reports merge and the next night can
 * take deltas). Read back by {@code weft report merge}.
 */
public final class AuditJson {

  private static final String NOT_READ = "not-read";

  private AuditJson() {}

  public static String write(AuditReport a) {
    Report plain = plain(a, Map.of());
    Map<String, Object> root = JsonReporter.tree(plain);
    root.put("command", "audit");
    List<Object> devices = new ArrayList<>();
    for (DeviceStatus d : a.devices()) {
      Map<String, Object> device = new LinkedHashMap<>();
      device.put("name", d.name());
      device.put("status", d.status().label());
      if (d.reason() != null) {
        device.put("reason", d.reason());
      }
      device.put("health", a.health().getOrDefault(d.name(), NOT_READ));
      ConfigDiff diff = a.diffs().get(d.name());
      if (diff != null) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("file", diff.file());
        c.put("scope", diff.scope());
        c.put("note", diff.note());
        c.put("diff", diff.text());
        device.put("config_diff", c);
      }
      devices.add(device);
    }
    root.put("devices", devices);
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("started", a.meta().started());
    meta.put("duration_ms", a.meta().durationMs());
    meta.put("commit", a.meta().commit());
    meta.put("shard", a.meta().shard());
    if (a.meta().coverage() != null) {
      meta.put("coverage", coverage(a.meta().coverage()));
    }
    root.put("audit", meta);
    root.put("history", history(a.comparison()));
    root.put("trend", History.trendTree(a.trend()));
    root.put("counters", History.countersTree(a.counters()));
    return JsonWriter.write(root, JsonWriter.Style.REPORT);
  }

  private static Map<String, Object> coverage(Coverage c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("complete", c.complete());
    m.put("revision", c.revision());
    m.put("shard_index", c.index());
    m.put("shard_count", c.count());
    m.put("inventory_devices", c.total());
    m.put("inventory_digest", c.universe());
    m.put("devices", new ArrayList<Object>(c.devices()));
    return m;
  }

  @SuppressWarnings("unchecked")
  private static Coverage coverage(Object tree, String name) {
    if (!(tree instanceof Map<?, ?> raw)) {
      return null;
    }
    Map<String, Object> m = (Map<String, Object>) raw;
    List<String> devices = new ArrayList<>();
    if (m.get("devices") instanceof List<?> l) {
      l.stream().filter(o -> o instanceof String).forEach(o -> devices.add((String) o));
    }
    if (str(m, "revision") == null
        || str(m, "inventory_digest") == null
        || !(m.get("shard_index") instanceof Number)
        || !(m.get("shard_count") instanceof Number)
        || !(m.get("inventory_devices") instanceof Number)) {
      throw new IllegalArgumentException(
          name
              + ": audit.coverage lacks revision, shard_index, shard_count,"
              + " inventory_devices or inventory_digest");
    }
    return new Coverage(
        str(m, "revision"),
        num(m, "shard_index"),
        num(m, "shard_count"),
        devices,
        num(m, "inventory_devices"),
        str(m, "inventory_digest"));
  }

  /** The audit as the common report every other format writes (text, SARIF, JUnit, markdown). */
  public static Report plain(AuditReport a, Map<String, RuleInfo> rules) {
    return new Report(
        Report.TOOL, a.version(), "audit", a.inventory(), a.findings(), a.devices(), rules);
  }

  private static Map<String, Object> history(Comparison c) {
    Map<String, Object> h = new LinkedHashMap<>();
    h.put("previous", c.previousStarted());
    h.put("new", seen(c.added()));
    h.put("fixed", seen(c.fixed()));
    h.put("persisting", seen(c.persisting()));
    List<Object> changes = new ArrayList<>();
    for (Night.StatusChange s : c.statusChanges()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("device", s.device());
      m.put("before", s.before());
      m.put("after", s.after());
      changes.add(m);
    }
    h.put("status_changes", changes);
    return h;
  }

  private static List<Object> seen(List<Night.Seen> list) {
    List<Object> out = new ArrayList<>();
    for (Night.Seen s : list) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("rule", s.rule());
      m.put("severity", s.severity());
      m.put("device", s.device());
      m.put("port", s.port());
      m.put("path", s.path());
      m.put("message", s.message());
      out.add(m);
    }
    return out;
  }

  /**
   * A report {@link #write} wrote, for merging; what is not such a report is an {@link
   * IllegalArgumentException}.
   */
  @SuppressWarnings("unchecked")
  public static AuditReport read(String text, String name) {
    Object parsed;
    try {
      parsed = Json.parse(text);
    } catch (JsonException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage());
    }
    if (!(parsed instanceof Map<?, ?> m)
        || !"audit".equals(m.get("command"))
        || !(m.get("audit") instanceof Map<?, ?> meta)) {
      throw new IllegalArgumentException(
          name + ":1:1: expected the JSON report of weft audit (\"command\": \"audit\")");
    }
    Map<String, Object> root = (Map<String, Object>) m;
    List<Finding> findings = new ArrayList<>();
    for (Object o : list(root.get("findings"))) {
      findings.add(finding((Map<String, Object>) o));
    }
    List<DeviceStatus> devices = new ArrayList<>();
    Map<String, String> health = new TreeMap<>();
    Map<String, ConfigDiff> diffs = new TreeMap<>();
    for (Object o : list(root.get("devices"))) {
      Map<String, Object> d = (Map<String, Object>) o;
      String device = str(d, "name");
      devices.add(new DeviceStatus(device, status(str(d, "status"), name), str(d, "reason")));
      if (d.get("config_diff") instanceof Map<?, ?> c) {
        Map<String, Object> cd = (Map<String, Object>) c;
        diffs.put(
            device,
            new ConfigDiff(str(cd, "file"), str(cd, "scope"), str(cd, "diff"), str(cd, "note")));
      }
      if (str(d, "health") != null
          && !NOT_READ.equals(str(d, "health"))) { // absent is written as not-read
        health.put(device, str(d, "health"));
      }
    }
    Map<String, Object> mt = (Map<String, Object>) meta;
    AuditReport.Meta info =
        new AuditReport.Meta(
            str(mt, "started"),
            mt.get("duration_ms") instanceof Number n ? n.longValue() : 0,
            str(mt, "commit"),
            str(mt, "shard"),
            coverage(mt.get("coverage"), name));
    var counters =
        root.get("counters") instanceof Map<?, ?> c
            ? History.counters((Map<String, Object>) c)
            : dev.weft.health.CounterSnapshot.EMPTY;
    return new AuditReport(
        str(root, "version"),
        str(root, "inventory"),
        info,
        findings,
        devices,
        health,
        counters,
        Comparison.FIRST_NIGHT,
        History.trend(root.get("trend")),
        diffs);
  }

  private static Finding finding(Map<String, Object> f) {
    Finding out = Finding.of(str(f, "rule"), Severity.parse(str(f, "severity")), str(f, "message"));
    if (str(f, "file") != null) {
      out = out.at(new Location(str(f, "file"), num(f, "line"), num(f, "column")));
    }
    out =
        out.onDevice(str(f, "device"))
            .onPort(str(f, "port"))
            .withPath(str(f, "path"))
            .withValues(str(f, "expected"), str(f, "actual"));
    return Boolean.TRUE.equals(f.get("waived"))
        ? out.waivedBecause("waived in the shard report")
        : out;
  }

  private static DeviceStatus.Status status(String label, String name) {
    try {
      return DeviceStatus.Status.valueOf(
          String.valueOf(label).toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + ": unknown device status '" + label + "'");
    }
  }

  private static List<?> list(Object v) {
    return v instanceof List<?> l ? l.stream().filter(o -> o instanceof Map).toList() : List.of();
  }

  private static String str(Map<String, Object> m, String key) {
    return m.get(key) instanceof String s ? s : null;
  }

  private static int num(Map<String, Object> m, String key) {
    return m.get(key) instanceof Number n ? n.intValue() : 0;
  }
}
