package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.TrafficClass;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * Without a {@code dscp: default} class, code points no class lists fall to the platform's own
 * default queue, which differs per vendor (SONiC's generic map even sends DSCP 26 to a lossy
 * class).
 */
public final class DscpUnmapped implements Rule {

  static final String ID = "dscp-unmapped";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Fabric fabric = Roce.fabric(input.model());
    if (fabric == null
        || fabric.trafficClasses().isEmpty()
        || fabric.trafficClasses().stream().anyMatch(TrafficClass::dscpDefault)) {
      return List.of();
    }
    boolean[] mapped = new boolean[64];
    for (TrafficClass tc : fabric.trafficClasses()) {
      for (int d : tc.dscp()) {
        if (d >= 0 && d < 64) {
          mapped[d] = true;
        }
      }
    }
    String unmapped = ranges(mapped);
    if (unmapped.isEmpty()) {
      return List.of();
    }
    return List.of(
        Finding.of(
                ID,
                Severity.WARNING,
                "no traffic class has dscp: default, so DSCP "
                    + unmapped
                    + " map to no class and land in the platform's default queue")
            .at(Roce.at(fabric.at(), "traffic-classes"))
            .withPath("/fabric/traffic-classes")
            .withValues("every DSCP 0-63 mapped", "unmapped " + unmapped));
  }

  /** The unmapped code points as compact ranges: {@code 0-25, 27-47, 49-63}. */
  static String ranges(boolean[] mapped) {
    StringBuilder out = new StringBuilder();
    int d = 0;
    while (d < mapped.length) {
      if (mapped[d]) {
        d++;
        continue;
      }
      int start = d;
      while (d < mapped.length && !mapped[d]) {
        d++;
      }
      if (out.length() > 0) {
        out.append(", ");
      }
      out.append(start);
      if (d - 1 > start) {
        out.append('-').append(d - 1);
      }
    }
    return out.toString();
  }
}
