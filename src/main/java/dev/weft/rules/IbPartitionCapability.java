package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.IbCodes;
import dev.weft.model.Partition;
import dev.weft.model.Subnet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * {@code ib-partition-capability}: a partition's broadcast-group MTU or rate above what its
 * members' ports (or the subnet) support makes OpenSM refuse to create the group ("parameters are
 * not realizable"), which breaks IPoIB in that partition while the P_Keys still look right. MTUs
 * must be IB MTUs (256..4096).
 */
public final class IbPartitionCapability implements Rule {

  @Override
  public String id() {
    return "ib-partition-capability";
  }

  @Override
  public List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    Subnet subnet = model.subnet();
    if (subnet == null) {
      return List.of();
    }
    List<Finding> out = new ArrayList<>();
    if (subnet.mtu() != null && IbCodes.mtuCode(subnet.mtu()).isEmpty()) {
      out.add(
          Finding.of(
                  id(),
                  Severity.ERROR,
                  "subnet mtu "
                      + subnet.mtu()
                      + " is not an InfiniBand MTU (256, 512, 1024, 2048 or 4096)")
              .at(subnet.at().of("mtu"))
              .withPath("/subnet/mtu")
              .withValues("256|512|1024|2048|4096", String.valueOf(subnet.mtu())));
    }
    List<Partition> parts = subnet.partitions();
    for (int i = 0; i < parts.size(); i++) {
      Partition p = parts.get(i);
      if (p.mtu() != null) {
        if (IbCodes.mtuCode(p.mtu()).isEmpty()) {
          out.add(
              Finding.of(
                      id(),
                      Severity.ERROR,
                      "partition "
                          + p.name()
                          + " mtu "
                          + p.mtu()
                          + " is not an InfiniBand MTU (256, 512, 1024, 2048 or 4096)")
                  .at(p.at().of("mtu"))
                  .withPath(IbTopology.pointer("partitions", i, "mtu"))
                  .withValues("256|512|1024|2048|4096", String.valueOf(p.mtu())));
        } else if (subnet.mtu() != null && p.mtu() > subnet.mtu()) {
          out.add(
              Finding.of(
                      id(),
                      Severity.ERROR,
                      "partition "
                          + p.name()
                          + " mtu "
                          + p.mtu()
                          + " is above the subnet mtu "
                          + subnet.mtu()
                          + " its ports run at")
                  .at(p.at().of("mtu"))
                  .withPath(IbTopology.pointer("partitions", i, "mtu"))
                  .withValues("<= " + subnet.mtu(), String.valueOf(p.mtu())));
        }
      }
      if (p.rate() != null) {
        Optional<Hca> slowest =
            p.members().stream()
                .flatMap(m -> IbTopology.portsOf(model, m).stream())
                .filter(h -> h.speed() != null)
                .min(Comparator.comparing(Hca::speed));
        if (slowest.isPresent() && p.rate().gbps() > slowest.get().speed().gbps()) {
          out.add(
              Finding.of(
                      id(),
                      Severity.ERROR,
                      "partition "
                          + p.name()
                          + " rate "
                          + p.rate()
                          + " is above its slowest member port "
                          + slowest.get().name()
                          + " at "
                          + slowest.get().speed()
                          + " ("
                          + slowest.get().at().self()
                          + ")")
                  .at(p.at().of("rate"))
                  .withPath(IbTopology.pointer("partitions", i, "rate"))
                  .withValues("<= " + slowest.get().speed(), p.rate().toString()));
        }
      }
    }
    return out;
  }
}
