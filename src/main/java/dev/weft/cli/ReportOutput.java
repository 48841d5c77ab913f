package dev.weft.cli;

import dev.weft.finding.Finding;
import dev.weft.finding.DeviceStatus;
import dev.weft.report.FailOn;
import dev.weft.report.Outcome;
import dev.weft.report.Report;
import dev.weft.report.Reporter;
import dev.weft.report.Reporters;
import dev.weft.report.RuleInfo;
import dev.weft.rules.RuleMeta;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Writes a command's findings in the chosen format to {@code --output} or stdout and returns the exit code. */
final class ReportOutput {

    private ReportOutput() {}

    /** Checks {@code --format} and {@code --fail-on} before any work, so a typo costs nothing. */
    static void checkOptions(CommonOptions options) {
        try {
            Reporters.forFormat(options.format);
            FailOn.parse(options.failOn);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        checkWritable(options.output);
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
        Reporter reporter = Reporters.forFormat(options.format);
        try {
            if (options.output == null) {
                reporter.write(report, stdout);
                stdout.flush();
                if (stdout.checkError()) {
                    throw new UsageException("cannot write the report to standard output (closed, or the disk is full)");
                }
            } else {
                Path parent = options.output.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                try (Writer w = new OutputStreamWriter(Files.newOutputStream(options.output), StandardCharsets.UTF_8)) {
                    reporter.write(report, w);
                }
            }
        } catch (IOException e) {
            // a full disk (/dev/full), a folder, no permission: the user's to fix, not a bug
            throw new UsageException("cannot write the report to " + options.output + ": " + e.getMessage());
        }
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
