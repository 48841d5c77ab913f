package dev.weft.audit;

import dev.weft.cabling.CablingCheck;
import dev.weft.cabling.NeighbourReads;
import dev.weft.cabling.Observation;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.DriftAudit;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.git.BackupFile;
import dev.weft.health.CounterReaders;
import dev.weft.health.CounterSnapshot;
import dev.weft.health.HealthCheck;
import dev.weft.health.HealthRules;
import dev.weft.health.HostHealthCheck;
import dev.weft.live.DevicePool;
import dev.weft.live.HostReader;
import dev.weft.live.LiveReader;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.live.Reading;
import dev.weft.log.Secrets;
import dev.weft.model.CongestionControl;
import dev.weft.model.FabricModel;
import dev.weft.model.Health;
import dev.weft.model.Host;
import dev.weft.model.TrafficClass;
import dev.weft.platform.CounterProblem;
import dev.weft.platform.Counters;
import dev.weft.platform.Platforms;
import dev.weft.render.Renderer;
import dev.weft.rules.RuleCatalog;
import dev.weft.rules.RuleMeta;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One night's pass over the devices: each device is read once ({@link LiveReader.Mode#AUDIT}: drift
 * read, counters and the whole config in one session), compared with its intent, its counters
 * judged against the previous snapshot; then the rules run on the live configs. A device whose
 * platform has no live read is {@code not-audited}, not an error.
 */
public final class AuditRun {

  /**
   * What to audit.
   *
   * @param previous the previous night's counter snapshot ({@link CounterSnapshot#EMPTY} on the
   *     first night)
   * @param now epoch seconds of this audit (the new snapshot's time)
   * @param backup keep each device's whole config for the backup
   * @param renderer renders a drifted device's intent for its config diff (the run's templates)
   * @param hosts the GPU hosts whose NIC counters are read (those with {@code management})
   */
  public record Request(
      LiveSettings settings,
      Platforms platforms,
      List<LiveTarget> targets,
      FabricModel model,
      CompiledFabric compiled,
      Map<String, RuleMeta> meta,
      LocalDate today,
      RuleCatalog catalog,
      Set<String> userRules,
      CounterSnapshot previous,
      long now,
      boolean backup,
      Renderer renderer,
      List<HostReader.Target> hosts) {}

  /**
   * What the night found.
   *
   * @param health device name → health state ({@link HealthCheck.State#label()})
   * @param counters tonight's snapshot
   * @param configs device name → its whole config, for the backup
   * @param unread devices whose config could not be read (their backup stays as it was)
   * @param diffs device name → its config diff, for each device whose config differs from the
   *     intent
   */
  public record Outcome(
      List<Finding> findings,
      List<DeviceStatus> devices,
      Map<String, String> health,
      CounterSnapshot counters,
      Map<String, BackupFile> configs,
      List<String> unread,
      Map<String, ConfigDiff> diffs) {}

  private AuditRun() {}

  public static Outcome run(Request r) throws InterruptedException {
    List<LiveTarget> live = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    List<DeviceStatus> notAudited = new ArrayList<>();
    for (LiveTarget t : r.targets()) {
      if (t.problem() == null && r.platforms().live(t.intended().platform()).isEmpty()) {
        notAudited.add(
            new DeviceStatus(t.name(), DeviceStatus.Status.NOT_AUDITED, "no-live-profile"));
        findings.add(
            Finding.of(
                    DriftAudit.NOT_AUDITED,
                    Severity.INFO,
                    t.name() + ": " + r.platforms().missingLive(t.intended().platform()))
                .at(t.owner())
                .onDevice(t.name())
                .withValues("live read", "none for platform " + t.intended().platform()));
      } else {
        live.add(t);
      }
    }
    Map<String, LiveTarget> byName = new TreeMap<>();
    live.forEach(t -> byName.put(t.name(), t));
    NeighbourReads neighbours = new NeighbourReads(r.platforms());
    List<Observation> observations = new ArrayList<>();
    LiveReader.Audit extras =
        new LiveReader.Audit(
            r.backup(),
            sw -> neighbours.plus(CounterReaders.commands(sw), sw),
            CounterReaders::state,
            neighbours::state);
    List<DriftAudit.Result> results = new ArrayList<>();
    Map<String, String> health = new TreeMap<>();
    Map<String, Counters> counters = new TreeMap<>();
    Map<String, BackupFile> configs = new TreeMap<>();
    Map<String, ConfigDiff> diffs = new TreeMap<>();
    List<String> unread = new ArrayList<>();
    HealthCheck check = healthCheck(r.model());
    for (Reading reading :
        new LiveReader(r.settings(), r.platforms()).read(live, LiveReader.Mode.AUDIT, extras)) {
      LiveTarget target = byName.get(reading.device());
      DriftAudit.Result result =
          DevicePool.isolated(
              reading,
              x -> DriftAudit.compare(target, x, r.platforms()),
              (x, e) -> {
                Reading failed = LiveReader.internal(target, e, r.settings().crashes());
                return new DriftAudit.Result(failed.status(), failed.findings(), null);
              });
      results.add(result);
      if (result.status().status() == DeviceStatus.Status.DRIFT) {
        diffs.put(
            reading.device(), diff(r, target, reading, result)); // while the config read is at hand
      }
      if (!reading.read()) {
        unread.add(reading.device());
        continue;
      }
      keepConfig(reading, configs);
      CompiledSwitch sw = target.intended();
      observations.add(
          neighbours.observe(sw.platform(), sw.name(), reading.outputs(), reading.unread()));
      CounterReaders.Read read = CounterReaders.parse(sw, reading.outputs(), reading.unread());
      Counters now = read.counters();
      if (!read.problems().isEmpty()) {
        findings.add(unreadable(target, read.problems()));
      }
      if (!now.isEmpty()) {
        counters.put(sw.name(), now);
      }
      HealthCheck.Result h =
          check.check(
              sw, r.previous().devices().get(sw.name()), now, r.now() - r.previous().takenAt());
      LiveReader.StateGet state = CounterReaders.state(sw);
      boolean notServed = h.state() == HealthCheck.State.NOT_READ && state != null;
      health.put(sw.name(), (notServed ? HealthCheck.State.NOT_SERVED : h.state()).label());
      findings.addAll(h.findings());
      if (notServed && read.problems().isEmpty()) {
        findings.add(
            Finding.of(
                    DriftAudit.NOT_AUDITED,
                    Severity.INFO,
                    sw.name()
                        + ": health is not served:"
                        + " the device holds no counters at the NETCONF path asked for ("
                        + state.name()
                        + "): a server without the operational state, not a healthy device")
                .at(target.owner())
                .onDevice(sw.name())
                .withPath(state.name())
                .withValues("counters", "not served"));
      } else if (h.state() == HealthCheck.State.NOT_READ
          && read.problems().isEmpty()) { // else the warning says why
        findings.add(healthNotRead(target));
      }
    }
    List<DeviceStatus> hosts = hosts(r, health, counters, findings, neighbours, observations);
    findings.addAll(new CablingCheck(r.model()).check(observations).findings());
    DriftAudit.Outcome drift =
        DriftAudit.outcome(
            r.model(), r.compiled(), results, r.meta(), r.today(), r.catalog(), r.userRules());
    findings.addAll(drift.findings());
    findings.sort(Finding.ORDER);
    List<DeviceStatus> devices = new ArrayList<>(drift.devices());
    devices.addAll(notAudited);
    devices.addAll(hosts);
    return new Outcome(
        List.copyOf(findings),
        List.copyOf(devices),
        health,
        new CounterSnapshot(r.now(), counters),
        configs,
        List.copyOf(unread),
        diffs);
  }

  /**
   * The device's config diff; what its making throws is a note on this device's diff, not the
   * night's end.
   */
  private static ConfigDiff diff(
      Request r, LiveTarget target, Reading reading, DriftAudit.Result result)
      throws InterruptedException {
    CompiledSwitch sw = target.intended();
    return DevicePool.isolated(
        reading,
        x ->
            ConfigDiffs.of(
                r.platforms().live(sw.platform()).orElseThrow(),
                r.renderer(),
                sw,
                r.compiled().fabric(),
                x.text(),
                ConfigDiffs.drifted(result.findings())),
        (x, e) ->
            ConfigDiff.none("no diff: " + Secrets.mask(DevicePool.describe(sw.name(), e, null))));
  }

  /**
   * The GPU hosts: each read over SSH (its NICs' counters only: a host has no switch config to
   * compare), its status beside the switches' (ok, unreachable, error), its health judged like a
   * switch's.
   */
  private static List<DeviceStatus> hosts(
      Request r,
      Map<String, String> health,
      Map<String, Counters> counters,
      List<Finding> findings,
      NeighbourReads neighbours,
      List<Observation> observations)
      throws InterruptedException {
    if (r.hosts().isEmpty()) {
      return List.of();
    }
    Map<String, Host> byName = new TreeMap<>();
    r.model().hosts().forEach(h -> byName.put(h.name(), h));
    HostHealthCheck check = hostCheck(r.model());
    List<DeviceStatus> statuses = new ArrayList<>();
    List<String> lldp = neighbours.commands(neighbours.hostPlatform());
    List<HostReader.Target> targets =
        r.hosts().stream()
            .map(
                t ->
                    new HostReader.Target(
                        t.name(),
                        java.util.stream.Stream.concat(t.commands().stream(), lldp.stream())
                            .toList(),
                        t.endpoint(),
                        t.credentials(),
                        t.owner(),
                        t.problem()))
            .toList();
    for (Reading reading : new HostReader(r.settings()).read(targets)) {
      statuses.add(reading.status());
      findings.addAll(reading.findings());
      if (!reading.read()) {
        continue;
      }
      Host host = byName.get(reading.device());
      observations.add(
          neighbours.observe(
              neighbours.hostPlatform(), host.name(), reading.outputs(), reading.unread()));
      CounterReaders.Read read = CounterReaders.parse(host, reading.outputs(), reading.unread());
      if (!read.problems().isEmpty()) {
        findings.add(unreadable(reading.device(), ownerOf(host), read.problems()));
      }
      if (!read.counters().isEmpty()) {
        counters.put(host.name(), read.counters());
      }
      HealthCheck.Result h =
          check.check(
              host.name(),
              r.previous().devices().get(host.name()),
              read.counters(),
              r.now() - r.previous().takenAt());
      health.put(host.name(), h.state().label());
      findings.addAll(h.findings());
      if (h.state() == HealthCheck.State.NOT_READ && read.problems().isEmpty()) {
        // the host was read and its counter commands all failed: a night without its health is not
        // ok
        findings.add(
            Finding.of(
                    HealthRules.UNREADABLE,
                    Severity.WARNING,
                    host.name()
                        + ": no counter could be"
                        + " read tonight, so its health is unknown: the host answered none of "
                        + String.join(", ", CounterReaders.commands(host)))
                .at(ownerOf(host))
                .onDevice(host.name())
                .withValues("counters", "none read"));
      }
    }
    return statuses;
  }

  private static Location ownerOf(Host host) {
    if (host.management() != null && host.management().at() != null) {
      return host.management().at().self();
    }
    return host.at() == null ? null : host.at().self();
  }

  private static HostHealthCheck hostCheck(FabricModel model) {
    var fabric = model.fabric();
    Health limits =
        fabric == null || fabric.health() == null ? Health.defaults(null) : fabric.health();
    List<Integer> lossless =
        fabric == null
            ? List.of()
            : fabric.trafficClasses().stream()
                .filter(TrafficClass::lossless)
                .map(TrafficClass::priority)
                .distinct()
                .sorted()
                .toList();
    return new HostHealthCheck(
        limits, fabric != null && fabric.congestionControl() == CongestionControl.DCQCN, lossless);
  }

  private static HealthCheck healthCheck(FabricModel model) {
    var fabric = model.fabric();
    Health limits =
        fabric == null || fabric.health() == null ? Health.defaults(null) : fabric.health();
    return new HealthCheck(
        limits, fabric != null && fabric.congestionControl() == CongestionControl.DCQCN);
  }

  private static void keepConfig(Reading reading, Map<String, BackupFile> configs) {
    if (reading.data() != null) {
      configs.put(reading.device(), BackupFile.xml(reading.data()));
    } else if (reading.text() != null) {
      configs.put(reading.device(), BackupFile.text(reading.text()));
    }
  }

  /** How many unusable answers one finding quotes; the rest are counted. */
  private static final int QUOTED_PROBLEMS = 3;

  /**
   * One finding per device for the counter answers it could not use, quoting the first few by
   * command.
   */
  private static Finding unreadable(LiveTarget t, List<CounterProblem> problems) {
    return unreadable(t.name(), t.owner(), problems);
  }

  private static Finding unreadable(String device, Location owner, List<CounterProblem> problems) {
    StringBuilder quoted = new StringBuilder();
    for (CounterProblem p : problems.subList(0, Math.min(QUOTED_PROBLEMS, problems.size()))) {
      quoted
          .append(quoted.isEmpty() ? "" : "; ")
          .append('`')
          .append(p.command())
          .append("`: ")
          .append(p.message());
    }
    int more = problems.size() - QUOTED_PROBLEMS;
    CounterProblem first = problems.get(0);
    Finding f =
        Finding.of(
                HealthRules.UNREADABLE,
                Severity.WARNING,
                device
                    + ": "
                    + problems.size()
                    + " counter answer(s) could not be used, so health misses them: "
                    + quoted
                    + (more > 0 ? "; and " + more + " more" : ""))
            .at(owner)
            .onDevice(device)
            .withPath(first.command())
            .withValues("counters as the platform prints them", first.message());
    return first.port() == null ? f : f.onPort(first.port());
  }

  private static Finding healthNotRead(LiveTarget t) {
    String platform = t.intended().platform();
    List<String> commands = CounterReaders.commands(t.intended());
    String why =
        !CounterReaders.serves(platform)
            ? "Weft reads no counters from platform " + platform + " yet"
            : commands.isEmpty()
                ? "the intent lists no interface to read counters of"
                : commands.size() <= 3
                    ? "the device answered none of " + String.join(", ", commands)
                    : "the device answered none of its "
                        + commands.size()
                        + " counter commands (`"
                        + commands.get(0)
                        + "`, ...)";
    if (CounterReaders.serves(platform) && !commands.isEmpty()) {
      // read, and not one counter answer: a night without the device's health is not an ok night
      return Finding.of(
              HealthRules.UNREADABLE,
              Severity.WARNING,
              t.name()
                  + ": no counter could be read"
                  + " tonight, so its health is unknown: "
                  + why)
          .at(t.owner())
          .onDevice(t.name())
          .withPath(commands.get(0))
          .withValues("counters", "none read");
    }
    return Finding.of(
            DriftAudit.NOT_AUDITED, Severity.INFO, t.name() + ": health is not audited: " + why)
        .at(t.owner())
        .onDevice(t.name())
        .withValues("health", "not served");
  }
}
