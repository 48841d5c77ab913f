package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * 802.3x link pause and PFC are mutually exclusive on a port: link pause stops every class at once.
 */
public final class LinkPauseWithPfc implements Rule {

  static final String ID = "link-pause-with-pfc";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Fabric fabric = Roce.fabric(input.model());
    if (fabric == null
        || fabric.pfc() == null
        || !fabric.pfc().linkPause()
        || fabric.losslessClasses().isEmpty()) {
      return List.of();
    }
    return List.of(
        Finding.of(
                ID,
                Severity.ERROR,
                "802.3x link pause is on while PFC protects lossless classes; the two are exclusive, "
                    + "link pause would stop every class on the port")
            .at(Roce.at(fabric.pfc().at(), "link-pause"))
            .withPath("/fabric/pfc/link-pause")
            .withValues("false", "true"));
  }
}
