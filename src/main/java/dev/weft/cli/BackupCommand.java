package dev.weft.cli;

import dev.weft.finding.Finding;
import dev.weft.git.BackupException;
import dev.weft.git.BackupRepository;
import dev.weft.git.BackupResult;
import dev.weft.live.DeviceProfiles;
import dev.weft.report.DeviceStatus;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.w3c.dom.Element;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code weft backup --to GITDIR}: every switch's running config, one pretty-printed file each, one commit per run. */
@Command(name = "backup", mixinStandardHelpOptions = true,
        description = "Read every switch's running config over NETCONF and commit it to a Git repository, one file per"
                + " device (<device>.xml), one commit per run naming what changed; no change, no commit.")
final class BackupCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions options;

    @Mixin
    NetconfOptions netconf;

    @Parameters(index = "0", arity = "0..1", paramLabel = "INVENTORY", description = "Inventory folder (default: the only one under inventories/).")
    Path inventory;

    @Option(names = "--to", paramLabel = "GITDIR", required = true,
            description = "The backup repository (created when missing or empty).")
    Path to;

    @Override
    public Integer call() throws InterruptedException {
        ReportOutput.checkOptions(options);
        DeviceAudit.Settings settings = new DeviceAudit.Settings(netconf.parallel(), netconf.timeout(), netconf.hostKeys(),
                netconf.client(), System::getenv, DeviceAudit.Hook.NONE, DriftCommand.progress(spec.commandLine().getErr()));
        var source = new InventoryLocator(Paths.get("")).locate(inventory, options.ref, options.repo);
        Pipeline pipeline = Pipeline.from(options);
        Pipeline.Run run = pipeline.compile(source);
        var meta = DriftCommand.withDriftRules(pipeline.ruleMeta().meta());
        if (run.compiled() == null) {
            return ReportOutput.write(options, spec.commandLine().getOut(), "backup", source.inventoryPath(),
                    run.findings(), List.of(), meta);
        }
        List<DeviceAudit.Target> targets = DeviceTargets.select(run.model(), run.compiled().switches(), netconf.devices,
                netconf.credentials);
        List<DeviceAudit.Result> results = new DeviceAudit(settings, DeviceProfiles.builtIn()).backup(targets);
        DriftCommand.endProgress(spec.commandLine().getErr());
        Map<String, Element> configs = new TreeMap<>();
        List<String> failed = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        List<DeviceStatus> devices = new ArrayList<>();
        for (DeviceAudit.Result r : results) {
            devices.add(r.status());
            findings.addAll(r.findings());
            if (r.config() != null) {
                configs.put(r.name(), r.config());
            } else {
                failed.add(r.name());
            }
        }
        BackupResult done;
        try (BackupRepository repo = BackupRepository.openOrInit(to)) {
            done = repo.record(configs, failed, Instant.now());
        } catch (BackupException e) {
            throw new UsageException("--to " + to + ": " + e.getMessage());
        }
        var err = spec.commandLine().getErr();
        err.println("weft backup: " + (done.committed() ? "committed " + done.commitId().orElseThrow().substring(0, 12)
                : "no change, no commit") + " (" + done.changed().size() + " changed, " + done.unchanged().size()
                + " unchanged, " + done.unreachable().size() + " not read)");
        err.flush();
        return ReportOutput.write(options, spec.commandLine().getOut(), "backup", source.inventoryPath(), findings,
                devices, meta);
    }

}
