package dev.weft.rules.compiled;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * A shared headroom pool too small for one port: over-subscription bets that not every lossless PG
 * pauses at once, but the pool must still absorb the in-flight data of the one port whose PGs need
 * the most xoff, or a single incast on that port overflows the pool and drops lossless packets. A
 * ratio above the number of lossless PGs on the switch's busiest port does exactly that.
 */
public final class SharedHeadroomUndersized implements PerSwitchRule {

  static final String ID = "shared-headroom-undersized";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    if (s.losslessBuffer() == null || s.losslessBuffer().sharedHeadroomPoolBytes() == null) {
      return;
    }
    long pool = s.losslessBuffer().sharedHeadroomPoolBytes();
    CompiledPort largest = null;
    long largestXoff = 0;
    for (CompiledPort p : s.ports()) {
      long xoff = 0;
      for (PriorityGroupHeadroom h : p.headroom()) {
        xoff += h.xoff();
      }
      if (xoff > largestXoff) {
        largestXoff = xoff;
        largest = p;
      }
    }
    if (largest == null || pool >= largestXoff) {
      return;
    }
    Location at = s.owner("headroom_over_subscription");
    Integer ratio = s.losslessBuffer().headroomOverSubscription();
    findings.add(
        Finding.of(
                ID,
                Severity.WARNING,
                s.name()
                    + ": the shared headroom pool is "
                    + pool
                    + " B"
                    + (ratio == null ? "" : " (over-subscription " + ratio + ":1)")
                    + ", less than the "
                    + largestXoff
                    + " B of xoff the lossless PGs of "
                    + largest.name()
                    + " alone need ("
                    + largest.headroom().size()
                    + " PG"
                    + (largest.headroom().size() == 1 ? "" : "s")
                    + ", "
                    + largest.speedGbps()
                    + "G over "
                    + largest.cableLengthMetres()
                    + " m): one incast on that port overflows the pool and drops lossless"
                    + " packets")
            .at(at != null ? at : s.owner("name"))
            .onDevice(s.name())
            .onPort(largest.name())
            .withValues("pool >= " + largestXoff + " B", "pool " + pool + " B"));
  }
}
