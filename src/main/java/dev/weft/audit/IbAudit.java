package dev.weft.audit;

import dev.weft.drift.IbDriftCheck;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.health.CounterSnapshot;
import dev.weft.health.HealthCheck;
import dev.weft.health.HealthRules;
import dev.weft.health.IbHealthCheck;
import dev.weft.live.IbPortCounters;
import dev.weft.live.IbReadException;
import dev.weft.live.IbTools;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Switch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One night's audit of an InfiniBand subnet, read whole on the SM host through infiniband-diags (as
 * {@code weft drift} reads it): the SM's programming compared with the intent ({@link
 * IbDriftCheck}, reported on the intended master SM host), then every switch and HCA port's
 * counters judged against the previous night ({@link IbHealthCheck}). Every switch and host of the
 * intent is a device of the report; one the fabric does not show has health {@code not-read}.
 */
public final class IbAudit {

  private IbAudit() {}

  /** The devices an InfiniBand audit reports: every switch and host of the intent. */
  public static List<String> devices(FabricModel model) {
    TreeSet<String> all = new TreeSet<>();
    model.switches().stream().map(Switch::name).forEach(all::add);
    model.hosts().stream().map(Host::name).forEach(all::add);
    return List.copyOf(all);
  }

  /**
   * @param previous the previous night's counter snapshot
   * @param now epoch seconds of this audit
   */
  public static AuditRun.Outcome run(
      FabricModel model, IbTools tools, CounterSnapshot previous, long now) {
    IbDriftCheck.Result drift = IbDriftCheck.run(model, tools);
    List<Finding> findings = new ArrayList<>(drift.findings());
    Map<String, DeviceStatus> statuses = new TreeMap<>();
    Map<String, String> health = new TreeMap<>();
    Map<String, dev.weft.platform.Counters> counters = new TreeMap<>();
    if (drift.status().equals("unreachable")) {
      for (String d : devices(model)) {
        statuses.put(d, new DeviceStatus(d, DeviceStatus.Status.UNREACHABLE, "refused"));
        health.put(d, HealthCheck.State.NOT_READ.label());
      }
    } else {
      IbHealthCheck.Result h = health(model, tools, previous, now, findings, drift.device());
      counters.putAll(h.counters());
      health.putAll(h.health());
      for (String d : devices(model)) {
        statuses.put(d, new DeviceStatus(d, DeviceStatus.Status.OK, null));
        health.putIfAbsent(d, HealthCheck.State.NOT_READ.label());
      }
      if (drift.status().equals("drift")) {
        statuses.put(
            drift.device(), new DeviceStatus(drift.device(), DeviceStatus.Status.DRIFT, null));
      }
    }
    if (!statuses.containsKey(drift.device())) { // the fabric's name when no SM is intended
      statuses.put(
          drift.device(),
          new DeviceStatus(
              drift.device(),
              switch (drift.status()) {
                case "ok" -> DeviceStatus.Status.OK;
                case "drift" -> DeviceStatus.Status.DRIFT;
                default -> DeviceStatus.Status.UNREACHABLE;
              },
              drift.status().equals("unreachable") ? "refused" : null));
    }
    findings.sort(Finding.ORDER);
    return new AuditRun.Outcome(
        List.copyOf(findings),
        List.copyOf(statuses.values()),
        health,
        new CounterSnapshot(now, counters),
        Map.of(),
        List.of(),
        Map.of());
  }

  private static IbHealthCheck.Result health(
      FabricModel model,
      IbTools tools,
      CounterSnapshot previous,
      long now,
      List<Finding> findings,
      String smHost) {
    IbPortCounters.Read read;
    try {
      read = new IbPortCounters(tools).read();
    } catch (IbReadException e) {
      findings.add(
          Finding.of(
                  HealthRules.UNREADABLE,
                  Severity.WARNING,
                  smHost
                      + ": the fabric's port counters could not be read tonight, so its health is"
                      + " unknown: "
                      + e.getMessage())
              .at(model.subnet().at() == null ? null : model.subnet().at().self())
              .onDevice(smHost)
              .withValues("port counters", "none read"));
      read = new IbPortCounters.Read(List.of(), List.of(e.getMessage()));
    }
    IbHealthCheck.Result h =
        new IbHealthCheck(model).check(read, previous.devices(), now - previous.takenAt());
    findings.addAll(h.findings());
    return h;
  }
}
