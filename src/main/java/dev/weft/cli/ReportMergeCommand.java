package dev.weft.cli;

import dev.weft.audit.AuditReport;
import dev.weft.audit.History;
import dev.weft.report.AuditJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code weft report merge REPORT...}: the shard reports of one audit as the one report a single
 * runner writes.
 */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description =
        "Combine the JSON reports of weft audit --shard K/N (all N of one night) into one report and"
            + " one dashboard; with --history, compare with the previous night and commit the night there.")
final class ReportMergeCommand implements Callable<Integer> {

  /** Largest shard report read. */
  static final long MAX_REPORT_BYTES = 512L * 1024 * 1024;

  @Spec CommandSpec spec;

  @Mixin CommonOptions options;

  @Parameters(
      arity = "1..*",
      paramLabel = "REPORT",
      description = "JSON reports of weft audit --shard.")
  List<Path> reports;

  @Option(
      names = "--history",
      paramLabel = "DIR",
      description =
          "Audit history (Git repository): the previous night is"
              + " read from it and this night committed to it.")
  Path history;

  @Override
  public Integer call() {
    ReportOutput.checkOptions(options);
    List<AuditReport> shards = new ArrayList<>();
    for (Path p : reports) {
      shards.add(read(p));
    }
    AuditReport merged;
    try {
      merged = AuditReport.merge(shards);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Path root = options.repo != null ? options.repo : Paths.get("");
    AuditOutput out =
        new AuditOutput(
            options,
            spec.commandLine().getOut(),
            spec.commandLine().getErr(),
            AuditRules.with(RulesCommand.load(options.policies()).meta().meta()),
            AuditOutput.intentLines(root.toAbsolutePath()));
    History.Previous previous = AuditOutput.previous(history);
    AuditReport done = out.withHistory(merged, previous);
    out.record(done, null, history, Map.of(), List.of(), Instant.parse(done.meta().started()));
    return out.write(done, previous.counters());
  }

  private static AuditReport read(Path p) {
    try {
      if (Files.size(p) > MAX_REPORT_BYTES) {
        throw new UsageException(p + ": larger than " + MAX_REPORT_BYTES + " bytes");
      }
      return AuditJson.read(Files.readString(p, StandardCharsets.UTF_8), p.toString());
    } catch (IOException e) {
      throw new UsageException(p + ": cannot read: " + e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
