package dev.weft.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A set of rules by id: the built-in ones ({@link dev.weft.rules.builtin.BuiltInRules#catalog()}) plus a
 * site's user rules. It knows no rule class itself, so the rule packages depend on this one and never the
 * other way round (no package cycle).
 */
public final class RuleCatalog {

    /**
     * Rules the engine evaluates itself, after every other rule, because only the engine sees the
     * catalogue (for unknown ids) and every finding (for unused waivers).
     */
    public static final List<String> WAIVER_RULE_IDS =
            List.of(Waivers.EXPIRED, Waivers.INVALID, Waivers.UNUSED);

    private final Map<String, Rule> rules;

    /** @throws IllegalArgumentException when two rules share an id (a programming error) */
    public RuleCatalog(List<Rule> rules) {
        Map<String, Rule> byId = new TreeMap<>();
        for (Rule r : rules) {
            if (byId.putIfAbsent(r.id(), r) != null || WAIVER_RULE_IDS.contains(r.id())) {
                throw new IllegalArgumentException("rule id registered twice: " + r.id());
            }
        }
        this.rules = Collections.unmodifiableMap(byId);
    }

    /**
     * This catalogue with more rules (a site's user rules), run and reported like the built-in ones.
     *
     * @throws IllegalArgumentException when an id is taken (callers check collisions and report them first)
     */
    public RuleCatalog plus(List<? extends Rule> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<Rule> all = new ArrayList<>(rules.values());
        all.addAll(more);
        return new RuleCatalog(all);
    }

    /** The checkable rules, sorted by id (the waiver rules are not among them; see {@link #ids()}). */
    public List<Rule> rules() {
        return new ArrayList<>(rules.values());
    }

    public Optional<Rule> rule(String id) {
        return Optional.ofNullable(rules.get(id));
    }

    /** Every id the catalogue knows, the waiver rules included, sorted. */
    public Set<String> ids() {
        Set<String> ids = new TreeSet<>(rules.keySet());
        ids.addAll(WAIVER_RULE_IDS);
        return Collections.unmodifiableSet(ids);
    }

    public boolean knows(String id) {
        return rules.containsKey(id) || WAIVER_RULE_IDS.contains(id);
    }
}
