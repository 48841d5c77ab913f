package dev.weft.audit;

import dev.weft.health.CounterSnapshot;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.json.JsonWriter;
import dev.weft.platform.Counters;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The audit history folder ({@code --history}, by default the backup repository): {@code
 * audit/report.json} (the last night's report), {@code audit/counters.json} (its counter snapshot)
 * and {@code audit/trend.json} (one line of counts per night, the last {@link #TREND_NIGHTS}). Git
 * keeps every earlier night, one commit each; Weft itself only reads the last one.
 */
public final class History {

  public static final String REPORT = "audit/report.json";
  public static final String COUNTERS = "audit/counters.json";
  public static final String TREND = "audit/trend.json";
  public static final int TREND_NIGHTS = 30;

  /**
   * Largest history file read: a 10,000-switch report with every port's counters stays well below.
   */
  static final long MAX_BYTES = 256L * 1024 * 1024;

  /**
   * What the previous night left.
   *
   * @param started when it ran, or null when there was none
   * @param statuses device name → status label
   */
  public record Previous(
      String started,
      List<Night.Seen> findings,
      Map<String, String> statuses,
      CounterSnapshot counters,
      List<Night.TrendPoint> trend) {
    public static final Previous NONE =
        new Previous(null, List.of(), Map.of(), CounterSnapshot.EMPTY, List.of());
  }

  /** A history file that cannot be read: the message names it and what is wrong. */
  public static final class HistoryException extends Exception {
    HistoryException(String message) {
      super(message);
    }
  }

  private History() {}

  /**
   * The previous night in {@code dir}, or {@link Previous#NONE} when the folder holds no audit yet.
   */
  @SuppressWarnings("unchecked")
  public static Previous read(Path dir) throws HistoryException {
    if (dir == null || !Files.isRegularFile(dir.resolve(REPORT))) {
      return Previous.NONE;
    }
    Map<String, Object> report = object(parse(dir, REPORT), dir, REPORT);
    Map<String, Object> audit =
        report.get("audit") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    List<Night.Seen> findings = new ArrayList<>();
    for (Object o : list(report.get("findings"))) {
      Map<String, Object> f = (Map<String, Object>) o;
      findings.add(
          new Night.Seen(
              text(f, "rule"),
              text(f, "severity"),
              text(f, "device"),
              text(f, "port"),
              text(f, "path"),
              text(f, "message")));
    }
    Map<String, String> statuses = new TreeMap<>();
    for (Object o : list(report.get("devices"))) {
      Map<String, Object> d = (Map<String, Object>) o;
      statuses.put(text(d, "name"), text(d, "status"));
    }
    CounterSnapshot counters =
        Files.isRegularFile(dir.resolve(COUNTERS))
            ? counters(object(parse(dir, COUNTERS), dir, COUNTERS))
            : CounterSnapshot.EMPTY;
    List<Night.TrendPoint> trend =
        Files.isRegularFile(dir.resolve(TREND)) ? trend(parse(dir, TREND)) : List.of();
    String started = text(audit, "started");
    return new Previous(started == null ? "unknown" : started, findings, statuses, counters, trend);
  }

  /** The trend with tonight added, the last {@link #TREND_NIGHTS} nights. */
  public static List<Night.TrendPoint> trend(Previous previous, Night.TrendPoint tonight) {
    List<Night.TrendPoint> all = new ArrayList<>(previous.trend());
    all.add(tonight);
    return List.copyOf(all.subList(Math.max(0, all.size() - TREND_NIGHTS), all.size()));
  }

  /** The files one night writes: its report (as the report writer made it), counters and trend. */
  public static Map<String, byte[]> files(
      String reportJson, CounterSnapshot counters, List<Night.TrendPoint> trend) {
    Map<String, byte[]> files = new TreeMap<>();
    files.put(REPORT, reportJson.getBytes(StandardCharsets.UTF_8));
    files.put(
        COUNTERS,
        JsonWriter.write(countersTree(counters), JsonWriter.Style.REPORT)
            .getBytes(StandardCharsets.UTF_8));
    files.put(
        TREND,
        JsonWriter.write(trendTree(trend), JsonWriter.Style.REPORT)
            .getBytes(StandardCharsets.UTF_8));
    return files;
  }

  /**
   * The snapshot as JSON values: {@code {"taken_at": s, "devices": {device: {port: {counter:
   * n}}}}}.
   */
  public static Map<String, Object> countersTree(CounterSnapshot s) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("taken_at", s.takenAt());
    Map<String, Object> devices = new TreeMap<>();
    s.devices().forEach((device, c) -> devices.put(device, new TreeMap<>(c.ports())));
    root.put("devices", devices);
    return root;
  }

  @SuppressWarnings("unchecked")
  public static CounterSnapshot counters(Map<String, Object> tree) {
    long taken = tree.get("taken_at") instanceof Number n ? n.longValue() : 0;
    Map<String, Counters> devices = new TreeMap<>();
    if (tree.get("devices") instanceof Map<?, ?> all) {
      all.forEach(
          (device, ports) -> {
            Map<String, Map<String, Long>> byPort = new TreeMap<>();
            if (ports instanceof Map<?, ?> pm) {
              pm.forEach(
                  (port, counters) -> {
                    Map<String, Long> values = new TreeMap<>();
                    if (counters instanceof Map<?, ?> cm) {
                      cm.forEach(
                          (k, v) -> {
                            if (v instanceof Number n) {
                              values.put((String) k, n.longValue());
                            }
                          });
                    }
                    byPort.put((String) port, values);
                  });
            }
            devices.put((String) device, new Counters(byPort));
          });
    }
    return new CounterSnapshot(taken, devices);
  }

  public static List<Object> trendTree(List<Night.TrendPoint> trend) {
    List<Object> out = new ArrayList<>();
    for (Night.TrendPoint p : trend) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("started", p.started());
      m.put("ok", p.ok());
      m.put("drift", p.drift());
      m.put("not_audited", p.notAudited());
      m.put("unreachable", p.unreachable());
      m.put("error", p.error());
      m.put("findings", p.findings());
      out.add(m);
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  public static List<Night.TrendPoint> trend(Object tree) {
    List<Night.TrendPoint> out = new ArrayList<>();
    for (Object o : list(tree)) {
      Map<String, Object> m = (Map<String, Object>) o;
      out.add(
          new Night.TrendPoint(
              text(m, "started"),
              count(m, "ok"),
              count(m, "drift"),
              count(m, "not_audited"),
              count(m, "unreachable"),
              count(m, "error"),
              count(m, "findings")));
    }
    return out;
  }

  private static Object parse(Path dir, String name) throws HistoryException {
    Path file = dir.resolve(name);
    try {
      if (Files.size(file) > MAX_BYTES) {
        throw new HistoryException(file + ": larger than " + MAX_BYTES + " bytes; not read");
      }
      return Json.parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (JsonException e) {
      throw new HistoryException(file + ": " + e.getMessage());
    } catch (IOException e) {
      throw new HistoryException(file + ": cannot read: " + e.getMessage());
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Object value, Path dir, String name)
      throws HistoryException {
    if (value instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    throw new HistoryException(
        dir.resolve(name) + ":1:1: expected a JSON object, found " + Json.write(value).strip());
  }

  private static List<?> list(Object value) {
    return value instanceof List<?> l
        ? l.stream().filter(o -> o instanceof Map).toList()
        : List.of();
  }

  private static String text(Map<String, Object> m, String key) {
    return m.get(key) instanceof String s ? s : null;
  }

  private static int count(Map<String, Object> m, String key) {
    return m.get(key) instanceof Number n ? n.intValue() : 0;
  }
}
