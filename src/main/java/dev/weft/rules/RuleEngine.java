package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Waiver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Runs the catalogue's rules on one input and returns their findings: severities stamped from the
 * metadata, waivers applied (matches marked, not removed), sorted by {@link Finding#ORDER}.
 *
 * <p>Rules run in parallel; the output does not depend on scheduling because every rule's list is
 * collected in id order and the final sort is stable. A rule that throws is a bug in Weft, reported as
 * one {@value #INTERNAL_ERROR} finding naming the rule; the other rules' findings are still returned.
 */
public final class RuleEngine {

    /** Rule id of the finding reported when a rule throws. */
    public static final String INTERNAL_ERROR = "internal-error";

    private final RuleCatalog catalog;
    private final Map<String, RuleMeta> meta;

    /**
     * @param catalog the rules to run
     * @param meta    metadata by rule id; a rule without metadata keeps the severity its check chose
     */
    public RuleEngine(RuleCatalog catalog, Map<String, RuleMeta> meta) {
        this.catalog = catalog;
        this.meta = Map.copyOf(meta);
    }

    /** Runs every rule. */
    public List<Finding> run(RuleInput input) {
        return run(input, null);
    }

    /**
     * @param enabled the ids to run, or null for all; waivers for rules outside it are left alone
     * @throws IllegalArgumentException when {@code enabled} names an id the catalogue does not know
     */
    public List<Finding> run(RuleInput input, Set<String> enabled) {
        if (enabled != null) {
            Set<String> unknown = new TreeSet<>(enabled);
            unknown.removeIf(catalog::knows);
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("unknown rule id(s): " + String.join(", ", unknown));
            }
        }
        Objects.requireNonNull(input.today(), "RuleInput.today is required: waivers are judged against it");
        FabricModel model = input.model();
        if (model == null) {
            return List.of();
        }
        List<Rule> toRun = catalog.rules().stream()
                .filter(r -> enabled == null || enabled.contains(r.id()))
                .toList();
        List<List<Finding>> perRule = toRun.parallelStream().map(r -> checkSafely(r, input)).toList();

        List<Finding> findings = new ArrayList<>();
        perRule.forEach(list -> list.forEach(f -> findings.add(stamp(f))));
        Set<String> ran = new TreeSet<>();
        toRun.forEach(r -> ran.add(r.id()));

        List<Waiver> waivers = model.waivers() == null ? List.of() : model.waivers();
        List<Finding> result = new ArrayList<>();
        for (Finding f : Waivers.apply(waivers, findings, catalog, ran, input.today(), model)) {
            if (enabled == null || !RuleCatalog.WAIVER_RULE_IDS.contains(f.rule()) || enabled.contains(f.rule())) {
                result.add(stamp(f));
            }
        }
        result.sort(Finding.ORDER);
        return List.copyOf(result);
    }

    private Finding stamp(Finding f) {
        RuleMeta m = meta.get(f.rule());
        return m == null || m.severity() == f.severity() ? f : f.withSeverity(m.severity());
    }

    private static List<Finding> checkSafely(Rule rule, RuleInput input) {
        try {
            List<Finding> found = rule.check(input);
            return found == null ? List.of() : found;
        } catch (RuntimeException | StackOverflowError bug) {
            String detail = bug.getMessage() == null ? "" : ": " + bug.getMessage();
            return List.of(Finding.of(INTERNAL_ERROR, Severity.ERROR,
                    "rule " + rule.id() + " failed with " + bug.getClass().getSimpleName() + detail
                            + "; its findings are missing from this report (this is a bug in Weft, please report it)"));
        }
    }
}
