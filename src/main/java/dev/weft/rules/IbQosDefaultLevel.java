package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.IbQos;
import dev.weft.model.Subnet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ib-qos-default-level}: OpenSM rejects a qos-policy file without a level named DEFAULT
 * ("ERR AC10") and then drops the whole policy, so every path silently gets SL 0. Level names must
 * be unique. (Levels written while QoS is off are {@link IbQosLevelsIgnored}'s warning.)
 */
public final class IbQosDefaultLevel implements Rule {

  @Override
  public String id() {
    return "ib-qos-default-level";
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Subnet subnet = input.model().subnet();
    if (subnet == null || subnet.qos() == null) {
      return List.of();
    }
    IbQos qos = subnet.qos();
    List<Finding> out = new ArrayList<>();
    if (!qos.enabled()) {
      return out; // levels written while QoS is off are ib-qos-levels-ignored's (a warning)
    }
    Map<String, IbQos.QosLevel> seen = new HashMap<>();
    for (int i = 0; i < qos.levels().size(); i++) {
      IbQos.QosLevel l = qos.levels().get(i);
      IbQos.QosLevel first = l.name() == null ? null : seen.putIfAbsent(l.name(), l);
      if (first != null) {
        out.add(
            Finding.of(
                    id(),
                    Severity.ERROR,
                    "qos level " + l.name() + " is already defined at " + first.at().self())
                .at(l.at().of("name"))
                .withPath("/subnet/qos/levels/" + i + "/name"));
      }
    }
    if (!seen.containsKey("DEFAULT")) {
      out.add(
          Finding.of(
                  id(),
                  Severity.ERROR,
                  "qos is enabled but no qos level is named DEFAULT; OpenSM would"
                      + " reject the policy file and give every path SL 0")
              .at(qos.at().of("levels"))
              .withPath("/subnet/qos/levels")
              .withValues("a level named DEFAULT", "none"));
    }
    return out;
  }
}
