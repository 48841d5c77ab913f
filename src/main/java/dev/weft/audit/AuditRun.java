package dev.weft.audit;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.DriftAudit;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.git.BackupFile;
import dev.weft.health.CounterReaders;
import dev.weft.health.CounterSnapshot;
import dev.weft.health.Counters;
import dev.weft.health.HealthCheck;
import dev.weft.live.DevicePool;
import dev.weft.live.LiveReader;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.live.Reading;
import dev.weft.log.Secrets;
import dev.weft.model.CongestionControl;
import dev.weft.model.FabricModel;
import dev.weft.model.Health;
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
 * One night's pass over the devices: each device is read once ({@link LiveReader.Mode#AUDIT}: drift read,
 * counters and the whole config in one session), compared with its intent, its counters judged against the
 * previous snapshot; then the rules run on the live configs. A device whose platform has no live read is
 * {@code not-audited}, not an error.
 */
public final class AuditRun {

    /**
     * What to audit.
     *
     * @param previous the previous night's counter snapshot ({@link CounterSnapshot#EMPTY} on the first night)
     * @param now      epoch seconds of this audit (the new snapshot's time)
     * @param backup   keep each device's whole config for the backup
     * @param renderer renders a drifted device's intent for its config diff (the run's templates)
     */
    public record Request(LiveSettings settings, Platforms platforms, List<LiveTarget> targets, FabricModel model,
            CompiledFabric compiled, Map<String, RuleMeta> meta, LocalDate today, RuleCatalog catalog,
            Set<String> userRules, CounterSnapshot previous, long now, boolean backup, Renderer renderer) {}

    /**
     * What the night found.
     *
     * @param health   device name → health state ({@link HealthCheck.State#label()})
     * @param counters tonight's snapshot
     * @param configs  device name → its whole config, for the backup
     * @param unread   devices whose config could not be read (their backup stays as it was)
     * @param diffs    device name → its config diff, for each device whose config differs from the intent
     */
    public record Outcome(List<Finding> findings, List<DeviceStatus> devices, Map<String, String> health,
            CounterSnapshot counters, Map<String, BackupFile> configs, List<String> unread,
            Map<String, ConfigDiff> diffs) {}

    private AuditRun() {}

    public static Outcome run(Request r) throws InterruptedException {
        List<LiveTarget> live = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        List<DeviceStatus> notAudited = new ArrayList<>();
        for (LiveTarget t : r.targets()) {
            if (t.problem() == null && r.platforms().live(t.intended().platform()).isEmpty()) {
                notAudited.add(new DeviceStatus(t.name(), DeviceStatus.Status.NOT_AUDITED, "no-live-profile"));
                findings.add(Finding.of(DriftAudit.NOT_AUDITED, Severity.INFO, t.name() + ": "
                                + r.platforms().missingLive(t.intended().platform()))
                        .at(t.owner()).onDevice(t.name()).withValues("live read", "none for platform "
                                + t.intended().platform()));
            } else {
                live.add(t);
            }
        }
        Map<String, LiveTarget> byName = new TreeMap<>();
        live.forEach(t -> byName.put(t.name(), t));
        LiveReader.Audit extras = new LiveReader.Audit(r.backup(), sw -> CounterReaders.commands(sw.platform()));
        List<DriftAudit.Result> results = new ArrayList<>();
        Map<String, String> health = new TreeMap<>();
        Map<String, Counters> counters = new TreeMap<>();
        Map<String, BackupFile> configs = new TreeMap<>();
        Map<String, ConfigDiff> diffs = new TreeMap<>();
        List<String> unread = new ArrayList<>();
        HealthCheck check = healthCheck(r.model());
        for (Reading reading : new LiveReader(r.settings(), r.platforms()).read(live, LiveReader.Mode.AUDIT, extras)) {
            LiveTarget target = byName.get(reading.device());
            DriftAudit.Result result = DevicePool.isolated(reading, x -> DriftAudit.compare(target, x, r.platforms()),
                    (x, e) -> {
                        Reading failed = LiveReader.internal(target, e, r.settings().crashes());
                        return new DriftAudit.Result(failed.status(), failed.findings(), null);
                    });
            results.add(result);
            if (result.status().status() == DeviceStatus.Status.DRIFT) {
                diffs.put(reading.device(), diff(r, target, reading, result));   // while the config read is at hand
            }
            if (!reading.read()) {
                unread.add(reading.device());
                continue;
            }
            keepConfig(reading, configs);
            CompiledSwitch sw = target.intended();
            Counters now = CounterReaders.parse(sw.platform(), reading.outputs());
            if (!now.isEmpty()) {
                counters.put(sw.name(), now);
            }
            HealthCheck.Result h = check.check(sw, r.previous().devices().get(sw.name()), now,
                    r.now() - r.previous().takenAt());
            health.put(sw.name(), h.state().label());
            findings.addAll(h.findings());
            if (h.state() == HealthCheck.State.NOT_READ) {
                findings.add(healthNotRead(target));
            }
        }
        DriftAudit.Outcome drift = DriftAudit.outcome(r.model(), r.compiled(), results, r.meta(), r.today(),
                r.catalog(), r.userRules());
        findings.addAll(drift.findings());
        findings.sort(Finding.ORDER);
        List<DeviceStatus> devices = new ArrayList<>(drift.devices());
        devices.addAll(notAudited);
        return new Outcome(List.copyOf(findings), List.copyOf(devices), health, new CounterSnapshot(r.now(), counters),
                configs, List.copyOf(unread), diffs);
    }

    /** The device's config diff; what its making throws is a note on this device's diff, not the night's end. */
    private static ConfigDiff diff(Request r, LiveTarget target, Reading reading, DriftAudit.Result result)
            throws InterruptedException {
        CompiledSwitch sw = target.intended();
        return DevicePool.isolated(reading, x -> ConfigDiffs.of(r.platforms().live(sw.platform()).orElseThrow(),
                r.renderer(), sw, r.compiled().fabric(), x.text(), ConfigDiffs.drifted(result.findings())),
                (x, e) -> ConfigDiff.none("no diff: " + Secrets.mask(DevicePool.describe(sw.name(), e, null))));
    }

    private static HealthCheck healthCheck(FabricModel model) {
        var fabric = model.fabric();
        Health limits = fabric == null || fabric.health() == null ? Health.defaults(null) : fabric.health();
        return new HealthCheck(limits, fabric != null && fabric.congestionControl() == CongestionControl.DCQCN);
    }

    private static void keepConfig(Reading reading, Map<String, BackupFile> configs) {
        if (reading.data() != null) {
            configs.put(reading.device(), BackupFile.xml(reading.data()));
        } else if (reading.text() != null) {
            configs.put(reading.device(), BackupFile.text(reading.text()));
        }
    }

    private static Finding healthNotRead(LiveTarget t) {
        String platform = t.intended().platform();
        String why = CounterReaders.commands(platform).isEmpty()
                ? "Weft reads no counters from platform " + platform + " yet"
                : "the device answered none of " + String.join(", ", CounterReaders.commands(platform));
        return Finding.of(DriftAudit.NOT_AUDITED, Severity.INFO, t.name() + ": health is not audited: " + why)
                .at(t.owner()).onDevice(t.name()).withValues("health", "not served");
    }
}
