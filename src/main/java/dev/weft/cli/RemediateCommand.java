package dev.weft.cli;

import dev.weft.drift.DriftRules;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.git.BackupException;
import dev.weft.git.BackupFile;
import dev.weft.git.BackupRepository;
import dev.weft.git.BackupResult;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.model.Transport;
import dev.weft.remediate.DeviceResult;
import dev.weft.remediate.RemediateRules;
import dev.weft.remediate.RemediateSettings;
import dev.weft.remediate.Remediator;
import dev.weft.remediate.ReportInput;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.report.FailOn;
import dev.weft.report.RemediationReport;
import dev.weft.report.RemediationReporters;
import dev.weft.rules.RuleMeta;
import dev.weft.units.TimeSpan;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft remediate}: plans that bring drifted switches back to intent; pushed safely with
 * {@code --apply}.
 */
@Command(
    name = "remediate",
    mixinStandardHelpOptions = true,
    description =
        "For each drifted switch (read now, or from a drift report with --from), the smallest NETCONF edit"
            + " that brings the drifted features back to intent, shown as a plan. Nothing is sent without --apply;"
            + " --apply pushes each plan with lock, edit-config, validate and a confirmed commit that is confirmed only"
            + " when the device reads back in sync, and rolled back otherwise.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft remediate inventories/roce-pod-a --credentials creds.yaml",
      "  weft remediate --from drift.json --apply --credentials creds.yaml --device leaf-01"
    })
final class RemediateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin CommonOptions options;

  @Mixin NetconfOptions netconf;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "INVENTORY",
      description = "Inventory folder (default: the only one under inventories/).")
  Path inventory;

  @Option(
      names = "--apply",
      description = "Push the plans (default: a dry run that sends nothing but reads).")
  boolean apply;

  @Option(
      names = "--dry-run",
      description = "Show the plans and send nothing (the default; excludes --apply).")
  boolean dryRun;

  @Option(
      names = "--from",
      paramLabel = "REPORT",
      description =
          "Remediate the drift of this weft drift or audit report (--format json) instead of reading the devices to plan.")
  Path from;

  @Option(
      names = "--confirm-timeout",
      paramLabel = "DURATION",
      defaultValue = "120s",
      description =
          "How long a device waits for the confirming commit before it reverts by itself (default: ${DEFAULT-VALUE}).")
  String confirmTimeout;

  @Option(
      names = "--max-parallel",
      paramLabel = "N",
      description = "Devices planned and pushed at once: the same as --parallel (default 16).")
  Integer maxParallel;

  @Option(
      names = "--max-devices",
      paramLabel = "N",
      defaultValue = "10",
      description =
          "Blast radius: most devices one run changes; the others are skipped (default: ${DEFAULT-VALUE}).")
  int maxDevices;

  @Option(
      names = "--canary",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "Push to the first N planned devices first; the run stops unless each of them was remediated (default: none).")
  int canary;

  @Option(
      names = "--backup",
      paramLabel = "GITDIR",
      description =
          "Commit each pushed device's whole running config before and after to this Git repository (as weft backup).")
  Path backup;

  @Override
  public Integer call() throws InterruptedException {
    ReportOutput.checkOptions(options);
    if (apply && dryRun) {
      throw new UsageException(
          "--apply and --dry-run exclude each other (a dry run is the default)");
    }
    Duration timeout = confirmTimeout();
    if (maxParallel != null) {
      netconf.parallel = maxParallel;
    }
    if (maxDevices < 1) {
      throw new UsageException("--max-devices must be at least 1, got " + maxDevices);
    }
    if (canary < 0) {
      throw new UsageException("--canary must not be negative, got " + canary);
    }
    var source = new InventoryLocator(Paths.get("")).locate(inventory, options.ref, options.repo);
    ReportInput reported = reported(source.inventoryPath());
    Pipeline pipeline = Pipeline.from(options);
    Pipeline.Run run = pipeline.validate(source);
    Map<String, RuleMeta> meta = withRemediateRules(run.rules());
    List<Finding> intentErrors =
        run.findings().stream().filter(f -> f.severity() == Severity.ERROR && !f.waived()).toList();
    List<String> notes = new ArrayList<>();
    List<DeviceResult> results = List.of();
    if (run.compiled() != null) {
      if (run.model().fabric() != null
          && run.model().fabric().transport() == Transport.INFINIBAND) {
        throw new UsageException(
            "weft remediate changes switches over NETCONF; an InfiniBand fabric is configured in"
                + " its subnet manager (weft render writes opensm.conf)");
      }
      List<LiveTarget> targets =
          DeviceTargets.select(
              run.model(), run.compiled().switches(), netconf.devices, netconf.credentials);
      LiveSettings live =
          new LiveSettings(
              netconf.parallel(),
              netconf.timeout(),
              netconf.hostKeys(),
              netconf.client(),
              System::getenv,
              LiveSettings.Hook.NONE,
              DriftCommand.progress(spec.commandLine().getErr()));
      RemediateSettings settings =
          new RemediateSettings(
              apply,
              timeout,
              maxDevices,
              canary,
              apply && backup != null,
              live,
              RemediateSettings.Hook.NONE);
      TemplateFolders folders =
          options.templates == null
              ? TemplateFolders.builtIn()
              : TemplateFolders.withOverrides(options.templates);
      results =
          new Remediator(
                  settings,
                  pipeline.platforms(),
                  new Renderer(
                      folders, new dev.weft.render.TemplateEngine(folders), pipeline.platforms()),
                  run.compiled().fabric())
              .run(targets, reported, intentErrors);
      DriftCommand.endProgress(spec.commandLine().getErr());
    }
    RemediationReport.Backup commits = null;
    if (backup != null && !apply) {
      notes.add("--backup commits only when --apply pushes; this dry run changed nothing");
    } else if (backup != null) {
      commits = backup(results);
    }
    if (reported != null) {
      notes.add(
          "planned from "
              + from
              + " ("
              + reported.command()
              + " report); the devices are read again under the"
              + " lock before a push");
    }
    List<Finding> findings = new ArrayList<>(intentErrors);
    results.forEach(r -> findings.addAll(r.findings()));
    RemediationReport report =
        new RemediationReport(
            Version.VERSION,
            source.inventoryPath(),
            apply,
            new RemediationReport.Settings(
                Math.max(1, (timeout.toMillis() + 999) / 1000),
                netconf.parallel(),
                maxDevices,
                canary,
                from == null ? null : from.toString()),
            results,
            findings,
            commits,
            notes,
            ReportOutput.ruleInfoMap(findings, meta));
    options
        .outputTargets()
        .write(
            spec.commandLine().getOut(),
            (format, out) -> RemediationReporters.forFormat(format).write(report, out));
    return RemediationReporters.exitCode(report, FailOn.parse(options.failOn));
  }

  private Duration confirmTimeout() {
    long ms;
    try {
      ms = TimeSpan.parse(confirmTimeout).millis();
    } catch (IllegalArgumentException e) {
      throw new UsageException(
          "--confirm-timeout: expected a duration like 120s or 5m, found '" + confirmTimeout + "'");
    }
    if (ms < 1000 || ms > 0xffffffffL * 1000) {
      throw new UsageException(
          "--confirm-timeout must be at least 1s (NETCONF counts whole seconds), got '"
              + confirmTimeout
              + "'");
    }
    return Duration.ofMillis(ms);
  }

  private ReportInput reported(String inventoryPath) {
    if (from == null) {
      return null;
    }
    try {
      ReportInput r = ReportInput.read(from);
      if (!r.inventory().equals(inventoryPath)) {
        throw new UsageException(
            "--from "
                + from
                + " is the report of inventory '"
                + r.inventory()
                + "', not of "
                + inventoryPath);
      }
      return r;
    } catch (ReportInput.BadReportException e) {
      throw new UsageException("--from " + e.getMessage());
    }
  }

  /**
   * One commit of the configs before the push, one of them after: {@code git diff} between them is
   * what changed.
   */
  private RemediationReport.Backup backup(List<DeviceResult> results) {
    Map<String, BackupFile> before = new TreeMap<>();
    Map<String, BackupFile> after = new TreeMap<>();
    for (DeviceResult r : results) {
      if (r.before() != null) {
        before.put(r.name(), BackupFile.xml(r.before()));
      } else if (r.beforeText() != null) {
        before.put(r.name(), BackupFile.text(r.beforeText()));
      }
      if (r.after() != null) {
        after.put(r.name(), BackupFile.xml(r.after()));
      } else if (r.afterText() != null) {
        after.put(r.name(), BackupFile.text(r.afterText()));
      }
    }
    if (before.isEmpty()) {
      return new RemediationReport.Backup(backup.toString(), null, null);
    }
    try (BackupRepository repo = BackupRepository.openOrInit(backup)) {
      BackupResult b =
          repo.recordFiles(before, List.of(), Instant.now(), "weft remediate (before)");
      BackupResult a = repo.recordFiles(after, List.of(), Instant.now(), "weft remediate (after)");
      return new RemediationReport.Backup(
          backup.toString(), b.commitId().orElse(null), a.commitId().orElse(null));
    } catch (BackupException e) {
      throw new UsageException("--backup: " + e.getMessage());
    }
  }

  /**
   * The drift catalogue's metadata plus the remediate ids' descriptions (SARIF needs one per rule
   * used).
   */
  static Map<String, RuleMeta> withRemediateRules(Map<String, RuleMeta> meta) {
    Map<String, RuleMeta> out = new TreeMap<>(meta);
    for (DriftRules.Description d : RemediateRules.all().values()) {
      out.putIfAbsent(
          d.id(),
          new RuleMeta(
              d.id(),
              d.title(),
              Severity.ERROR,
              "remediate",
              d.rationale(),
              List.of(),
              d.remediation(),
              "0.1.0",
              java.util.Set.of(RuleMeta.Scope.TOOL),
              java.util.Set.of(Severity.ERROR),
              null));
    }
    return out;
  }
}
