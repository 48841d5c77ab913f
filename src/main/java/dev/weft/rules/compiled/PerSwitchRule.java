package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A rule on compiled config that judges one switch at a time. The walk over the compiled fabric
 * (and the case where nothing compiled) lives here once, so each rule is only its check.
 */
interface PerSwitchRule extends Rule {

  /** Adds this rule's findings for one compiled switch. */
  void check(CompiledSwitch s, List<Finding> findings);

  @Override
  default List<Finding> check(RuleInput input) {
    CompiledFabric compiled = input.compiled();
    if (compiled == null) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    for (CompiledSwitch s : compiled.switches()) {
      check(s, findings);
    }
    return findings;
  }
}
