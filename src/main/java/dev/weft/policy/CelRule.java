package dev.weft.policy;

import dev.weft.finding.Finding;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * A user rule as the engine sees it: a rule like any built-in one, run in the same parallel walk,
 * its findings stamped, waived, baselined and reported the same way.
 */
final class CelRule implements Rule {

  private final CompiledRule rule;
  private final Shapes shapes;

  CelRule(CompiledRule rule, Shapes shapes) {
    this.rule = rule;
    this.shapes = shapes;
  }

  @Override
  public String id() {
    return rule.spec().id();
  }

  /**
   * True for rules on a switch's compiled config, which {@code weft drift} also runs on the live
   * config.
   */
  boolean onConfig() {
    return rule.spec().scope() == RuleScope.SWITCH_CONFIG;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    if (input.model() == null) {
      return List.of();
    }
    return new RuleRun(rule, shapes, input.model(), input.today())
        .run(rule.spec().scope().subjects(input.model(), input.compiled()));
  }
}
