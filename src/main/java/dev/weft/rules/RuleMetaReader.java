package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Turns the YAML tree of one {@code rule.yaml} into a {@link Partial}: the fields it states. A built-in
 * file must state all of them; a {@code --policies} override may state only the ones it changes.
 * Every problem is a {@value #RULE} finding at the offending line.
 */
final class RuleMetaReader {

    /** Rule id of findings about rule metadata files. */
    static final String RULE = "rule-metadata";

    static final Set<String> KEYS =
            Set.of("id", "title", "severity", "category", "rationale", "sources", "remediation", "since");

    private RuleMetaReader() {}

    /** The fields one file states; null where it is silent. */
    record Partial(String id, String title, Severity severity, String category, String rationale,
            List<String> sources, String remediation, String since) {

        /** Every field of a complete entry (the base layer of a rule whose metadata was read elsewhere). */
        static Partial of(RuleMeta m) {
            return new Partial(m.id(), m.title(), m.severity(), m.category(), m.rationale(), m.sources(), m.remediation(),
                    m.since());
        }

        /** This file's fields over {@code base}'s (base may be null). */
        Partial over(Partial base) {
            if (base == null) {
                return this;
            }
            return new Partial(id, pick(title, base.title), severity != null ? severity : base.severity,
                    pick(category, base.category), pick(rationale, base.rationale),
                    sources != null ? sources : base.sources, pick(remediation, base.remediation), pick(since, base.since));
        }

        private static String pick(String mine, String theirs) {
            return mine != null ? mine : theirs;
        }

        /** The names of the fields still missing (empty when complete). */
        List<String> missing() {
            List<String> missing = new ArrayList<>();
            if (title == null) missing.add("title");
            if (severity == null) missing.add("severity");
            if (category == null) missing.add("category");
            if (rationale == null) missing.add("rationale");
            if (sources == null || sources.isEmpty()) missing.add("sources");
            if (remediation == null) missing.add("remediation");
            if (since == null) missing.add("since");
            return missing;
        }

        RuleMeta toMeta() {
            return new RuleMeta(id, title, severity, category, rationale, sources, remediation, since);
        }
    }

    /**
     * @param root       the parsed file
     * @param folderId   the folder the file is in; the file's {@code id} must equal it
     * @param problems   where problems are added
     * @return the fields read, or null when the file is unusable (no id, or a different id)
     */
    static Partial read(MapNode root, String folderId, List<Finding> problems) {
        for (MapNode.Entry e : root.entries().values()) {
            if (!KEYS.contains(e.key())) {
                problems.add(problem(e.keyLocation(), "unknown key '" + e.key() + "' in rule.yaml; known keys are "
                        + String.join(", ", KEYS.stream().sorted().toList())));
            }
        }
        String id = text(root, "id", problems);
        if (id == null) {
            problems.add(problem(root.location(), "rule.yaml of folder " + folderId + " has no id; write id: " + folderId));
            return null;
        }
        if (!id.equals(folderId)) {
            problems.add(problem(root.get("id").orElseThrow().location(),
                    "rule.yaml says id " + id + " but its folder is " + folderId + "; the id must equal the folder name"));
            return null;
        }
        Severity severity = null;
        String sev = text(root, "severity", problems);
        if (sev != null) {
            try {
                severity = Severity.parse(sev);
            } catch (IllegalArgumentException bad) {
                problems.add(problem(root.get("severity").orElseThrow().location(), bad.getMessage()));
            }
        }
        return new Partial(id, text(root, "title", problems), severity, text(root, "category", problems),
                text(root, "rationale", problems), texts(root, "sources", problems), text(root, "remediation", problems),
                text(root, "since", problems));
    }

    private static String text(MapNode map, String key, List<Finding> problems) {
        Node n = map.get(key).orElse(null);
        if (n == null) {
            return null;
        }
        if (n instanceof ScalarNode s && s.value() != null && !(s.value() instanceof Boolean)
                && !s.text().isBlank()) {
            return s.text().strip();
        }
        problems.add(problem(n.location(), key + " must be non-empty text"));
        return null;
    }

    private static List<String> texts(MapNode map, String key, List<Finding> problems) {
        Node n = map.get(key).orElse(null);
        if (n == null) {
            return null;
        }
        if (!(n instanceof ListNode list)) {
            problems.add(problem(n.location(), key + " must be a list of texts"));
            return null;
        }
        List<String> out = new ArrayList<>();
        for (Node item : list.items()) {
            if (item instanceof ScalarNode s && s.value() instanceof String str && !str.isBlank()) {
                out.add(str.strip());
            } else {
                problems.add(problem(item.location(), key + " entries must be non-empty text"));
            }
        }
        return List.copyOf(out);
    }

    static Finding problem(Location where, String message) {
        return Finding.of(RULE, Severity.ERROR, message).at(where);
    }
}
