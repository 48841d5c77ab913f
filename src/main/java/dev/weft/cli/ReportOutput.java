package dev.weft.cli;

import dev.weft.finding.Finding;
import dev.weft.finding.DeviceStatus;
import dev.weft.report.FailOn;
import dev.weft.report.Report;
import dev.weft.report.Reporter;
import dev.weft.report.Reporters;
import dev.weft.report.RuleInfo;
import dev.weft.rules.RuleCatalog;
import dev.weft.rules.RuleMeta;
import dev.weft.rules.RuleMetaLoader;
import dev.weft.source.InventorySource;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
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
    }

    /**
     * Writes the report and returns the exit code, which follows {@code --fail-on} exactly as the report says.
     *
     * @param source     the inventory (its commit goes into the formats that carry run facts)
     * @param invocation when and how the command started
     * @param note       a line about the run (files not mapped), or null
     */
    static int write(CommonOptions options, PrintWriter stdout, String command, InventorySource source,
            List<Finding> findings, List<DeviceStatus> devices, Map<String, ? extends RuleMeta> meta, Invocation invocation,
            String note) {
        FailOn failOn = FailOn.parse(options.failOn);
        Report report = Report.of(Version.VERSION, command, source.inventoryPath(), findings, devices,
                ruleInfos(findings, meta)).withFailOn(failOn).withNotes(note == null ? List.of() : List.of(note));
        if (carriesRun(options.format)) {
            report = report.withRun(invocation.finish(source.revision()));
        }
        write(options, stdout, report);
        return report.exitCode();
    }

    /** The formats that carry run facts (text and Markdown are read by people, who have the run in front of them). */
    static boolean carriesRun(String format) {
        return !format.equalsIgnoreCase("text") && !format.equalsIgnoreCase("markdown");
    }

    private static void write(CommonOptions options, PrintWriter stdout, Report report) {
        Reporter reporter = Reporters.forFormat(options.format);
        try {
            if (options.output == null) {
                reporter.write(report, stdout);
                stdout.flush();
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
            throw new UncheckedIOException("cannot write the report to " + options.output + ": " + e.getMessage(), e);
        }
    }

    /** {@link #ruleInfos} indexed by id, for reports that take a map. */
    static Map<String, RuleInfo> ruleInfoMap(Collection<Finding> findings, Map<String, ? extends RuleMeta> meta) {
        Map<String, RuleInfo> byId = new java.util.TreeMap<>();
        ruleInfos(findings, meta).forEach(r -> byId.put(r.id(), r));
        return byId;
    }

    /**
     * SARIF wants a description of every rule that appears. Every id Weft emits is in the catalogue, so a
     * command that did not read it (render without validation, backup) reads the built-in one here.
     */
    private static List<RuleInfo> ruleInfos(Collection<Finding> findings, Map<String, ? extends RuleMeta> meta) {
        TreeSet<String> used = new TreeSet<>();
        findings.forEach(f -> used.add(f.rule()));
        Map<String, ? extends RuleMeta> known = meta.keySet().containsAll(used) ? meta
                : new RuleMetaLoader().load(RuleCatalog.builtIn(), List.of()).meta();
        return used.stream().map(id -> {
            RuleMeta m = meta.containsKey(id) ? meta.get(id) : known.get(id);
            if (m == null) {
                return new RuleInfo(id, id, "Weft finding '" + id + "'.", "See the message for what was expected and found.", null);
            }
            return new RuleInfo(id, m.title(), m.rationale(), m.remediation(), null);
        }).toList();
    }
}
