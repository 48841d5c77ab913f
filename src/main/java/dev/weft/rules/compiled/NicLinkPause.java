package dev.weft.rules.compiled;

import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * A NIC with IEEE 802.3x global pause on while it runs PFC. The two are mutually exclusive on a
 * port: global pause stops the whole link, every class with it, and NVIDIA's own PFC procedure
 * starts by turning it off. (A fabric-wide {@code pfc.link-pause: true} is link-pause-with-pfc's
 * finding; this one is a NIC model's.)
 */
public final class NicLinkPause extends PerNicRule {

  static final String ID = "nic-link-pause";

  public NicLinkPause() {
    super(ID, Severity.ERROR);
  }

  @Override
  public List<Problem> check(Nic n, RuleInput input) {
    Fabric fabric = input.model() == null ? null : input.model().fabric();
    boolean fabricWide = fabric != null && fabric.pfc() != null && fabric.pfc().linkPause();
    if (!n.nic().linkPause() || fabricWide || n.nic().pfcPriorities().isEmpty()) {
      return List.of();
    }
    return List.of(
        new Problem(
            n.nic().owner("link_pause"),
            "has 802.3x global pause on while it runs PFC on "
                + PerNicRule.priorities(n.nic().pfcPriorities())
                + "; global pause stops every class of the link",
            "link pause off",
            "link pause on"));
  }
}
