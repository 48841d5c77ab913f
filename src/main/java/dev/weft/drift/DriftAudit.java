package dev.weft.drift;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.live.DevicePool;
import dev.weft.live.LiveReader;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.live.Reading;
import dev.weft.model.FabricModel;
import dev.weft.platform.CliAudit;
import dev.weft.platform.Feature;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.Platforms;
import dev.weft.platform.RenderGaps;
import dev.weft.rules.RuleCatalog;
import dev.weft.rules.RuleMeta;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code weft drift}'s use case: each device read by {@link dev.weft.live.LiveReader} is compared
 * with its intended compiled switch feature by feature ({@link Drift}); the features its platform
 * cannot serve over its transport are {@code not-audited} (info: neither drift nor a silent pass);
 * then the compiled-config rules run on the live config ({@link LiveRules}).
 */
public final class DriftAudit {

  /** A feature of the intent that the device's platform cannot serve over its live transport. */
  public static final String NOT_AUDITED = "not-audited";

  /**
   * What happened to one device.
   *
   * @param status ok, drift, unreachable or error
   * @param findings drift and not-audited findings, or the one finding saying why the device could
   *     not be read
   * @param live the switch as read from the device, or null when it could not be read
   */
  public record Result(DeviceStatus status, List<Finding> findings, CompiledSwitch live) {
    public Result {
      findings = List.copyOf(findings);
    }

    public String name() {
      return status.name();
    }
  }

  /** The findings and device statuses of a whole run. */
  public record Outcome(List<Finding> findings, List<DeviceStatus> devices) {}

  private DriftAudit() {}

  /**
   * Reads every target through its platform pack and compares each with its intent; one result per
   * target, by name.
   */
  public static List<Result> run(
      LiveSettings settings, Platforms platforms, List<LiveTarget> targets)
      throws InterruptedException {
    Map<String, LiveTarget> byName = new TreeMap<>();
    targets.forEach(t -> byName.put(t.name(), t));
    List<Result> results = new ArrayList<>();
    for (Reading r : new LiveReader(settings, platforms).read(targets, LiveReader.Mode.DRIFT)) {
      // comparing is per-device work too: whatever one device's config does to it stays that
      // device's error
      LiveTarget target = byName.get(r.device());
      results.add(
          DevicePool.isolated(
              r,
              reading -> compare(target, reading, platforms),
              (reading, e) -> {
                Reading failed = LiveReader.internal(target, e, settings.crashes());
                return new Result(failed.status(), failed.findings(), null);
              }));
    }
    return List.copyOf(results);
  }

  /** Compares one device's reading with its intent. */
  public static Result compare(LiveTarget target, Reading reading, Platforms platforms) {
    if (!reading.read() || reading.live() == null) {
      return new Result(reading.status(), reading.findings(), null);
    }
    CompiledSwitch intended = target.intended();
    LiveProfile profile = profile(target, platforms);
    List<Finding> findings =
        new ArrayList<>(
            Drift.compare(
                comparable(intended, profile),
                reading.live(),
                Tolerance.of(intended),
                profile.paths(),
                profile.notAudited().keySet()));
    // the rules on the live config see what the platform does not serve as the intent has it
    CompiledSwitch live = profile.withUnserved(reading.live(), intended);
    DeviceStatus status =
        findings.isEmpty()
            ? DeviceStatus.ok(reading.device())
            : new DeviceStatus(reading.device(), DeviceStatus.Status.DRIFT, null);
    profile
        .notAudited()
        .forEach(
            (feature, reason) -> {
              if (feature.usedBy(intended)) {
                findings.add(notAudited(intended, feature, reason));
              }
            });
    findings.sort(Finding.ORDER);
    return new Result(status, findings, live);
  }

  /**
   * The live profile that judges {@code target}: its platform's, or, for a switch read over its CLI
   * too ({@code management.cli}), the one that counts what the CLI serves as read.
   */
  public static LiveProfile profile(LiveTarget target, Platforms platforms) {
    LiveProfile profile = platforms.live(target.intended().platform()).orElseThrow();
    if (target.cli() == null) {
      return profile;
    }
    return profile.cliAudit().map(CliAudit::profile).orElse(profile);
  }

  /**
   * The intended switch as the device's platform carries it ({@link LiveProfile#expected}: e.g.
   * only the ECMP hash fields the platform has settings for, the watchdog timers and headroom NVUE
   * derives itself), with the intent's provenance kept, so each difference is real drift and still
   * names its intent line.
   */
  public static CompiledSwitch comparable(CompiledSwitch intended, LiveProfile profile) {
    CompiledSwitch expected = profile.expected(intended);
    Map<String, CompiledPort> ports = new TreeMap<>();
    intended.ports().forEach(p -> ports.put(p.name(), p));
    List<CompiledPort> located = new ArrayList<>();
    for (CompiledPort p : expected.ports()) {
      CompiledPort own = ports.get(p.name());
      located.add(
          own == null ? p : p.toBuilder().role(own.role()).provenance(own.provenance()).build());
    }
    // A platform that names ECN profiles its own way (NVUE: by traffic class) keeps the intent line
    // of each:
    // the profile bound to the same queue owns it.
    Map<String, Location> provenance = new TreeMap<>(intended.provenance());
    Map<Integer, String> intendedProfileOfQueue = new TreeMap<>();
    intended.queues().forEach(q -> intendedProfileOfQueue.put(q.queue(), q.ecnProfile()));
    for (CompiledQueue q : expected.queues()) {
      String own = intendedProfileOfQueue.get(q.queue());
      if (q.ecnProfile() != null && own != null && !own.equals(q.ecnProfile())) {
        Location at = intended.provenance().get("ecn_profiles." + own);
        if (at != null) {
          provenance.putIfAbsent("ecn_profiles." + q.ecnProfile(), at);
        }
      }
    }
    // the intent-only facts no device config carries, back as the intent has them
    return expected.toBuilder()
        .name(intended.name())
        .role(intended.role())
        .asic(intended.asic())
        .asicProfileVersion(intended.asicProfileVersion())
        .thresholdRoundingBytes(intended.thresholdRoundingBytes())
        .hwsku(intended.hwsku())
        .osVersion(intended.osVersion())
        .managementHost(intended.managementHost())
        .managementPort(intended.managementPort())
        .cnpPriority(intended.cnpPriority())
        .cnpDscp(intended.cnpDscp())
        .provenance(provenance)
        .ports(located)
        .build();
  }

  private static Finding notAudited(CompiledSwitch sw, Feature feature, String reason) {
    return Finding.of(
            NOT_AUDITED,
            Severity.INFO,
            sw.name()
                + ": "
                + feature.word()
                + " is not audited on platform "
                + sw.platform()
                + ": "
                + reason)
        .at(RenderGaps.owner(sw, feature))
        .onDevice(sw.name())
        .withValues(feature.word(), "not served");
  }

  /**
   * Per-device results plus the live-only rule findings, with statuses raised to drift where those
   * apply.
   */
  public static Outcome outcome(
      FabricModel model,
      CompiledFabric compiled,
      List<Result> results,
      Map<String, RuleMeta> meta,
      LocalDate today) {
    return outcome(
        model,
        compiled,
        results,
        meta,
        today,
        dev.weft.rules.builtin.BuiltInRules.catalog(),
        Set.of());
  }

  /**
   * The same, with the run's rules: user rules on a switch's config ({@code userRules}) check the
   * live config too.
   */
  public static Outcome outcome(
      FabricModel model,
      CompiledFabric compiled,
      List<Result> results,
      Map<String, RuleMeta> meta,
      LocalDate today,
      RuleCatalog catalog,
      Set<String> userRules) {
    List<Finding> findings = new ArrayList<>();
    Map<String, CompiledSwitch> live = new TreeMap<>();
    Map<String, DeviceStatus> status = new TreeMap<>();
    for (Result r : results) {
      findings.addAll(r.findings());
      status.put(r.name(), r.status());
      if (r.live() != null) {
        live.put(r.name(), r.live());
      }
    }
    for (Finding f : LiveRules.liveOnly(model, compiled, live, meta, today, catalog, userRules)) {
      findings.add(f);
      DeviceStatus s = status.get(f.device());
      if (s != null && s.status() == DeviceStatus.Status.OK && f.severity() != Severity.INFO) {
        status.put(f.device(), new DeviceStatus(f.device(), DeviceStatus.Status.DRIFT, null));
      }
    }
    findings.sort(Finding.ORDER);
    return new Outcome(List.copyOf(findings), List.copyOf(status.values()));
  }
}
