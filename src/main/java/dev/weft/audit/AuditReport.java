package dev.weft.audit;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.health.CounterSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One night's audit as reported and kept: findings, device statuses and health, the counter
 * snapshot, and the comparison with the previous night and the trend. Shard reports of one night
 * merge into the report a single runner would have written ({@link #merge}).
 *
 * @param health device name → health state label (ok, alert, baseline, not-read)
 * @param diffs device name → its config diff (drifted devices only)
 */
public record AuditReport(
    String version,
    String inventory,
    Meta meta,
    List<Finding> findings,
    List<DeviceStatus> devices,
    Map<String, String> health,
    CounterSnapshot counters,
    Comparison comparison,
    List<Night.TrendPoint> trend,
    Map<String, ConfigDiff> diffs) {

  /**
   * When and how the audit ran: the timing fields are the only ones two audits of the same state
   * differ in.
   *
   * @param started ISO-8601 UTC start
   * @param durationMs wall time
   * @param commit the intent commit audited, or null
   * @param shard {@code K/N}, or {@code all}, or {@code merged N}
   * @param coverage what the report covers (null in a report written before Weft kept it)
   */
  public record Meta(
      String started, long durationMs, String commit, String shard, Coverage coverage) {

    public Meta(String started, long durationMs, String commit, String shard) {
      this(started, durationMs, commit, shard, null);
    }
  }

  public AuditReport {
    TreeSet<Finding> unique = new TreeSet<>(ORDER_THEN_ALL);
    unique.addAll(findings);
    findings = List.copyOf(unique);
    List<DeviceStatus> byName = new ArrayList<>(devices);
    byName.sort(Comparator.comparing(DeviceStatus::name));
    devices = List.copyOf(byName);
    health = java.util.Collections.unmodifiableMap(new TreeMap<>(health));
    trend = List.copyOf(trend);
    diffs = java.util.Collections.unmodifiableMap(new TreeMap<>(diffs));
  }

  /**
   * A report without config diffs (no device drifted, or a report written before they were kept).
   */
  public AuditReport(
      String version,
      String inventory,
      Meta meta,
      List<Finding> findings,
      List<DeviceStatus> devices,
      Map<String, String> health,
      CounterSnapshot counters,
      Comparison comparison,
      List<Night.TrendPoint> trend) {
    this(
        version, inventory, meta, findings, devices, health, counters, comparison, trend, Map.of());
  }

  /** Report order, then every other field, so equal findings (one per shard) collapse into one. */
  private static final Comparator<Finding> ORDER_THEN_ALL =
      Finding.ORDER
          .thenComparing(f -> String.valueOf(f.path()))
          .thenComparing(f -> String.valueOf(f.expected()))
          .thenComparing(f -> String.valueOf(f.actual()))
          .thenComparing(f -> f.severity().label());

  /** This report with tonight's comparison and trend. */
  public AuditReport withHistory(Comparison c, List<Night.TrendPoint> t) {
    return new AuditReport(
        version, inventory, meta, findings, devices, health, counters, c, t, diffs);
  }

  /** Tonight as one point of the trend chart. */
  public Night.TrendPoint tonight() {
    Map<DeviceStatus.Status, Integer> n = new TreeMap<>();
    devices.forEach(d -> n.merge(d.status(), 1, Integer::sum));
    int counted =
        (int) findings.stream().filter(f -> f.severity() != Severity.INFO && !f.waived()).count();
    return new Night.TrendPoint(
        meta.started(),
        n.getOrDefault(DeviceStatus.Status.OK, 0),
        n.getOrDefault(DeviceStatus.Status.DRIFT, 0),
        n.getOrDefault(DeviceStatus.Status.NOT_AUDITED, 0),
        n.getOrDefault(DeviceStatus.Status.UNREACHABLE, 0),
        n.getOrDefault(DeviceStatus.Status.ERROR, 0),
        counted);
  }

  /**
   * The shards of one night as one report: every device once (a device two shards both report is a
   * usage mistake, named), findings united (a fabric-wide finding each shard reports once appears
   * once), earliest start, longest duration. When the shards carry their coverage, it must prove
   * that together they covered the inventory once ({@link Coverage#merge}); reports without one (an
   * older Weft) merge unproven.
   */
  public static AuditReport merge(List<AuditReport> shards) {
    if (shards.isEmpty()) {
      throw new IllegalArgumentException("no report to merge");
    }
    coverage(shards); // a missing or doubled shard is named before any device is
    List<Finding> findings = new ArrayList<>();
    Map<String, DeviceStatus> devices = new TreeMap<>();
    Map<String, String> health = new TreeMap<>();
    Map<String, ConfigDiff> diffs = new TreeMap<>();
    CounterSnapshot counters = CounterSnapshot.EMPTY;
    String started = null;
    long duration = 0;
    for (AuditReport s : shards) {
      if (!s.inventory().equals(shards.get(0).inventory())) {
        throw new IllegalArgumentException(
            "the reports audit different inventories: "
                + shards.get(0).inventory()
                + " and "
                + s.inventory());
      }
      for (DeviceStatus d : s.devices()) {
        if (devices.put(d.name(), d) != null) {
          throw new IllegalArgumentException(
              "device "
                  + d.name()
                  + " is in two reports (shard "
                  + s.meta().shard()
                  + " and an earlier one): were the shards of one N?");
        }
      }
      findings.addAll(s.findings());
      health.putAll(s.health());
      diffs.putAll(s.diffs());
      counters = counters.merge(s.counters());
      started =
          started == null || s.meta().started().compareTo(started) < 0
              ? s.meta().started()
              : started;
      duration = Math.max(duration, s.meta().durationMs());
    }
    AuditReport first = shards.get(0);
    Meta meta =
        new Meta(
            started, duration, first.meta().commit(), "merged " + shards.size(), coverage(shards));
    return new AuditReport(
        first.version(),
        first.inventory(),
        meta,
        findings,
        List.copyOf(devices.values()),
        health,
        counters,
        Comparison.FIRST_NIGHT,
        List.of(),
        diffs);
  }

  /** The merged coverage, or null when no shard carries one; a mix of both is refused. */
  private static Coverage coverage(List<AuditReport> shards) {
    List<Coverage> all =
        shards.stream().map(s -> s.meta().coverage()).filter(c -> c != null).toList();
    if (all.isEmpty()) {
      return null;
    }
    if (all.size() != shards.size()) {
      AuditReport bare =
          shards.stream().filter(s -> s.meta().coverage() == null).findFirst().orElseThrow();
      throw new IllegalArgumentException(
          "the report of shard "
              + bare.meta().shard()
              + " carries no coverage"
              + " (written by an older Weft?): rerun it, so the merge can prove the shards covered the inventory");
    }
    return Coverage.merge(all);
  }
}
