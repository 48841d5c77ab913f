package dev.weft.cli;

import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.IbDriftCheck;
import dev.weft.live.IbProcessTools;
import dev.weft.model.Transport;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.live.DeviceProfiles;
import dev.weft.report.DeviceStatus;
import dev.weft.rules.RuleMeta;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code weft drift}: read each switch's running config over NETCONF and compare it with the intent. */
@Command(name = "drift", mixinStandardHelpOptions = true,
        description = "Read each switch's running config over NETCONF, compare it with what the intent compiles to"
                + " (classification, PFC, ECN, scheduler, watchdog, buffers, MTU), run the compiled-config rules on"
                + " the live config, and report drift per device.")
final class DriftCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions options;

    @Mixin
    NetconfOptions netconf;

    @Parameters(index = "0", arity = "0..1", paramLabel = "INVENTORY", description = "Inventory folder (default: the only one under inventories/).")
    Path inventory;

    @Override
    public Integer call() throws InterruptedException {
        Invocation invocation = Invocation.start(spec);
        ReportOutput.checkOptions(options);
        DeviceAudit.Settings settings = new DeviceAudit.Settings(netconf.parallel(), netconf.timeout(), netconf.hostKeys(),
                netconf.client(), System::getenv, DeviceAudit.Hook.NONE, progress(spec.commandLine().getErr()));
        var source = new InventoryLocator(Paths.get("")).locate(inventory, options.ref, options.repo);
        Pipeline pipeline = Pipeline.from(options);
        Pipeline.Run run = pipeline.compile(source);
        Map<String, RuleMeta> meta = pipeline.ruleMeta().meta(); // drift ids are catalogue entries too
        if (run.compiled() == null) {
            return ReportOutput.write(options, spec.commandLine().getOut(), "drift", source, run.findings(), List.of(), meta,
                    invocation, null);
        }
        if (run.model().fabric() != null && run.model().fabric().transport() == Transport.INFINIBAND) {
            return infiniband(run, source, meta, invocation);
        }
        List<DeviceAudit.Target> targets = DeviceTargets.select(run.model(), run.compiled().switches(), netconf.devices,
                netconf.credentials);
        List<DeviceAudit.Result> results = new DeviceAudit(settings, DeviceProfiles.builtIn()).drift(targets);
        endProgress(spec.commandLine().getErr());
        Outcome outcome = outcome(run, results, meta, LocalDate.now());
        return ReportOutput.write(options, spec.commandLine().getOut(), "drift", source, outcome.findings(),
                outcome.devices(), meta, invocation, null);
    }

    /**
     * An InfiniBand fabric is audited through infiniband-diags on the SM host (the InfiniBand helper's
     * {@link IbDriftCheck}), not over NETCONF; the subnet is reported as one device, the intended master SM.
     */
    private int infiniband(Pipeline.Run run, dev.weft.source.InventorySource source, Map<String, RuleMeta> meta,
            Invocation invocation) {
        long limit = Math.max(1, netconf.timeout().toSeconds());
        IbDriftCheck.Result r = IbDriftCheck.run(run.model(), IbProcessTools.fromEnvironment(System::getenv, limit));
        DeviceStatus.Status status = switch (r.status()) {
            case "ok" -> DeviceStatus.Status.OK;
            case "drift" -> DeviceStatus.Status.DRIFT;
            default -> DeviceStatus.Status.UNREACHABLE;
        };
        String reason = status == DeviceStatus.Status.UNREACHABLE ? "refused" : null;
        return ReportOutput.write(options, spec.commandLine().getOut(), "drift", source, r.findings(),
                List.of(new DeviceStatus(r.device(), status, reason)), meta, invocation, null);
    }

    /** The findings and device statuses of a drift run: per-device results plus live-only rule findings. */
    record Outcome(List<Finding> findings, List<DeviceStatus> devices) {}

    static Outcome outcome(Pipeline.Run run, List<DeviceAudit.Result> results, Map<String, RuleMeta> meta, LocalDate today) {
        List<Finding> findings = new ArrayList<>();
        Map<String, CompiledSwitch> live = new TreeMap<>();
        Map<String, DeviceStatus> status = new TreeMap<>();
        for (DeviceAudit.Result r : results) {
            findings.addAll(r.findings());
            status.put(r.name(), r.status());
            if (r.live() != null) {
                live.put(r.name(), r.live());
            }
        }
        for (Finding f : LiveRules.liveOnly(run.model(), run.compiled(), live, meta, today)) {
            findings.add(f);
            DeviceStatus s = status.get(f.device());
            if (s != null && s.status() == DeviceStatus.Status.OK && f.severity() != Severity.INFO) {
                status.put(f.device(), new DeviceStatus(f.device(), DeviceStatus.Status.DRIFT, null));
            }
        }
        findings.sort(Finding.ORDER);
        return new Outcome(List.copyOf(findings), List.copyOf(status.values()));
    }

    /** Ends the progress line so the report (or the shell prompt) starts on a fresh line. */
    static void endProgress(PrintWriter err) {
        if (System.console() != null) {
            err.println();
            err.flush();
        }
    }

    /** A progress line on stderr, redrawn in place, only when a person is watching a terminal. */
    static Consumer<String> progress(PrintWriter err) {
        if (System.console() == null) {
            return s -> { };
        }
        return s -> {
            synchronized (err) {
                err.print("\rweft: " + s);
                err.flush();
            }
        };
    }
}
