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
 * A set of rules by id: the built-in ones ({@link dev.weft.rules.builtin.BuiltInRules#catalog()})
 * plus a site's user rules. It knows no rule class itself, so the rule packages depend on this one
 * and never the other way round (no package cycle).
 */
public final class RuleCatalog {

  /**
   * Rules the engine evaluates itself, after every other rule, because only the engine sees the
   * catalogue (for unknown ids) and every finding (for unused waivers).
   */
  public static final List<String> WAIVER_RULE_IDS =
      List.of(Waivers.EXPIRED, Waivers.INVALID, Waivers.UNUSED);

  /**
   * Weft's own finding ids: not rules (no class, no fixtures), but catalogue entries all the same,
   * with scope {@code tool} in {@code policies/<id>/rule.yaml}, so {@code weft explain} answers for
   * them and SARIF describes them. Registered here because a jar's folders cannot be listed
   * portably; {@code FindingIdsTest} fails when the code emits an id that is in neither list.
   */
  public static final List<String> BUILT_IN_FINDINGS =
      List.of(
          "asic-profile-invalid",
          "cabling-missing",
          "cabling-not-served",
          "cabling-swap",
          "cabling-unknown-neighbour",
          "cabling-wrong-neighbour",
          "config",
          "device-error",
          "device-unreachable",
          "drift-buffers",
          "drift-classification",
          "drift-ecn",
          "drift-hash",
          "drift-ib-pkey",
          "drift-ib-sl2vl",
          "drift-ib-sm",
          "drift-ib-subnet",
          "drift-ib-vlarb",
          "drift-mtu",
          "drift-pfc",
          "drift-port",
          "drift-scheduler",
          "drift-watchdog",
          "import-assumed",
          "import-exception",
          "import-outside-model",
          "import-unlinked",
          "import-unreadable",
          RuleEngine.INTERNAL_ERROR,
          "not-audited",
          "opensm-file",
          "render-error",
          "render-gap",
          "render-output",
          "remediate-applied",
          "remediate-locked",
          "remediate-not-remediable",
          "remediate-refused",
          "remediate-rejected",
          "remediate-rolled-back",
          "remediate-skipped",
          "reply-invalid",
          RuleMetaReader.RULE,
          "schema",
          "user-rule-failed",
          "user-rule-invalid",
          "yaml-syntax");

  /**
   * Weft's own finding ids that a waiver may name all the same: a platform limit ({@code
   * render-gap}) is a fact of the chosen hardware, not a mistake in the intent, so a site that has
   * configured the setting by other means must be able to accept it like any rule's finding.
   */
  public static final List<String> WAIVABLE_BUILT_IN_FINDINGS = List.of("render-gap");

  private final Map<String, Rule> rules;

  /**
   * @throws IllegalArgumentException when two rules share an id (a programming error)
   */
  public RuleCatalog(List<Rule> rules) {
    Map<String, Rule> byId = new TreeMap<>();
    for (Rule r : rules) {
      if (byId.putIfAbsent(r.id(), r) != null
          || WAIVER_RULE_IDS.contains(r.id())
          || BUILT_IN_FINDINGS.contains(r.id())) {
        throw new IllegalArgumentException("rule id registered twice: " + r.id());
      }
    }
    this.rules = Collections.unmodifiableMap(byId);
  }

  /**
   * This catalogue with more rules (a site's user rules), run and reported like the built-in ones.
   *
   * @throws IllegalArgumentException when an id is taken (callers check collisions and report them
   *     first)
   */
  public RuleCatalog plus(List<? extends Rule> more) {
    if (more.isEmpty()) {
      return this;
    }
    List<Rule> all = new ArrayList<>(rules.values());
    all.addAll(more);
    return new RuleCatalog(all);
  }

  /**
   * The checkable rules, sorted by id (the waiver rules are not among them; see {@link #ids()}).
   */
  public List<Rule> rules() {
    return new ArrayList<>(rules.values());
  }

  public Optional<Rule> rule(String id) {
    return Optional.ofNullable(rules.get(id));
  }

  /**
   * Every id the catalogue has an entry for: rules, waiver rules and Weft's own finding ids,
   * sorted.
   */
  public Set<String> ids() {
    Set<String> ids = new TreeSet<>(rules.keySet());
    ids.addAll(WAIVER_RULE_IDS);
    ids.addAll(BUILT_IN_FINDINGS);
    return Collections.unmodifiableSet(ids);
  }

  /**
   * Whether {@code id} is a rule the engine evaluates (a registered rule or a waiver rule): what a
   * waiver may name.
   */
  public boolean knows(String id) {
    return rules.containsKey(id) || WAIVER_RULE_IDS.contains(id);
  }

  /** Whether a waiver may name {@code id}: a rule, or a waivable finding of Weft itself. */
  public boolean waivable(String id) {
    return rules.containsKey(id) || WAIVABLE_BUILT_IN_FINDINGS.contains(id);
  }

  /** The rule ids a waiver may name, sorted (for did-you-mean hints). */
  public Set<String> ruleIds() {
    Set<String> ids = new TreeSet<>(rules.keySet());
    ids.addAll(WAIVER_RULE_IDS);
    ids.addAll(WAIVABLE_BUILT_IN_FINDINGS);
    return Collections.unmodifiableSet(ids);
  }
}
