package dev.weft.cli;

import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.DriftAudit;
import dev.weft.drift.IbDriftCheck;
import dev.weft.finding.DeviceStatus;
import dev.weft.live.IbProcessTools;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.model.Transport;
import dev.weft.platform.Platforms;
import dev.weft.rules.RuleMeta;
import dev.weft.source.InventorySource;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft drift}: read each switch's running config over NETCONF and compare it with the
 * intent.
 */
@Command(
    name = "drift",
    mixinStandardHelpOptions = true,
    description = {
      "Read each switch's running config, compare it with what the intent compiles to"
          + " (classification, PFC, ECN, scheduler, watchdog, buffers, MTU), run the compiled-config rules on"
          + " the live config, and report drift per device.",
      "Reads " + PlatformHelp.LIVE + ".",
      "With --from-backup DIR it reads no device: each switch's config is its file in DIR (weft backup's"
          + " layout, <device>.xml|json|txt), read and compared exactly as a live read."
    },
    modelTransformer = CommonOptions.Prune.class,
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft drift inventories/roce-pod-a --credentials creds.yaml",
      "  weft drift --device leaf-01 --from-backup backups --format json"
    })
@CommonOptions.Without({"--templates"}) // drift compares compiled configs; templates play no part
final class DriftCommand implements Callable<Integer> {

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
      names = "--from-backup",
      paramLabel = "DIR",
      description =
          "Compare with the configs in DIR instead of reading the devices (no network, no"
              + " --credentials): <device>.xml|json|txt as weft backup writes them. A switch with no"
              + " file there is unreachable (reason no-backup); a file its platform's reader refuses is"
              + " that switch's error.")
  Path fromBackup;

  @Override
  public Integer call() throws InterruptedException {
    Invocation invocation = Invocation.start(spec);
    ReportOutput.checkOptions(options);
    LiveSettings settings =
        new LiveSettings(
            netconf.parallel(),
            netconf.timeout(),
            netconf.hostKeys(),
            netconf.client(),
            System::getenv,
            LiveSettings.Hook.NONE,
            progress(spec.commandLine().getErr()),
            CrashReport.forDevices());
    var source =
        new InventoryLocator(Paths.get(""), options.sourceLimits())
            .locate(inventory, options.ref, options.repo);
    Pipeline pipeline = Pipeline.from(options);
    Pipeline.Run run = pipeline.compile(source);
    Map<String, RuleMeta> meta = pipeline.ruleMeta().meta(); // drift ids are catalogue entries too
    if (run.compiled() == null) {
      return ReportOutput.write(
          options,
          spec.commandLine().getOut(),
          "drift",
          source,
          run.findings(),
          List.of(),
          meta,
          invocation,
          null);
    }
    if (run.model().fabric() != null && run.model().fabric().transport() == Transport.INFINIBAND) {
      if (fromBackup != null) {
        throw new UsageException(
            "--from-backup: an InfiniBand fabric is audited through the subnet manager, not from"
                + " switch configs");
      }
      return infiniband(run, source, meta, invocation);
    }
    if (fromBackup != null) {
      return fromBackup(run, source, pipeline, meta, invocation);
    }
    List<LiveTarget> targets =
        DeviceTargets.select(
            run.model(), run.compiled().switches(), netconf.devices, netconf.credentials);
    DriftAudit.Outcome outcome =
        audit(
            run, settings, pipeline.platforms(), targets, meta, LocalDate.now(), pipeline.rules());
    endProgress(spec.commandLine().getErr());
    return report(outcome, source, meta, invocation);
  }

  /**
   * Drift against a backup folder: the switches {@code --device} selects, each read from its file
   * ({@link BackupDrift}), then the same outcome as a live run (live-config rules, statuses).
   */
  private int fromBackup(
      Pipeline.Run run,
      InventorySource source,
      Pipeline pipeline,
      Map<String, RuleMeta> meta,
      Invocation invocation) {
    if (!Files.isDirectory(fromBackup)) {
      throw new UsageException("--from-backup " + fromBackup + ": no such folder");
    }
    List<CompiledSwitch> switches =
        DeviceTargets.switches(run.compiled().switches(), netconf.devices);
    List<DriftAudit.Result> results;
    try {
      results =
          BackupDrift.compare(fromBackup, fromBackup.toString(), switches, pipeline.platforms());
    } catch (IOException e) {
      throw new UsageException("--from-backup " + fromBackup + ": " + e.getMessage());
    }
    DriftAudit.Outcome outcome =
        DriftAudit.outcome(
            run.model(),
            run.compiled(),
            results,
            meta,
            LocalDate.now(),
            pipeline.rules().catalog(),
            pipeline.rules().user().configRuleIds());
    return report(outcome, source, meta, invocation);
  }

  /**
   * An InfiniBand fabric is audited through infiniband-diags on the SM host (the InfiniBand
   * helper's {@link IbDriftCheck}), not over NETCONF; the subnet is reported as one device, the
   * intended master SM.
   */
  private int infiniband(
      Pipeline.Run run, InventorySource source, Map<String, RuleMeta> meta, Invocation invocation) {
    long limit = Math.max(1, netconf.timeout().toSeconds());
    IbDriftCheck.Result r =
        IbDriftCheck.run(run.model(), IbProcessTools.fromEnvironment(System::getenv, limit));
    DeviceStatus.Status status =
        switch (r.status()) {
          case "ok" -> DeviceStatus.Status.OK;
          case "drift" -> DeviceStatus.Status.DRIFT;
          default -> DeviceStatus.Status.UNREACHABLE;
        };
    String reason = status == DeviceStatus.Status.UNREACHABLE ? "refused" : null;
    return ReportOutput.write(
        options,
        spec.commandLine().getOut(),
        "drift",
        source,
        r.findings(),
        List.of(new DeviceStatus(r.device(), status, reason)),
        meta,
        invocation,
        null);
  }

  /** Reads every target and compares it with its intent: the drift use case, wired. */
  static DriftAudit.Outcome audit(
      Pipeline.Run run,
      LiveSettings settings,
      Platforms platforms,
      List<LiveTarget> targets,
      Map<String, RuleMeta> meta,
      LocalDate today,
      Pipeline.Rules rules)
      throws InterruptedException {
    List<DriftAudit.Result> results = DriftAudit.run(settings, platforms, targets);
    return DriftAudit.outcome(
        run.model(),
        run.compiled(),
        results,
        meta,
        today,
        rules.catalog(),
        rules.user().configRuleIds());
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
      return s -> {};
    }
    return s -> {
      synchronized (err) {
        err.print("\rweft: " + s);
        err.flush();
      }
    };
  }

  /** The drift report, live or from backups alike. */
  private int report(
      DriftAudit.Outcome outcome,
      InventorySource source,
      Map<String, RuleMeta> meta,
      Invocation invocation) {
    return ReportOutput.write(
        options,
        spec.commandLine().getOut(),
        "drift",
        source,
        outcome.findings(),
        outcome.devices(),
        meta,
        invocation,
        null);
  }
}
