package dev.weft.rules.compiled;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * A switch's DSCP → priority map has fewer than 64 entries. Unlisted code points fall to a platform
 * default (SONiC's generic map even sends DSCP 26 to a lossy class), so the map must be total.
 */
public final class DscpMapIncomplete implements PerSwitchRule {

  static final String ID = "dscp-map-incomplete";
  private static final int CODE_POINTS = 64;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    // An empty map means the switch carries no RoCE plan (InfiniBand, or nothing compiled): not a
    // map.
    if (s.dscpToPriority().isEmpty() || s.dscpToPriority().size() >= CODE_POINTS) {
      return;
    }
    String missing = missing(s);
    findings.add(
        Finding.of(
                ID,
                Severity.ERROR,
                "switch "
                    + s.name()
                    + " maps "
                    + s.dscpToPriority().size()
                    + " of 64 DSCP code points; unmapped: "
                    + missing)
            .at(s.owner("dscp_to_priority"))
            .onDevice(s.name())
            .withValues("64 entries", s.dscpToPriority().size() + " entries"));
  }

  /** The unmapped code points as ranges: {@code 1-25, 27-47, 49-63}. */
  static String missing(CompiledSwitch s) {
    StringBuilder out = new StringBuilder();
    int d = 0;
    while (d < CODE_POINTS) {
      if (s.dscpToPriority().containsKey(d)) {
        d++;
        continue;
      }
      int start = d;
      while (d < CODE_POINTS && !s.dscpToPriority().containsKey(d)) {
        d++;
      }
      if (out.length() > 0) {
        out.append(", ");
      }
      out.append(start == d - 1 ? String.valueOf(start) : start + "-" + (d - 1));
    }
    return out.toString();
  }
}
