package dev.weft.rules.compiled;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * A port declared faster than any port mode the switch's ASIC offers (a 800G port on a Spectrum-3).
 * The port cannot come up at that speed, and every value derived from the speed (headroom, pause
 * quanta, ECN thresholds by speed) is computed for a link that does not exist. The limit comes from
 * the ASIC profile.
 */
public final class AsicPortSpeed implements PerSwitchRule {

  static final String ID = "asic-port-speed";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    Long max = s.buffer() == null ? null : s.buffer().maxPortSpeedGbps();
    if (max == null) {
      return;
    }
    for (CompiledPort p : s.ports()) {
      if (p.speedGbps() != null && p.speedGbps() > max) {
        findings.add(
            Finding.of(
                    ID,
                    Severity.ERROR,
                    s.name()
                        + ":"
                        + p.name()
                        + " is declared "
                        + p.speedGbps()
                        + "G but "
                        + s.asic()
                        + " offers no port mode above "
                        + max
                        + "G")
                .at(p.owner("speed_gbps"))
                .onDevice(s.name())
                .onPort(p.name())
                .withValues("<= " + max + "G", p.speedGbps() + "G"));
      }
    }
  }
}
