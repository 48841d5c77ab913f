package dev.weft.rules.compiled;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.LosslessBuffer;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * The PFC headroom a switch reserves (xoff + xon of every lossless PG on a linked port) does not
 * fit in its buffer beside the shared ingress lossless pool. Each PG's headroom may be right on its
 * own, yet together they need more memory than the ASIC has: the reservations cannot all be made,
 * and a PG that loses its headroom drops exactly when PFC should protect it. Long cables and a
 * second lossless priority are the usual cause. Needs the buffer size and pool from the switch's
 * ASIC profile.
 *
 * <p>With a shared headroom pool ({@code fabric.pfc.headroom-over-subscription}) each PG reserves
 * only its xon and the pool the ratio sizes holds the xoff: that pool is part of the reservation,
 * and unless a pinned xoff is the largest reservation, the finding points at the ratio.
 */
public final class HeadroomPoolExceeded extends LosslessPoolRule {

  static final String ID = "headroom-pool-exceeded";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(
      CompiledSwitch s, CompiledSwitch.AsicBuffer buffer, long pool, List<Finding> findings) {
    if (buffer.bufferBytes() == null) {
      return;
    }
    long reserved = 0;
    long pgs = 0;
    CompiledPort largest = null;
    long largestBytes = 0;
    for (CompiledPort p : s.ports()) {
      long port = 0;
      for (PriorityGroupHeadroom pg : p.headroom()) {
        port += pg.size();
        pgs++;
      }
      reserved += port;
      if (port > largestBytes) {
        largestBytes = port;
        largest = p;
      }
    }
    long shared = LosslessBuffer.sharedHeadroomOf(s.losslessBuffer());
    reserved += shared;
    long budget = buffer.bufferBytes() - pool;
    if (reserved <= budget) {
      return;
    }
    if (shared > 0 && pinnedXoffLine(largest) == null) {
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  s.name()
                      + " ("
                      + s.asic()
                      + ") reserves "
                      + reserved
                      + " B of PFC headroom, a "
                      + shared
                      + " B shared headroom pool (over-subscription "
                      + s.losslessBuffer().headroomOverSubscription()
                      + ":1) and the xon of "
                      + pgs
                      + " lossless PGs, but its "
                      + buffer.bufferBytes()
                      + " B buffer leaves "
                      + budget
                      + " B beside the "
                      + pool
                      + " B shared lossless pool; a higher ratio shrinks the pool, at the risk of"
                      + " more PGs pausing at once than it holds")
              .at(
                  s.owner("headroom_over_subscription") != null
                      ? s.owner("headroom_over_subscription")
                      : s.owner("name"))
              .onDevice(s.name())
              .withValues("headroom <= " + budget + " B", "headroom " + reserved + " B"));
      return;
    }
    // A pinned xoff (headroom-xoff on the port or its profile) that makes up the largest
    // reservation is
    // the value to change, so the finding points at it; computed headroom points at the asic: line.
    Location pinned = pinnedXoffLine(largest);
    Location at =
        pinned != null ? pinned : s.owner("asic") != null ? s.owner("asic") : s.owner("name");
    findings.add(
        Finding.of(
                ID,
                Severity.ERROR,
                s.name()
                    + " ("
                    + s.asic()
                    + ") reserves "
                    + reserved
                    + " B of PFC headroom over "
                    + pgs
                    + " lossless PGs, but its "
                    + buffer.bufferBytes()
                    + " B buffer leaves "
                    + budget
                    + " B beside the "
                    + pool
                    + " B shared lossless pool; the largest is "
                    + largest.name()
                    + " with "
                    + largestBytes
                    + " B ("
                    + largest.speedGbps()
                    + "G over "
                    + largest.cableLengthMetres()
                    + " m)")
            .at(at)
            .onDevice(s.name())
            .withValues("headroom <= " + budget + " B", "headroom " + reserved + " B"));
  }

  private static Location pinnedXoffLine(CompiledPort port) {
    if (port == null
        || port.headroom().isEmpty()
        || !PriorityGroupHeadroom.OVERRIDE.equals(port.headroom().get(0).origin())) {
      return null;
    }
    return port.owner("headroom");
  }
}
