package dev.weft.cli;

import dev.weft.finding.Finding;
import dev.weft.finding.DeviceStatus;
import dev.weft.report.FailOn;
import dev.weft.report.Outcome;
import dev.weft.report.Report;
import dev.weft.report.Reporters;
import dev.weft.report.RuleInfo;
import dev.weft.rules.RuleMeta;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Writes a command's findings in the chosen format to {@code --output} or stdout and returns the exit code. */
final class ReportOutput {

    private ReportOutput() {}

    /**
     * Checks the project file, {@code --format}/{@code --output} and {@code --fail-on} before any work, so a
     * typo costs nothing; a bad value from .weft.yaml names the line it came from.
     */
    static void checkOptions(CommonOptions options) {
        options.config().flatMap(ConfigDefaults::problems).ifPresent(p -> {
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
            throw new UsageException(e.getMessage() + options.origin("--format") + options.origin("--output"));
        }
        for (OutputTargets.Target t : options.outputTargets().targets()) {
            checkWritable(t.file());
        }
    }

    /** {@code --output} that can never be written is a usage error before any work (a folder, a read-only file). */
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

    static int write(CommonOptions options, PrintWriter stdout, String command, String inventory,
            List<Finding> findings, List<DeviceStatus> devices, Map<String, ? extends RuleMeta> meta) {
        Report report = Report.of(Version.VERSION, command, inventory, findings, devices, ruleInfos(findings, meta));
        options.outputTargets().write(stdout, (format, out) -> Reporters.forFormat(format).write(report, out));
        return Outcome.exitCode(report, FailOn.parse(options.failOn));
    }

    /** {@link #ruleInfos} indexed by id, for reports that take a map. */
    static Map<String, RuleInfo> ruleInfoMap(Collection<Finding> findings, Map<String, ? extends RuleMeta> meta) {
        Map<String, RuleInfo> byId = new java.util.TreeMap<>();
        ruleInfos(findings, meta).forEach(r -> byId.put(r.id(), r));
        return byId;
    }

    /** SARIF wants a description of every rule that appears; built-in ids without metadata get a plain one. */
    private static List<RuleInfo> ruleInfos(Collection<Finding> findings, Map<String, ? extends RuleMeta> meta) {
        TreeSet<String> used = new TreeSet<>();
        findings.forEach(f -> used.add(f.rule()));
        return used.stream().map(id -> {
            RuleMeta m = meta.get(id);
            if (m == null) {
                return new RuleInfo(id, id, "Weft finding '" + id + "'.", "See the message for what was expected and found.", null);
            }
            return new RuleInfo(id, m.title(), m.rationale(), m.remediation(), null);
        }).toList();
    }
}
