package dev.weft.cli;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.report.FailOn;
import dev.weft.report.Report;
import dev.weft.report.Reporters;
import dev.weft.report.RuleInfo;
import dev.weft.rules.RuleMeta;
import dev.weft.rules.RuleMetaLoader;
import dev.weft.rules.builtin.BuiltInRules;
import dev.weft.source.InventorySource;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Writes a command's findings in the chosen format to {@code --output} or stdout and returns the
 * exit code.
 */
final class ReportOutput {

  private ReportOutput() {}

  /**
   * Checks the project file, {@code --format}/{@code --output} and {@code --fail-on} before any
   * work, so a typo costs nothing; a bad value from .weft.yaml names the line it came from.
   */
  /** The commands that write a night's audit (and so {@link Reporters#AUDIT_FORMATS}). */
  private static final List<String> AUDIT_COMMANDS = List.of("audit", "merge");

  static void checkOptions(CommonOptions options) {
    options
        .config()
        .flatMap(ConfigDefaults::problems)
        .ifPresent(
            p -> {
              throw new UsageException(p);
            });
    try {
      FailOn.parse(options.failOn);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage() + options.origin("--fail-on"));
    }
    try {
      options.outputTargets();
    } catch (UsageException e) {
      throw new UsageException(
          e.getMessage() + options.origin("--format") + options.origin("--output"));
    }
    for (OutputTargets.Target t : options.outputTargets().targets()) {
      if (Reporters.AUDIT_FORMATS.contains(t.format())
          && !AUDIT_COMMANDS.contains(options.command.name())) {
        throw new UsageException(
            "--output "
                + t.describe()
                + ": "
                + t.format()
                + " is written by weft audit"
                + " and weft report merge only"
                + options.origin("--output"));
      }
      checkWritable(t.file());
    }
  }

  /**
   * {@code --output} that can never be written is a usage error before any work (a folder, a
   * read-only file).
   */
  static void checkWritable(Path output) {
    if (output == null) {
      return;
    }
    if (Files.isDirectory(output)) {
      throw new UsageException("--output " + output + ": is a folder; name a file");
    }
    if (Files.exists(output) && !Files.isWritable(output)) {
      throw new UsageException("--output " + output + ": not writable");
    }
  }

  /**
   * Writes the report to every {@code --output} target and returns the exit code, which follows
   * {@code --fail-on} exactly as the report says.
   *
   * @param source the inventory (its commit goes into the formats that carry run facts)
   * @param invocation when and how the command started
   * @param note a line about the run (files not mapped), or null
   */
  static int write(
      CommonOptions options,
      PrintWriter stdout,
      String command,
      InventorySource source,
      List<Finding> findings,
      List<DeviceStatus> devices,
      Map<String, ? extends RuleMeta> meta,
      Invocation invocation,
      String note) {
    FailOn failOn = FailOn.parse(options.failOn);
    OutputTargets targets = options.outputTargets();
    Report plain =
        Report.of(
                Version.VERSION,
                command,
                source.inventoryPath(),
                findings,
                devices,
                ruleInfos(findings, meta))
            .withFailOn(failOn)
            .withNotes(note == null ? List.of() : List.of(note));
    Report report =
        carriesRun(targets) ? plain.withRun(invocation.finish(source.revision())) : plain;
    targets.write(stdout, (format, out) -> Reporters.forFormat(format).write(report, out));
    return report.exitCode();
  }

  /**
   * Whether a target's format carries run facts (text and Markdown are read by people, who have the
   * run in front of them); the commit costs a Git status, so it is read only then.
   */
  static boolean carriesRun(OutputTargets targets) {
    return targets.targets().stream()
        .map(OutputTargets.Target::format)
        .anyMatch(f -> !f.equalsIgnoreCase("text") && !f.equalsIgnoreCase("markdown"));
  }

  /** {@link #ruleInfos} indexed by id, for reports that take a map. */
  static Map<String, RuleInfo> ruleInfoMap(
      Collection<Finding> findings, Map<String, ? extends RuleMeta> meta) {
    return ruleInfoMapOfIds(findings.stream().map(Finding::rule).toList(), meta);
  }

  /**
   * The same for rule ids (the audit dashboard also explains the rules of findings fixed since the
   * previous night).
   */
  static Map<String, RuleInfo> ruleInfoMapOfIds(
      Collection<String> ids, Map<String, ? extends RuleMeta> meta) {
    Map<String, RuleInfo> byId = new java.util.TreeMap<>();
    ruleInfosOfIds(ids, meta).forEach(r -> byId.put(r.id(), r));
    return byId;
  }

  /**
   * SARIF wants a description of every rule that appears. Every id Weft emits is in the catalogue,
   * so a command that did not read it (render without validation, backup) reads the built-in one
   * here.
   */
  private static List<RuleInfo> ruleInfos(
      Collection<Finding> findings, Map<String, ? extends RuleMeta> meta) {
    return ruleInfosOfIds(findings.stream().map(Finding::rule).toList(), meta);
  }

  private static List<RuleInfo> ruleInfosOfIds(
      Collection<String> ids, Map<String, ? extends RuleMeta> meta) {
    TreeSet<String> used = new TreeSet<>(ids);
    Map<String, ? extends RuleMeta> known =
        meta.keySet().containsAll(used)
            ? meta
            : new RuleMetaLoader().load(BuiltInRules.catalog(), List.of()).meta();
    return used.stream()
        .map(
            id -> {
              RuleMeta m = meta.containsKey(id) ? meta.get(id) : known.get(id);
              if (m == null) {
                return new RuleInfo(
                    id,
                    id,
                    "Weft finding '" + id + "'.",
                    "See the message for what was expected and found.",
                    null);
              }
              return new RuleInfo(id, m.title(), m.rationale(), m.remediation(), null);
            })
        .toList();
  }
}
