package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.IbQos;
import dev.weft.model.Subnet;
import java.util.List;

/**
 * {@code ib-qos-levels-ignored}: QoS levels are written while {@code qos.enabled} is false. OpenSM
 * reads no qos-policy file then, so the levels change nothing: either QoS was meant to be on, or
 * the levels are stale. A warning (nothing breaks, but the intent says more than the subnet does).
 */
public final class IbQosLevelsIgnored implements Rule {

  static final String ID = "ib-qos-levels-ignored";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Subnet subnet = input.model().subnet();
    if (subnet == null || subnet.qos() == null) {
      return List.of();
    }
    IbQos qos = subnet.qos();
    if (qos.enabled() || qos.levels().isEmpty()) {
      return List.of();
    }
    return List.of(
        Finding.of(
                ID,
                Severity.WARNING,
                "qos levels are written but qos is not enabled;" + " OpenSM ignores the policy")
            .at(qos.at().of("levels"))
            .withPath("/subnet/qos/levels"));
  }
}
