package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Partition;
import dev.weft.model.Subnet;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ib-partition-no-full-member}: two limited members cannot talk to each other, so a
 * partition whose members are all limited carries no traffic (the Default partition is exempt: the
 * SM's own port is always a full member of it). A member naming a host or switch that does not
 * exist matches nothing; OpenSM only says so at verbose log level and drops a partition left empty.
 */
public final class IbPartitionNoFullMember implements Rule {

  @Override
  public String id() {
    return "ib-partition-no-full-member";
  }

  @Override
  public List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    Subnet subnet = model.subnet();
    if (subnet == null) {
      return List.of();
    }
    List<Finding> out = new ArrayList<>();
    List<Partition> parts = subnet.partitions();
    for (int i = 0; i < parts.size(); i++) {
      Partition p = parts.get(i);
      boolean full = false;
      for (int j = 0; j < p.members().size(); j++) {
        Partition.Member m = p.members().get(j);
        for (String h : m.hosts()) {
          if (model.hostNamed(h).isEmpty()) {
            out.add(
                Finding.of(
                        id(),
                        Severity.ERROR,
                        "partition " + p.name() + " member host '" + h + "' is not in hosts")
                    .at(m.at().of("hosts"))
                    .onDevice(h)
                    .withPath(IbTopology.pointer("partitions", i, "members/" + j + "/hosts")));
          }
        }
        for (String sw : m.switches()) {
          if (model.switchNamed(sw).isEmpty()) {
            out.add(
                Finding.of(
                        id(),
                        Severity.ERROR,
                        "partition " + p.name() + " member switch '" + sw + "' is not in switches")
                    .at(m.at().of("switches"))
                    .onDevice(sw)
                    .withPath(IbTopology.pointer("partitions", i, "members/" + j + "/switches")));
          }
        }
        boolean exists =
            !IbTopology.portsOf(model, m).isEmpty()
                || m.switches().stream().anyMatch(sw -> model.switchNamed(sw).isPresent());
        full |= m.full() && exists;
      }
      if (!full && !p.isDefault()) {
        out.add(
            Finding.of(
                    id(),
                    Severity.ERROR,
                    "partition "
                        + p.name()
                        + " has no full member that exists;"
                        + " limited members cannot talk to each other, so the partition carries no traffic")
                .at(p.at().of("members"))
                .withPath(IbTopology.pointer("partitions", i, "members"))
                .withValues("at least one full member", "none"));
      }
    }
    return out;
  }
}
