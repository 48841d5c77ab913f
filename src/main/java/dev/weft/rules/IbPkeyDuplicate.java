package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Partition;
import dev.weft.model.Subnet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ib-pkey-duplicate}: OpenSM merges two definitions with the same P_Key (low 15 bits; bit 15
 * is the membership bit) into one partition under the first name, so the second tenant silently
 * joins the first. Two partitions with the same name make qos-policy {@code partition:} references
 * ambiguous.
 */
public final class IbPkeyDuplicate implements Rule {

  @Override
  public String id() {
    return "ib-pkey-duplicate";
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Subnet subnet = input.model().subnet();
    if (subnet == null) {
      return List.of();
    }
    List<Finding> out = new ArrayList<>();
    Map<Long, Partition> byKey = new HashMap<>();
    Map<String, Partition> byName = new HashMap<>();
    List<Partition> parts = subnet.partitions();
    for (int i = 0; i < parts.size(); i++) {
      Partition p = parts.get(i);
      if (p.pkey() != null && p.pkey() >= 0) {
        Partition first = byKey.putIfAbsent(p.pkey() & 0x7fff, p);
        if (first != null) {
          out.add(
              Finding.of(
                      id(),
                      Severity.ERROR,
                      "partition "
                          + p.name()
                          + " has P_Key "
                          + p.pkeyText()
                          + ", the same partition key as "
                          + first.name()
                          + " ("
                          + first.pkeyText()
                          + " at "
                          + first.at().of("pkey")
                          + "); OpenSM would merge them into "
                          + first.name())
                  .at(p.at().of("pkey"))
                  .withPath(IbTopology.pointer("partitions", i, "pkey"))
                  .withValues("a P_Key used once", p.pkeyText()));
        }
      }
      if (p.name() != null) {
        Partition first = byName.putIfAbsent(p.name(), p);
        if (first != null) {
          out.add(
              Finding.of(
                      id(),
                      Severity.ERROR,
                      "partition name " + p.name() + " is already used at " + first.at().self())
                  .at(p.at().of("name"))
                  .withPath(IbTopology.pointer("partitions", i, "name")));
        }
      }
    }
    return out;
  }
}
