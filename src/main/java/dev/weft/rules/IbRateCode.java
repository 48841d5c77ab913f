package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.Hca;
import dev.weft.model.Host;
import dev.weft.model.IbCodes;
import dev.weft.model.Partition;
import dev.weft.model.Subnet;
import dev.weft.units.Speed;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ib-rate-code}: every rate written for the subnet must be one InfiniBand can encode (OpenSM
 * takes a rate code, and there is no code for, e.g., 250G), and a partition rate may not exceed the
 * subnet rate. Rates are compared in Gb/s: the codes are not monotonic (code 11 is 14 Gb/s, code 15
 * is 25 Gb/s).
 */
public final class IbRateCode implements Rule {

  @Override
  public String id() {
    return "ib-rate-code";
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Subnet subnet = input.model().subnet();
    if (subnet == null) {
      return List.of();
    }
    List<Finding> out = new ArrayList<>();
    encodable(subnet.rate(), "subnet rate", subnet.at().of("rate"), "/subnet/rate", out);
    List<Partition> parts = subnet.partitions();
    for (int i = 0; i < parts.size(); i++) {
      Partition p = parts.get(i);
      String path = IbTopology.pointer("partitions", i, "rate");
      if (encodable(p.rate(), "partition " + p.name() + " rate", p.at().of("rate"), path, out)
          && subnet.rate() != null
          && p.rate().gbps() > subnet.rate().gbps()) {
        out.add(
            Finding.of(
                    id(),
                    Severity.ERROR,
                    "partition "
                        + p.name()
                        + " rate "
                        + p.rate()
                        + " is above the subnet rate "
                        + subnet.rate()
                        + " (compared in Gb/s: codes "
                        + IbCodes.rateCode(p.rate()).getAsInt()
                        + " vs "
                        + IbCodes.rateCode(subnet.rate()).orElse(0)
                        + " are not ordered by speed)")
                .at(p.at().of("rate"))
                .withPath(path)
                .withValues("<= " + subnet.rate(), p.rate().toString()));
      }
    }
    for (Host h : input.model().hosts()) {
      for (Hca hca : h.hcas()) {
        encodable(
            hca.speed(), h.name() + " " + hca.name() + " speed", hca.at().of("speed"), null, out);
      }
    }
    return out;
  }

  /** Adds a finding when the speed has no rate code; true when it has one. */
  private boolean encodable(Speed speed, String what, Location at, String path, List<Finding> out) {
    if (speed == null) {
      return false;
    }
    if (IbCodes.rateCode(speed).isPresent()) {
      return true;
    }
    out.add(
        Finding.of(
                id(),
                Severity.ERROR,
                what
                    + " "
                    + speed
                    + " has no InfiniBand rate code; use one of "
                    + IbCodes.encodableRates())
            .at(at)
            .withPath(path)
            .withValues("an IB rate", speed.toString()));
    return false;
  }
}
