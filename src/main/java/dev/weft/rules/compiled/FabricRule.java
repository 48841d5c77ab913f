package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.finding.Finding;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A rule on the compiled fabric as a whole (links, tiers, cycles), where {@link PerSwitchRule}
 * judges one switch at a time. The guard (nothing compiled: nothing to judge) and the findings list
 * live here once.
 */
abstract class FabricRule implements Rule {

  @Override
  public final List<Finding> check(RuleInput input) {
    CompiledFabric compiled = input.compiled();
    if (compiled == null) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    check(compiled, input, findings);
    return findings;
  }

  /** Adds this rule's findings on a compiled fabric. */
  abstract void check(CompiledFabric compiled, RuleInput input, List<Finding> findings);
}
