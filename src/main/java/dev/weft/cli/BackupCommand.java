package dev.weft.cli;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.git.BackupException;
import dev.weft.git.BackupFile;
import dev.weft.git.BackupRepository;
import dev.weft.git.BackupResult;
import dev.weft.live.LiveReader;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.live.Reading;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft backup}: reads every managed switch's running configuration (NETCONF, or the
 * platform's SSH command) and commits it to a Git repository, one file per device, one commit per
 * run (none when nothing changed). A device that cannot be read is a {@code device-unreachable}
 * finding and keeps its last backup.
 */
@Command(
    name = "backup",
    mixinStandardHelpOptions = true,
    description =
        "Read every switch's running config (NETCONF, or SSH for SONiC and Cumulus) and commit it to a Git repository"
            + " (one file per device, one commit per run).",
    modelTransformer = CommonOptions.Prune.class,
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft backup inventories/roce-pod-a --to backups --credentials creds.yaml",
      "  weft backup --to backups --credentials creds.yaml --device leaf-01"
    })
@CommonOptions.Without({
  "--policies",
  "--templates",
  "--asic-profiles"
}) // a backup runs no rule and renders nothing
final class BackupCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin CommonOptions options;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "INVENTORY",
      description = "Inventory folder (default: the only one under inventories/).")
  Path inventory;

  @Option(
      names = "--to",
      required = true,
      paramLabel = "GITDIR",
      description = "Backup repository (created when missing or empty).")
  Path to;

  @Mixin NetconfOptions netconf;

  @Override
  public Integer call() {
    Invocation invocation = Invocation.start(spec);
    ReportOutput.checkOptions(options);
    var source =
        new InventoryLocator(Paths.get(""), options.sourceLimits())
            .locate(inventory, options.ref, options.repo);
    Pipeline pipeline = Pipeline.from(options);
    Pipeline.Run run = pipeline.compile(source);
    List<Finding> findings = new ArrayList<>(run.findings());
    List<DeviceStatus> statuses = new ArrayList<>();
    if (run.compiled() != null) {
      List<CompiledSwitch> managed =
          run.compiled().switches().stream().filter(s -> s.managementHost() != null).toList();
      backup(run, managed, pipeline, findings, statuses);
    }
    findings.sort(Finding.ORDER);
    return ReportOutput.write(
        options,
        spec.commandLine().getOut(),
        "backup",
        source,
        findings,
        statuses,
        Map.of(),
        invocation,
        null);
  }

  private void backup(
      Pipeline.Run run,
      List<CompiledSwitch> managed,
      Pipeline pipeline,
      List<Finding> findings,
      List<DeviceStatus> statuses) {
    Set<String> names = new TreeSet<>();
    managed.forEach(s -> names.add(s.name()));
    TreeSet<String> unknown = new TreeSet<>(netconf.devices);
    unknown.removeAll(names);
    if (!unknown.isEmpty()) {
      String hint =
          unknown.size() == 1 ? dev.weft.finding.DidYouMean.suggest(unknown.first(), names) : null;
      throw new UsageException(
          "--device "
              + String.join(", ", unknown)
              + ": no switch with management of that name in the inventory"
              + (hint == null ? "" : "; did you mean " + hint + "?"));
    }
    List<LiveTarget> targets =
        DeviceTargets.select(run.model(), managed, netconf.devices, netconf.credentials);
    LiveSettings settings =
        new LiveSettings(
            netconf.parallel(),
            netconf.timeout(),
            netconf.hostKeys(),
            netconf.client(),
            System::getenv,
            LiveSettings.Hook.NONE,
            null,
            CrashReport.forDevices());
    Map<String, BackupFile> configs = new TreeMap<>();
    List<String> failed = new ArrayList<>();
    try {
      for (Reading r :
          new LiveReader(settings, pipeline.platforms())
              .read(targets, LiveReader.Mode.WHOLE_CONFIG)) {
        statuses.add(r.status());
        findings.addAll(r.findings());
        if (r.read() && r.data() != null) {
          configs.put(r.device(), BackupFile.xml(r.data()));
        } else if (r.read() && r.text() != null) {
          configs.put(r.device(), BackupFile.text(r.text())); // a command's output (SONiC, NVUE)
        } else {
          failed.add(r.device());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UsageException("interrupted");
    }
    try (BackupRepository repo = BackupRepository.openOrInit(to)) {
      BackupResult result = repo.recordFiles(configs, failed, Instant.now());
      result
          .recovered()
          .forEach(line -> spec.commandLine().getErr().println("weft backup: " + line));
      String first = result.message().lines().findFirst().orElse("");
      spec.commandLine()
          .getErr()
          .println(
              first
                  + (result.committed()
                      ? "; commit " + result.commitId().orElseThrow().substring(0, 12) + " in " + to
                      : "; nothing to commit in " + to));
    } catch (BackupException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
