package dev.weft.health;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.Health;
import dev.weft.platform.Counters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One GPU host's health: what its RDMA NICs' counters moved since the previous snapshot, against
 * the fabric's thresholds. As on switches, a counter the previous snapshot lacks or that went down
 * (a driver reload) sets a new baseline and judges nothing this night.
 */
public final class HostHealthCheck {

  private final Health limits;
  private final boolean dcqcn;
  private final List<Integer> lossless;

  /**
   * @param dcqcn the fabric's congestion control is DCQCN (the NICs must exchange CNPs)
   * @param lossless the fabric's lossless priorities (the RoCE traffic)
   */
  public HostHealthCheck(Health limits, boolean dcqcn, List<Integer> lossless) {
    this.limits = limits;
    this.dcqcn = dcqcn;
    this.lossless = List.copyOf(lossless);
  }

  public HealthCheck.Result check(String host, Counters previous, Counters now, long elapsed) {
    if (now == null || now.isEmpty()) {
      return new HealthCheck.Result(HealthCheck.State.NOT_READ, List.of());
    }
    if (previous == null || previous.isEmpty()) {
      return new HealthCheck.Result(HealthCheck.State.BASELINE, List.of());
    }
    List<Finding> findings = new ArrayList<>();
    long ceiling = limits.pauseFramesPerSecond() * 3600 * HealthCheck.hours(elapsed);
    for (Map.Entry<String, Map<String, Long>> nic : now.ports().entrySet()) {
      String name = nic.getKey();
      for (int p = 0; p < 8; p++) {
        over(
            host,
            name,
            previous,
            now,
            HostCounters.PFC_RX,
            p,
            ceiling,
            HealthRules.HOST_PAUSE_RATE,
            "pause frames received from the switch",
            findings);
        over(
            host,
            name,
            previous,
            now,
            HostCounters.PFC_TX,
            p,
            ceiling,
            HealthRules.HOST_PAUSE_RATE,
            "pause frames sent to the switch",
            findings);
      }
      over(
          host,
          name,
          previous,
          now,
          HostCounters.RX_DISCARDS,
          0,
          limits.losslessDrops(),
          HealthRules.HOST_RX_DISCARDS,
          "packets discarded for want of receive buffer",
          findings);
      over(
          host,
          name,
          previous,
          now,
          HostCounters.OUT_OF_SEQUENCE,
          0,
          0,
          HealthRules.HOST_SEQUENCE,
          "packets received out of sequence",
          findings);
      over(
          host,
          name,
          previous,
          now,
          HostCounters.PACKET_SEQ_ERR,
          0,
          0,
          HealthRules.HOST_SEQUENCE,
          "NAK sequence errors received",
          findings);
      cnps(host, name, previous, now, findings);
    }
    return new HealthCheck.Result(
        findings.isEmpty() ? HealthCheck.State.OK : HealthCheck.State.ALERT, findings);
  }

  /**
   * A NIC that moved a night of RoCE traffic on a dcqcn fabric and neither sent nor handled one
   * CNP.
   */
  private void cnps(
      String host, String nic, Counters previous, Counters now, List<Finding> findings) {
    if (!dcqcn
        || !limits.cnpRequired()
        || now.get(nic, HostCounters.CNP_SENT, 0) == null
        || now.get(nic, HostCounters.CNP_HANDLED, 0) == null) {
      return;
    }
    long roce = 0;
    for (int p : lossless) {
      roce +=
          HealthCheck.delta(previous, now, nic, HostCounters.PRIO_RX, p)
              + HealthCheck.delta(previous, now, nic, HostCounters.PRIO_TX, p);
    }
    long cnps =
        HealthCheck.delta(previous, now, nic, HostCounters.CNP_SENT, 0)
            + HealthCheck.delta(previous, now, nic, HostCounters.CNP_HANDLED, 0);
    if (roce >= limits.minRocePackets()
        && cnps == 0
        && previous.get(nic, HostCounters.CNP_SENT, 0) != null) {
      findings.add(
          Finding.of(
                  HealthRules.HOST_NO_CNP,
                  Severity.WARNING,
                  host
                      + " "
                      + nic
                      + ": "
                      + roce
                      + " packets on the lossless priorities "
                      + lossless
                      + " since the previous audit but no CNP"
                      + " sent (np_cnp_sent) or handled (rp_cnp_handled), on a dcqcn fabric")
              .at(owner())
              .onDevice(host)
              .onPort(nic)
              .withPath(Counters.name(HostCounters.CNP_SENT, 0))
              .withValues("CNPs > 0", "0"));
    }
  }

  private void over(
      String host,
      String nic,
      Counters previous,
      Counters now,
      String kind,
      int index,
      long limit,
      String rule,
      String what,
      List<Finding> findings) {
    long d = HealthCheck.delta(previous, now, nic, kind, index);
    if (d <= limit) {
      return;
    }
    String on = kind.startsWith("pfc-") ? " priority " + index : "";
    findings.add(
        Finding.of(
                rule,
                Severity.WARNING,
                host
                    + " "
                    + nic
                    + on
                    + ": "
                    + d
                    + " "
                    + what
                    + " since the previous audit (counter "
                    + Counters.name(kind, index)
                    + "), limit "
                    + limit)
            .at(owner())
            .onDevice(host)
            .onPort(nic)
            .withPath(Counters.name(kind, index))
            .withValues("<= " + limit, String.valueOf(d)));
  }

  private Location owner() {
    return limits.at() == null ? null : limits.at().self();
  }
}
