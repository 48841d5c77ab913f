package dev.weft.policy;

import dev.weft.finding.Finding;
import dev.weft.rules.Rule;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles the user rules of one run in one CEL environment. Kept apart from {@link UserRules} so
 * that a run without user rules never loads CEL (its classes and protobuf's are a noticeable part
 * of a small run's start-up).
 */
final class Compilation {

  private Compilation() {}

  /**
   * @return one rule per spec that compiled; problems for the others
   */
  static List<Rule> compile(List<RuleSpec> specs, List<Finding> problems) {
    CelEnvironment env = new CelEnvironment();
    RuleCompiler compiler = new RuleCompiler(env, problems);
    List<Rule> out = new ArrayList<>();
    for (RuleSpec spec : specs) {
      CompiledRule compiled = compiler.compile(spec);
      if (compiled != null) {
        out.add(new CelRule(compiled, env.shapes()));
      }
    }
    return out;
  }
}
