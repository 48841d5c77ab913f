package dev.weft.rules;

import dev.weft.finding.Severity;
import java.util.List;
import java.util.Objects;

/**
 * A rule's catalogue entry, read from {@code policies/<id>/rule.yaml}. Text lives here, not in code,
 * so a site can change severity or wording with {@code --policies DIR} without rebuilding.
 *
 * @param id          stable kebab-case id, equal to the folder name
 * @param title       one line: what the rule finds
 * @param severity    the severity every finding of the rule gets
 * @param category    grouping for docs (classification, pfc, ecn, mtu, topology, ...)
 * @param rationale   why the rule exists, in plain words
 * @param sources     where the rationale comes from: URLs or paper citations
 * @param remediation how to fix a violation; one or more sentences ending with a full stop
 * @param since       the Weft version that introduced the rule
 */
public record RuleMeta(
        String id,
        String title,
        Severity severity,
        String category,
        String rationale,
        List<String> sources,
        String remediation,
        String since) {

    public RuleMeta {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(severity, "severity");
        sources = sources == null ? List.of() : List.copyOf(sources);
    }
}
