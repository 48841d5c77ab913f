package dev.weft.health;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.live.IbPortCounters;
import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Host;
import dev.weft.model.IbHealth;
import dev.weft.model.Link;
import dev.weft.model.Switch;
import dev.weft.platform.Counters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongBiFunction;

/**
 * An InfiniBand fabric's health: what each switch and HCA port counted (infiniband-diags {@code
 * perfquery}) since the previous snapshot, against the intent's {@code subnet.health}. Ports are
 * named as the intent's links name them (a switch's port number, a host's HCA), so a finding points
 * at the link's line and names its peer. As on RoCE, a counter the previous snapshot lacks or that
 * went down (a reboot or a counter clear) sets a new baseline and judges nothing this night.
 */
public final class IbHealthCheck {

  /** Counter kinds as kept in the snapshot ({@code <kind>:0}), by perfquery field. */
  public static final Map<String, String> KINDS =
      Map.of(
          "SymbolErrorCounter", "ib-symbol-errors",
          "LinkErrorRecoveryCounter", "ib-link-error-recovery",
          "LinkDownedCounter", "ib-link-downed",
          "PortRcvErrors", "ib-rcv-errors",
          "PortXmitDiscards", "ib-xmit-discards",
          "PortXmitWait", "ib-xmit-wait");

  /**
   * What the night found.
   *
   * @param counters device name → its ports' counters (tonight's snapshot)
   * @param health device name → health state label
   */
  public record Result(
      Map<String, Counters> counters, Map<String, String> health, List<Finding> findings) {
    public Result {
      counters = Map.copyOf(counters);
      health = Map.copyOf(health);
      findings = List.copyOf(findings);
    }
  }

  /** A port as the intent names it. */
  private record Named(String device, String port) {
    String label() {
      return device + ":" + port;
    }
  }

  private final FabricModel model;
  private final IbHealth limits;
  private final Map<String, String> switches = new TreeMap<>();
  private final Map<String, Named> hcas = new TreeMap<>();

  public IbHealthCheck(FabricModel model) {
    this.model = model;
    this.limits = model.subnet().healthLimits();
    for (Switch s : model.switches()) {
      if (s.nodeGuid() != null) {
        switches.put(s.nodeGuid().toLowerCase(Locale.ROOT), s.name());
      }
    }
    for (Host h : model.hosts()) {
      for (Hca c : h.hcas()) {
        if (c.portGuid() != null) {
          hcas.put(c.portGuid().toLowerCase(Locale.ROOT), new Named(h.name(), c.name()));
        }
      }
    }
  }

  /**
   * @param previous every device's counters of the previous night (empty on the first night)
   * @param elapsed seconds between the two snapshots
   */
  public Result check(IbPortCounters.Read read, Map<String, Counters> previous, long elapsed) {
    Map<String, Map<String, Map<String, Long>>> byDevice = new TreeMap<>();
    Map<Named, Named> peers = new TreeMap<>(java.util.Comparator.comparing(Named::label));
    for (IbPortCounters.Port p : read.ports()) {
      Named at = name(p.end());
      peers.put(at, name(p.peer()));
      Map<String, Long> kept = new TreeMap<>();
      p.counters().forEach((field, v) -> kept.put(Counters.name(KINDS.get(field), 0), v));
      byDevice.computeIfAbsent(at.device(), d -> new TreeMap<>()).put(at.port(), kept);
    }
    Map<String, Counters> counters = new TreeMap<>();
    byDevice.forEach((d, ports) -> counters.put(d, new Counters(ports)));
    Map<String, String> health = new TreeMap<>();
    List<Finding> findings = new ArrayList<>();
    long hours = HealthCheck.hours(elapsed);
    for (Map.Entry<String, Counters> e : counters.entrySet()) {
      Counters before = previous.get(e.getKey());
      if (before == null || before.isEmpty()) {
        health.put(e.getKey(), HealthCheck.State.BASELINE.label());
        continue;
      }
      int found = findings.size();
      for (String port : e.getValue().ports().keySet()) {
        Named at = new Named(e.getKey(), port);
        judge(at, peers.get(at), before, e.getValue(), hours, findings);
      }
      health.put(
          e.getKey(),
          (findings.size() > found ? HealthCheck.State.ALERT : HealthCheck.State.OK).label());
    }
    unread(counters, read.problems(), health, findings);
    return new Result(counters, health, findings);
  }

  /** One counter judged against one threshold of {@code subnet.health}. */
  private record Threshold(
      String kind,
      ToLongBiFunction<IbHealth, Long> limit,
      String limitKey,
      Severity severity,
      String rule,
      String what) {}

  private static final List<Threshold> THRESHOLDS =
      List.of(
          new Threshold(
              "ib-symbol-errors",
              (h, hours) -> h.symbolErrors(),
              "symbol-errors",
              Severity.WARNING,
              HealthRules.IB_SYMBOL_ERRORS,
              "symbol errors"),
          new Threshold(
              "ib-link-downed",
              (h, hours) -> h.linkDowned(),
              "link-downed",
              Severity.ERROR,
              HealthRules.IB_LINK_DOWNED,
              "times the link went down"),
          new Threshold(
              "ib-link-error-recovery",
              (h, hours) -> h.linkErrorRecovery(),
              "link-error-recovery",
              Severity.WARNING,
              HealthRules.IB_LINK_RECOVERY,
              "link error recoveries (retrainings)"),
          new Threshold(
              "ib-rcv-errors",
              (h, hours) -> h.rcvErrors(),
              "rcv-errors",
              Severity.WARNING,
              HealthRules.IB_RCV_ERRORS,
              "packets received with an error"),
          new Threshold(
              "ib-xmit-discards",
              (h, hours) -> h.xmitDiscards(),
              "xmit-discards",
              Severity.ERROR,
              HealthRules.IB_XMIT_DISCARDS,
              "packets discarded on transmit"),
          // transmit wait is limited per second, so its limit grows with the time between audits
          new Threshold(
              "ib-xmit-wait",
              (h, hours) -> h.xmitWaitPerSecond() * 3600 * hours,
              "xmit-wait-per-second",
              Severity.WARNING,
              HealthRules.IB_CONGESTION,
              "ticks waiting for credit to transmit (congestion)"));

  private void judge(
      Named at, Named peer, Counters before, Counters now, long hours, List<Finding> findings) {
    for (Threshold t : THRESHOLDS) {
      over(at, peer, before, now, t, t.limit().applyAsLong(limits, hours), findings);
    }
  }

  private void over(
      Named at,
      Named peer,
      Counters before,
      Counters now,
      Threshold t,
      long limit,
      List<Finding> findings) {
    String kind = t.kind();
    String limitKey = t.limitKey();
    long d = HealthCheck.delta(before, now, at.port(), kind, 0);
    if (d <= limit) {
      return;
    }
    Location threshold =
        limits.at() != null && limits.at().written(limitKey) ? limits.at().of(limitKey) : null;
    Link link = link(at);
    Location where =
        link != null && link.at() != null
            ? link.at().self()
            : threshold != null ? threshold : limits.at() == null ? null : limits.at().self();
    String field =
        KINDS.entrySet().stream()
            .filter(k -> k.getValue().equals(kind))
            .findFirst()
            .orElseThrow()
            .getKey();
    String toPeer = peer == null ? "" : String.format(" (link to %s)", peer.label());
    String source = threshold == null ? "default" : "at " + threshold;
    String message =
        String.format(
            "%s port %s%s: %d %s since the previous audit (perfquery %s), limit %d (%s, %s)",
            at.device(), at.port(), toPeer, d, t.what(), field, limit, limitKey, source);
    findings.add(
        Finding.of(t.rule(), t.severity(), message)
            .at(where)
            .onDevice(at.device())
            .onPort(at.port())
            .withPath(Counters.name(kind, 0))
            .withValues("<= " + limit, String.valueOf(d)));
  }

  /**
   * Intent devices with a link and not one port read: their health is unknown tonight, a warning,
   * not a silent ok.
   */
  private void unread(
      Map<String, Counters> counters,
      List<String> problems,
      Map<String, String> health,
      List<Finding> findings) {
    for (Link l : model.links()) {
      for (var end : List.of(l.a(), l.b())) {
        String device = end.device();
        if (counters.containsKey(device) || health.containsKey(device) || !known(device)) {
          continue;
        }
        health.put(device, HealthCheck.State.NOT_READ.label());
        findings.add(
            Finding.of(
                    HealthRules.UNREADABLE,
                    Severity.WARNING,
                    device
                        + ": no port counter could be read tonight, so its health is unknown: "
                        + (problems.isEmpty()
                            ? "the fabric shows none of its ports"
                            : problems.size()
                                + " perfquery answer(s) failed, first: "
                                + problems.get(0)))
                .at(l.at() == null ? null : l.at().self())
                .onDevice(device)
                .withValues("port counters", "none read"));
      }
    }
  }

  private boolean known(String device) {
    return switches.containsValue(device)
        || hcas.values().stream().anyMatch(n -> n.device().equals(device));
  }

  private Named name(IbPortCounters.End e) {
    if (e.isSwitch()) {
      String sw = switches.get(e.guid());
      return new Named(sw != null ? sw : e.guid(), String.valueOf(e.port()));
    }
    Named hca = hcas.get(e.guid());
    return hca != null ? hca : new Named(e.guid(), String.valueOf(e.port()));
  }

  private Link link(Named at) {
    return model.index().linksByEnd().get(at.label());
  }
}
