package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A rule on the intent of a RoCE fabric. The guard every such rule starts with (no {@code roce-v2}
 * fabric: nothing to judge) and the findings list live here once, so each rule is only its check.
 */
abstract class RoceRule implements Rule {

  @Override
  public final List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    Fabric fabric = Roce.fabric(model);
    if (fabric == null) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    check(model, fabric, findings);
    return findings;
  }

  /** Adds this rule's findings for a model whose fabric is RoCE. */
  abstract void check(FabricModel model, Fabric fabric, List<Finding> findings);
}
