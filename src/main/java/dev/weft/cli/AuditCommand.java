package dev.weft.cli;

import dev.weft.audit.AuditReport;
import dev.weft.audit.AuditRun;
import dev.weft.audit.Comparison;
import dev.weft.audit.Coverage;
import dev.weft.audit.History;
import dev.weft.audit.IbAudit;
import dev.weft.audit.SchedulerShard;
import dev.weft.audit.Shard;
import dev.weft.intent.ParsedFile;
import dev.weft.live.HostReader;
import dev.weft.live.IbProcessTools;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.model.Transport;
import dev.weft.render.Renderer;
import dev.weft.rules.RuleMeta;
import dev.weft.source.InventorySource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code weft audit}: the nightly job (docs/audit.md). */
@Command(
    name = "audit",
    mixinStandardHelpOptions = true,
    description =
        "The nightly audit: per device in one session the drift read, the rules on the live config, the"
            + " health counters and (with --backup) the backup; compared with the previous night in the history;"
            + " --output html=FILE writes the dashboard; --shard K/N audits one runner's share.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  weft audit inventories/roce-pod-a --backup backups --output html=audit.html",
      "  weft audit inventories/roce-pod-a --shard 2/4 --format json --output json=shard-2.json"
    })
final class AuditCommand implements Callable<Integer> {

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
      names = "--backup",
      paramLabel = "GITDIR",
      description = "Commit each device's running config to this Git repository (as weft backup).")
  Path backup;

  @Option(
      names = "--history",
      paramLabel = "DIR",
      description =
          "Audit history (Git repository; default: the --backup repository)."
              + " Read for the previous night; written (one commit) unless --shard is given, where weft report merge writes it.")
  Path history;

  @Option(
      names = "--shard",
      paramLabel = "K/N|auto",
      description =
          "Audit only shard K of N (the devices in the order of"
              + " a hash of their name, cut into N runs of sizes within one); auto: K and N from Slurm, Kubernetes or CI"
              + " variables (docs/audit.md).")
  String shard;

  @Option(
      names = "--shard-count",
      paramLabel = "N",
      description =
          "How many shards --shard auto splits into where the"
              + " scheduler does not say (a Kubernetes Indexed Job's completions).")
  Integer shardCount;

  @Override
  public Integer call() throws InterruptedException {
    Invocation invocation = Invocation.start(spec);
    ReportOutput.checkOptions(options);
    Shard part = parseShard();
    Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    long t0 = System.nanoTime();
    var source =
        new InventoryLocator(Paths.get(""), options.sourceLimits())
            .locate(inventory, options.ref, options.repo);
    Pipeline pipeline = Pipeline.from(options);
    Pipeline.Run run = pipeline.compile(source);
    Map<String, RuleMeta> meta = AuditRules.with(pipeline.ruleMeta().meta());
    if (run.compiled() == null) {
      return ReportOutput.write(
          options,
          spec.commandLine().getOut(),
          "audit",
          source,
          run.findings(),
          List.of(),
          meta,
          invocation,
          null);
    }
    boolean infiniband =
        run.model().fabric() != null && run.model().fabric().transport() == Transport.INFINIBAND;
    if (infiniband && !part.all()) {
      throw new UsageException(
          "an InfiniBand subnet is read whole on its SM host: --shard does not apply");
    }
    Path historyDir = history != null ? history : backup;
    History.Previous previous = AuditOutput.previous(historyDir);
    if (infiniband) {
      long limit = Math.max(1, netconf.timeout().toSeconds());
      AuditRun.Outcome ib =
          IbAudit.run(
              run.model(),
              IbProcessTools.fromEnvironment(System::getenv, limit),
              previous.counters(),
              started.getEpochSecond());
      Coverage all = Coverage.of(revision(run), part, IbAudit.devices(run.model()));
      return report(source, run, started, t0, part, all, ib, meta, previous, historyDir);
    }
    List<String> hostNames = DeviceTargets.hostNames(run.model(), netconf.devices);
    List<String> switchNames =
        netconf.devices.stream().filter(n -> !hostNames.contains(n)).toList();
    boolean onlyHosts = !netconf.devices.isEmpty() && switchNames.isEmpty();
    List<LiveTarget> allTargets =
        onlyHosts
            ? List.of()
            : DeviceTargets.select(
                run.model(), run.compiled().switches(), switchNames, netconf.credentials);
    boolean onlySwitches = !netconf.devices.isEmpty() && hostNames.isEmpty();
    List<HostReader.Target> allHosts =
        onlySwitches ? List.of() : DeviceTargets.hosts(run.model(), hostNames, netconf.credentials);
    List<String> everyDevice = new ArrayList<>();
    allTargets.forEach(t -> everyDevice.add(t.name()));
    allHosts.forEach(t -> everyDevice.add(t.name()));
    Coverage coverage = Coverage.of(revision(run), part, everyDevice);
    Set<String> mine = Set.copyOf(coverage.devices());
    List<LiveTarget> targets = allTargets.stream().filter(t -> mine.contains(t.name())).toList();
    List<HostReader.Target> hosts = allHosts.stream().filter(t -> mine.contains(t.name())).toList();
    var err = spec.commandLine().getErr();
    LiveSettings settings =
        new LiveSettings(
            netconf.parallel(),
            netconf.timeout(),
            netconf.hostKeys(),
            netconf.client(),
            System::getenv,
            LiveSettings.Hook.NONE,
            new AuditProgress(err, System.console() != null, System::nanoTime),
            CrashReport.forDevices());
    AuditRun.Outcome outcome =
        AuditRun.run(
            new AuditRun.Request(
                settings,
                pipeline.platforms(),
                targets,
                run.model(),
                run.compiled(),
                meta,
                LocalDate.now(ZoneOffset.UTC),
                pipeline.rules().catalog(),
                pipeline.rules().user().configRuleIds(),
                previous.counters(),
                started.getEpochSecond(),
                backup != null,
                new Renderer(
                    pipeline.templates(),
                    new dev.weft.render.TemplateEngine(pipeline.templates()),
                    pipeline.platforms()),
                hosts));
    DriftCommand.endProgress(err);
    return report(source, run, started, t0, part, coverage, outcome, meta, previous, historyDir);
  }

  /** The night's report, compared with the history, recorded and written. */
  private int report(
      InventorySource source,
      Pipeline.Run run,
      Instant started,
      long t0,
      Shard part,
      Coverage coverage,
      AuditRun.Outcome outcome,
      Map<String, RuleMeta> meta,
      History.Previous previous,
      Path historyDir) {
    AuditReport report =
        new AuditReport(
            Version.VERSION,
            source.inventoryPath(),
            new AuditReport.Meta(
                started.toString(),
                (System.nanoTime() - t0) / 1_000_000,
                null,
                part.all() ? "all" : part.toString(),
                coverage),
            outcome.findings(),
            outcome.devices(),
            outcome.health(),
            outcome.counters(),
            Comparison.FIRST_NIGHT,
            List.of(),
            outcome.diffs());
    AuditOutput out =
        new AuditOutput(
            options,
            spec.commandLine().getOut(),
            spec.commandLine().getErr(),
            meta,
            AuditOutput.intentLines(source));
    AuditReport done = out.withHistory(report, previous);
    out.record(
        done, backup, part.all() ? historyDir : null, outcome.configs(), outcome.unread(), started);
    return out.write(done, previous.counters());
  }

  /**
   * The inventory's content: every file's path and text, so shards that read other files disagree.
   */
  private static String revision(Pipeline.Run run) {
    List<String> parts = new ArrayList<>();
    for (ParsedFile f : run.intent().loaded().files()) {
      parts.add(f.source().path());
      byte[] content = f.source().content();
      parts.add(content == null ? "" : new String(content, StandardCharsets.UTF_8));
    }
    return Coverage.digest(parts);
  }

  private Shard parseShard() {
    try {
      if ("auto".equals(shard)) {
        return SchedulerShard.from(System::getenv, shardCount);
      }
      Shard given = shard == null ? Shard.ALL : Shard.parse(shard);
      if (shard != null
          && shardCount != null
          && shardCount != given.count()) { // .weft.yaml may set it for auto
        throw new UsageException(
            "--shard " + shard + " and --shard-count " + shardCount + " disagree");
      }
      return given;
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
