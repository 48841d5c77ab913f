package dev.weft.cli;

import dev.weft.audit.AuditReport;
import dev.weft.audit.Comparison;
import dev.weft.audit.History;
import dev.weft.finding.Finding;
import dev.weft.git.BackupException;
import dev.weft.git.BackupFile;
import dev.weft.git.BackupRepository;
import dev.weft.git.BackupResult;
import dev.weft.health.CounterSnapshot;
import dev.weft.report.AuditJson;
import dev.weft.report.FailOn;
import dev.weft.report.Outcome;
import dev.weft.report.Report;
import dev.weft.report.Reporters;
import dev.weft.report.dashboard.Dashboard;
import dev.weft.report.metrics.OpenMetricsReporter;
import dev.weft.rules.RuleMeta;
import dev.weft.source.InventorySource;
import dev.weft.source.SourceException;
import dev.weft.source.SourceFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What {@code weft audit} and {@code weft report merge} do with a night's report: compare it with
 * the previous night, commit it to the history (with the backup, one commit), and write it in every
 * asked format (json: the audit report; html: the dashboard; the others as for drift).
 */
final class AuditOutput {

  private static final long MAX_INTENT_FILE = 16L * 1024 * 1024;

  private final CommonOptions options;
  private final PrintWriter stdout;
  private final PrintWriter err;
  private final Map<String, RuleMeta> meta;
  private final Function<String, List<String>> intentFile;

  AuditOutput(
      CommonOptions options,
      PrintWriter stdout,
      PrintWriter err,
      Map<String, RuleMeta> meta,
      Function<String, List<String>> intentFile) {
    this.options = options;
    this.stdout = stdout;
    this.err = err;
    this.meta = meta;
    this.intentFile = intentFile;
  }

  static History.Previous previous(Path dir) {
    try {
      return History.read(dir);
    } catch (History.HistoryException e) {
      throw new UsageException("--history: " + e.getMessage());
    }
  }

  /**
   * The inventory's files by repository path, as lines (the dashboard shows the intent line of each
   * finding).
   */
  static Function<String, List<String>> intentLines(InventorySource source) {
    Map<String, List<String>> files = new TreeMap<>();
    try {
      for (SourceFile f : source.read()) {
        if (f.content() != null) {
          files.put(f.path(), new String(f.content(), StandardCharsets.UTF_8).lines().toList());
        }
      }
    } catch (SourceException e) {
      return file -> null; // the pipeline already reported it; the dashboard just shows file:line
    }
    return files::get;
  }

  /** Intent files read from a checkout ({@code weft report merge}, run where the repository is). */
  static Function<String, List<String>> intentLines(Path root) {
    return file -> {
      Path p = root.resolve(file).normalize();
      try {
        if (!p.startsWith(root.normalize())
            || !Files.isRegularFile(p)
            || Files.size(p) > MAX_INTENT_FILE) {
          return null;
        }
        return Files.readAllLines(p, StandardCharsets.UTF_8);
      } catch (IOException e) {
        return null;
      }
    };
  }

  AuditReport withHistory(AuditReport report, History.Previous previous) {
    Comparison c = Comparison.of(previous, report.findings(), report.devices());
    return report.withHistory(c, History.trend(previous, report.tonight()));
  }

  /**
   * Commits the backup (when {@code backupDir}) and the night's history (when {@code historyDir});
   * one commit when both are the same repository.
   */
  void record(
      AuditReport report,
      Path backupDir,
      Path historyDir,
      Map<String, BackupFile> configs,
      List<String> unread,
      Instant when) {
    Map<String, byte[]> files =
        historyDir == null
            ? Map.of()
            : History.files(AuditJson.write(report), report.counters(), report.trend());
    boolean same =
        backupDir != null
            && historyDir != null
            && backupDir
                .toAbsolutePath()
                .normalize()
                .equals(historyDir.toAbsolutePath().normalize());
    if (backupDir != null) {
      commit(backupDir, configs, unread, same ? files : Map.of(), when);
    }
    if (historyDir != null && !same) {
      commit(historyDir, Map.of(), List.of(), files, when);
    }
  }

  private void commit(
      Path dir,
      Map<String, BackupFile> configs,
      List<String> unread,
      Map<String, byte[]> files,
      Instant when) {
    try (BackupRepository repo = BackupRepository.openOrInit(dir)) {
      BackupResult r = repo.recordFiles(configs, unread, when, "weft audit", files);
      r.recovered().forEach(line -> err.println("weft audit: " + line));
      err.println(
          "weft audit: "
              + (r.committed()
                  ? "commit " + r.commitId().orElseThrow().substring(0, 12) + " in " + dir
                  : "nothing to commit in " + dir));
      err.flush();
    } catch (BackupException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * Writes every asked format; {@code previous} is the previous night's counters (the metrics'
   * deltas).
   */
  int write(AuditReport report, CounterSnapshot previous) {
    Report plain = AuditJson.plain(report, ReportOutput.ruleInfoMap(report.findings(), meta));
    options
        .outputTargets()
        .write(
            stdout,
            (format, out) -> {
              switch (format) {
                case "json" -> out.append(AuditJson.write(report));
                case "html" ->
                    out.append(
                        Dashboard.html(report, dashboardRules(report), lines(report.findings())));
                case "openmetrics" -> out.append(OpenMetricsReporter.write(report, previous));
                default -> Reporters.forFormat(format).write(plain, out);
              }
            });
    return Outcome.exitCode(plain, FailOn.parse(options.failOn));
  }

  /**
   * The explanation of every rule the page names: tonight's findings and the ones fixed since the
   * previous night.
   */
  private Map<String, dev.weft.report.RuleInfo> dashboardRules(AuditReport report) {
    List<String> named = new java.util.ArrayList<>();
    report.findings().forEach(f -> named.add(f.rule()));
    report.comparison().fixed().forEach(seen -> named.add(seen.rule()));
    return ReportOutput.ruleInfoMapOfIds(named, meta);
  }

  private Map<String, String> lines(List<Finding> findings) {
    Map<String, String> out = new TreeMap<>();
    for (Finding f : findings) {
      if (f.location() == null) {
        continue;
      }
      List<String> text = intentFile.apply(f.location().file());
      int line = f.location().line();
      if (text != null && line >= 1 && line <= text.size()) {
        out.put(f.location().file() + ":" + line, text.get(line - 1));
      }
    }
    return out;
  }
}
