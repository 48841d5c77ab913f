package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Partition;
import dev.weft.model.Subnet;
import java.util.List;

/**
 * {@code ib-default-partition}: when partitions.conf has no rule for the Default partition, OpenSM
 * acts as if it read {@code Default=0x7fff : ALL=limited, SELF=full}, so every port silently
 * becomes a limited member and hosts can no longer reach each other (or IPoIB) on the default
 * partition.
 */
public final class IbDefaultPartition implements Rule {

  @Override
  public String id() {
    return "ib-default-partition";
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Subnet subnet = input.model().subnet();
    if (subnet == null || subnet.partitions().stream().anyMatch(Partition::isDefault)) {
      return List.of();
    }
    return List.of(
        Finding.of(
                id(),
                Severity.ERROR,
                "no Default partition (pkey 0x7fff) is declared; OpenSM"
                    + " would silently make every port a limited member of it. Add"
                    + " { name: Default, pkey: \"0x7fff\", members: [ { all: true, membership: full } ] }")
            .at(subnet.at().of("partitions"))
            .withPath("/subnet/partitions")
            .withValues("a partition named Default", "none"));
  }
}
