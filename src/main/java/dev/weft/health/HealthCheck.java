package dev.weft.health;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.Health;
import dev.weft.platform.Counters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * One device's health: the counters it moved since the previous snapshot, against the intent's
 * thresholds. A counter the previous snapshot lacks, or that went down (a reboot or a clear), sets
 * a new baseline and judges nothing this night.
 */
public final class HealthCheck {

  /** A device's health state and findings. */
  public record Result(State state, List<Finding> findings) {
    public Result {
      findings = List.copyOf(findings);
    }
  }

  /** What the dashboard's health column shows. */
  public enum State {
    /**
     * {@code NOT_READ}: the platform serves no counters to Weft, or the device answered none of its
     * commands; {@code NOT_SERVED}: the device answered the state read but holds no counters (a
     * NETCONF server without the operational data).
     */
    OK,
    ALERT,
    BASELINE,
    NOT_READ,
    NOT_SERVED;

    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  private final Health limits;
  private final boolean dcqcn;

  /**
   * @param dcqcn the fabric's congestion control is DCQCN (CNPs are expected)
   */
  public HealthCheck(Health limits, boolean dcqcn) {
    this.limits = limits;
    this.dcqcn = dcqcn;
  }

  /**
   * @param previous the device's counters of the previous night, or null (first night: baseline)
   * @param elapsed seconds between the two snapshots
   */
  public Result check(CompiledSwitch sw, Counters previous, Counters now, long elapsed) {
    if (now == null || now.isEmpty()) {
      return new Result(State.NOT_READ, List.of());
    }
    if (previous == null || previous.isEmpty()) {
      return new Result(State.BASELINE, List.of());
    }
    List<Finding> findings = new ArrayList<>();
    TreeSet<Integer> losslessQueues = new TreeSet<>();
    sw.losslessPriorities().forEach(p -> losslessQueues.add(queueOf(sw, p)));
    long roce = 0;
    long cnps = 0;
    Integer cnpQueue = sw.cnpPriority() == null ? null : queueOf(sw, sw.cnpPriority());
    for (Map.Entry<String, Map<String, Long>> port : now.ports().entrySet()) {
      String name = port.getKey();
      for (int q : losslessQueues) {
        over(
            sw,
            name,
            previous,
            now,
            Counters.WD_STORM,
            q,
            limits.watchdogStorms(),
            "watchdog-storms",
            HealthRules.PFC_STORM,
            Severity.ERROR,
            "PFC watchdog storms",
            findings);
        over(
            sw,
            name,
            previous,
            now,
            Counters.QUEUE_DROP,
            q,
            limits.losslessDrops(),
            "lossless-drops",
            HealthRules.LOSSLESS_DROPS,
            Severity.ERROR,
            "packets dropped",
            findings);
        roce += delta(previous, now, name, Counters.QUEUE_TX, q);
      }
      if (cnpQueue != null) {
        cnps += delta(previous, now, name, Counters.QUEUE_TX, cnpQueue);
      }
      long ceiling = limits.pauseFramesPerSecond() * 3600 * hours(elapsed);
      for (int p = 0; p < 8; p++) {
        over(
            sw,
            name,
            previous,
            now,
            Counters.PFC_RX,
            p,
            ceiling,
            PAUSE_KEY,
            HealthRules.PAUSE_RATE,
            Severity.WARNING,
            "pause frames received",
            findings);
        over(
            sw,
            name,
            previous,
            now,
            Counters.PFC_TX,
            p,
            ceiling,
            PAUSE_KEY,
            HealthRules.PAUSE_RATE,
            Severity.WARNING,
            "pause frames sent",
            findings);
      }
    }
    if (dcqcn
        && limits.cnpRequired()
        && cnpQueue != null
        && roce >= limits.minRocePackets()
        && cnps == 0) {
      findings.add(
          Finding.of(
                  HealthRules.NO_CNP,
                  Severity.WARNING,
                  sw.name()
                      + ": the lossless queues carried "
                      + roce
                      + " packets since the previous audit but the CNP queue "
                      + cnpQueue
                      + " (priority "
                      + sw.cnpPriority()
                      + ") carried none, on a dcqcn fabric")
              .at(owner("min-roce-packets"))
              .onDevice(sw.name())
              .withPath("queue-tx:" + cnpQueue)
              .withValues("CNPs > 0", "0"));
    }
    return new Result(findings.isEmpty() ? State.OK : State.ALERT, findings);
  }

  private void over(
      CompiledSwitch sw,
      String port,
      Counters previous,
      Counters now,
      String kind,
      int index,
      long limit,
      String limitKey,
      String rule,
      Severity severity,
      String what,
      List<Finding> findings) {
    long d = delta(previous, now, port, kind, index);
    if (d <= limit) {
      return;
    }
    String unit = kind.startsWith("pfc-") ? "priority " : "queue ";
    CompiledPort link = sw.port(port);
    String peer = link == null || link.peer() == null ? "" : " (link to " + link.peer() + ")";
    findings.add(
        Finding.of(
                rule,
                severity,
                sw.name()
                    + " "
                    + port
                    + peer
                    + " "
                    + unit
                    + index
                    + ": "
                    + d
                    + " "
                    + what
                    + " since the previous audit (counter "
                    + Counters.name(kind, index)
                    + "), limit "
                    + limit
                    + " ("
                    + limitKey
                    + ")")
            .at(owner(limitKey))
            .onDevice(sw.name())
            .onPort(port)
            .withPath(Counters.name(kind, index))
            .withValues("<= " + limit, String.valueOf(d)));
  }

  /**
   * The time since the previous snapshot in whole hours, at least one: shards of one night started
   * minutes apart judge the same counters alike, so their merged report equals one runner's.
   */
  static long hours(long elapsedSeconds) {
    return Math.max(1, Math.round(elapsedSeconds / 3600.0));
  }

  /**
   * The counter's rise since the previous snapshot; 0 when either lacks it or it went down (a new
   * baseline).
   */
  static long delta(Counters previous, Counters now, String port, String kind, int index) {
    Long before = previous.get(port, kind, index);
    Long after = now.get(port, kind, index);
    if (before == null || after == null || after < before) {
      return 0;
    }
    return after - before;
  }

  private static int queueOf(CompiledSwitch sw, int priority) {
    List<Integer> map = sw.priorityToQueue();
    return priority < map.size() ? map.get(priority) : priority;
  }

  /**
   * The threshold's own line in {@code fabric.health}, else the block (or the fabric, where
   * defaults apply).
   */
  private Location owner(String limitKey) {
    return limits.at() == null ? null : limits.at().of(limitKey);
  }

  /** The key of the pause-rate ceiling in {@code fabric.health}. */
  private static final String PAUSE_KEY = "pause-frames-per-second";
}
