package dev.weft.rules.compiled;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * A lossless PG's configured xoff (overridden in intent, or read from a rendered or live config) is
 * below the minimum the headroom formula gives for the port's speed, cable, MTU and ASIC: in-flight
 * data after XOFF overflows the headroom and the "lossless" class drops.
 *
 * <p>A value read back from a device may have been rounded to the ASIC's cell size; it gets that
 * much tolerance ({@link CompiledSwitch#thresholdRoundingBytes()}). Intent values get none.
 */
public final class HeadroomInsufficient implements PerSwitchRule {

  static final String ID = "headroom-insufficient";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    long tolerance = s.thresholdRoundingBytes() == null ? 0 : s.thresholdRoundingBytes();
    for (CompiledPort p : s.ports()) {
      for (PriorityGroupHeadroom pg : p.headroom()) {
        if (pg.requiredXoff() == null) {
          continue;
        }
        long allowed = PriorityGroupHeadroom.DEVICE.equals(pg.origin()) ? tolerance : 0;
        if (pg.xoff() + allowed >= pg.requiredXoff()) {
          continue;
        }
        findings.add(
            Finding.of(
                    ID,
                    Severity.ERROR,
                    s.name()
                        + ":"
                        + p.name()
                        + " PG "
                        + pg.pg()
                        + " xoff is "
                        + pg.xoff()
                        + " B but "
                        + describe(p, s)
                        + " needs at least "
                        + pg.requiredXoff()
                        + " B (weft explain-headroom "
                        + s.name()
                        + " "
                        + p.name()
                        + ")")
                .at(p.owner("headroom"))
                .onDevice(s.name())
                .onPort(p.name())
                .withValues("xoff >= " + pg.requiredXoff() + " B", "xoff " + pg.xoff() + " B"));
      }
    }
  }

  private static String describe(CompiledPort p, CompiledSwitch s) {
    return p.speedGbps()
        + "G over "
        + p.cableLengthMetres()
        + " m with MTU "
        + p.mtu()
        + " on "
        + s.asic();
  }
}
