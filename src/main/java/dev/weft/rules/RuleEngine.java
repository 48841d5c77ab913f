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
 * Runs the catalogue's rules on one input and returns their findings, waivers applied (matches
 * marked, not removed), sorted by {@link Finding#ORDER}.
 *
 * <p>A finding keeps the severity its rule gave it: the engine never replaces it with the
 * catalogue's. The one exception is a site's decision: a {@code --policies} override of a rule's
 * {@code severity} re-levels the findings the rule emits at its built-in default ({@link
 * RuleMeta#reported}). A rule that emits a severity its {@code rule.yaml} does not declare under
 * {@code severities}, or a finding under another rule's id, is a bug in Weft: the finding is kept
 * as emitted and an {@value #INTERNAL_ERROR} finding says what is wrong.
 *
 * <p>Rules run in parallel; the output does not depend on scheduling because every rule's list is
 * collected in id order and the final sort is stable. A rule that throws is a bug in Weft, reported
 * as one {@value #INTERNAL_ERROR} finding naming the rule; the other rules' findings are still
 * returned.
 */
public final class RuleEngine {

  /** Rule id of the finding reported when a rule throws. */
  public static final String INTERNAL_ERROR = "internal-error";

  private final RuleCatalog catalog;
  private final Map<String, RuleMeta> meta;

  /**
   * @param catalog the rules to run
   * @param meta metadata by rule id (a rule without metadata is run and its findings are kept as
   *     emitted)
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
   * Runs every rule, and applies the waivers to {@code weft}, findings Weft itself made on the same
   * input whose id a waiver may name ({@link RuleCatalog#WAIVABLE_BUILT_IN_FINDINGS}, e.g. the
   * pipeline's {@code render-gap}), exactly as to the rules' own: a matching one is marked waived,
   * and a waiver of such an id that matches none of them is {@code waiver-unused}.
   *
   * @param weft findings of the waivable ids, returned with the rules' findings
   * @param weftRan the waivable ids that were checked on this input (even when nothing was found)
   */
  public List<Finding> run(RuleInput input, List<Finding> weft, Set<String> weftRan) {
    return run(input, null, weft, weftRan);
  }

  /**
   * @param enabled the ids to run, or null for all; waivers for rules outside it are left alone
   * @throws IllegalArgumentException when {@code enabled} names an id the catalogue does not know
   */
  public List<Finding> run(RuleInput input, Set<String> enabled) {
    return run(input, enabled, List.of(), Set.of());
  }

  private List<Finding> run(
      RuleInput input, Set<String> enabled, List<Finding> weft, Set<String> weftRan) {
    if (enabled != null) {
      Set<String> unknown = new TreeSet<>(enabled);
      unknown.removeIf(catalog::knows);
      if (!unknown.isEmpty()) {
        throw new IllegalArgumentException("unknown rule id(s): " + String.join(", ", unknown));
      }
    }
    Objects.requireNonNull(
        input.today(), "RuleInput.today is required: waivers are judged against it");
    FabricModel model = input.model();
    if (model == null) {
      return List.copyOf(weft);
    }
    List<Rule> toRun =
        catalog.rules().stream().filter(r -> enabled == null || enabled.contains(r.id())).toList();
    List<List<Finding>> perRule =
        toRun.parallelStream().map(r -> declared(r, checkSafely(r, input))).toList();

    List<Finding> findings = new ArrayList<>();
    perRule.forEach(findings::addAll);
    findings.addAll(weft);
    Set<String> ran = new TreeSet<>(weftRan);
    toRun.forEach(r -> ran.add(r.id()));

    List<Waiver> waivers = model.waivers() == null ? List.of() : model.waivers();
    List<Finding> result = new ArrayList<>();
    for (Finding f : Waivers.apply(waivers, findings, catalog, ran, input.today(), model)) {
      if (enabled == null
          || !RuleCatalog.WAIVER_RULE_IDS.contains(f.rule())
          || enabled.contains(f.rule())) {
        result.add(f);
      }
    }
    result.sort(Finding.ORDER);
    return List.copyOf(result);
  }

  /**
   * The ids of the rules whose metadata puts them in {@code scope}, sorted: what {@code weft drift}
   * runs on live config, for example. Rules without metadata are in no scope.
   */
  public Set<String> idsIn(RuleMeta.Scope scope) {
    Set<String> ids = new TreeSet<>();
    for (Rule r : catalog.rules()) {
      RuleMeta m = meta.get(r.id());
      if (m != null && m.runsOn(scope)) {
        ids.add(r.id());
      }
    }
    return ids;
  }

  /**
   * One rule's findings held to its metadata: the id must be the rule's own and the severity one it
   * declares; a site's severity override is applied. What breaks the declaration is reported, not
   * hidden.
   */
  private List<Finding> declared(Rule rule, List<Finding> found) {
    RuleMeta m = meta.get(rule.id());
    List<Finding> out = new ArrayList<>(found.size());
    for (Finding f : found) {
      if (f.rule().equals(INTERNAL_ERROR)) {
        out.add(f);
        continue;
      }
      if (!f.rule().equals(rule.id())) {
        out.add(
            bug(
                rule,
                "emitted a finding with the id " + f.rule() + "; a rule emits only its own id"));
      } else if (m != null && !m.severities().contains(f.severity())) {
        out.add(
            bug(
                rule,
                "emitted a "
                    + f.severity().label()
                    + " finding, but its rule.yaml declares severities "
                    + m.severities().stream().map(Severity::label).toList()));
      }
      out.add(m == null ? f : f.withSeverity(m.reported(f.severity())));
    }
    return out;
  }

  private static Finding bug(Rule rule, String what) {
    return Finding.of(
        INTERNAL_ERROR,
        Severity.ERROR,
        "rule " + rule.id() + " " + what + " (this is a bug in Weft, please report it)");
  }

  private static List<Finding> checkSafely(Rule rule, RuleInput input) {
    try {
      List<Finding> found = rule.check(input);
      return found == null ? List.of() : found;
    } catch (RuntimeException | StackOverflowError bug) {
      String detail = bug.getMessage() == null ? "" : ": " + bug.getMessage();
      return List.of(
          Finding.of(
              INTERNAL_ERROR,
              Severity.ERROR,
              "rule "
                  + rule.id()
                  + " failed with "
                  + bug.getClass().getSimpleName()
                  + detail
                  + "; its findings are missing from this report (this is a bug in Weft, please report it)"));
    }
  }
}
