package dev.weft.report.dashboard;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The device × feature grid: each cell's state from the device's status and findings. A drift id
 * names its feature ({@code drift-pfc}); a rule on the live config lands on the feature its id
 * starts with; a {@code not-audited} finding names the feature it could not read as its expected
 * value.
 */
public final class FeatureGrid {

  public static final List<String> FEATURES =
      List.of(
          "classification",
          "pfc",
          "ecn",
          "scheduler",
          "watchdog",
          "buffers",
          "mtu",
          "hash",
          "health");

  /**
   * A cell: ok, drift, alert (health), not-audited, baseline, or the device's status when it was
   * not read.
   */
  public static Map<String, String> cells(
      DeviceStatus device, List<Finding> findings, String health) {
    Map<String, String> cells = new TreeMap<>();
    boolean read =
        device.status() == DeviceStatus.Status.OK || device.status() == DeviceStatus.Status.DRIFT;
    for (String f : FEATURES) {
      cells.put(f, read ? "ok" : device.status().label());
    }
    if (!read) {
      return cells;
    }
    cells.put(
        "health",
        switch (health == null ? "not-read" : health) {
          case "alert" -> "alert";
          case "baseline" -> "baseline";
          case "ok" -> "ok";
          default -> "not-audited";
        });
    for (Finding f : findings) {
      String feature = feature(f);
      if (feature == null) {
        continue;
      }
      if ("not-audited".equals(f.rule())) {
        cells.putIfAbsent(feature, "not-audited");
        if ("ok".equals(cells.get(feature))) {
          cells.put(feature, "not-audited");
        }
      } else if (f.severity() != Severity.INFO && !f.waived() && !"health".equals(feature)) {
        cells.put(feature, "drift");
      }
    }
    return cells;
  }

  static String feature(Finding f) {
    String id = f.rule();
    if ("not-audited".equals(id)) {
      return FEATURES.contains(f.expected()) ? f.expected() : null;
    }
    if (id.startsWith("health-")) {
      return "health";
    }
    String bare = id.startsWith("drift-") ? id.substring("drift-".length()) : id;
    if (bare.contains("watchdog")) {
      return "watchdog";
    }
    for (String feature : FEATURES) {
      if (bare.startsWith(feature)
          || (feature.equals("buffers") && bare.startsWith("headroom"))
          || (feature.equals("classification") && bare.startsWith("dscp"))) {
        return feature;
      }
    }
    return null;
  }

  private FeatureGrid() {}
}
