package dev.weft.rules.compiled;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.PauseQuanta;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * A lossless, cabled port on a switch with an ASIC profile runs at a speed for which no sourced
 * pause-quanta value exists (IEEE 802.3 Annex 31B as quoted by SONiC stops at 800G), so Weft
 * computes no headroom for it rather than guess; the platform's own default then applies unchecked.
 */
public final class HeadroomUncomputable implements PerSwitchRule {

  static final String ID = "headroom-uncomputable";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    if (s.asicProfileVersion() == null || s.losslessPriorities().isEmpty()) {
      return;
    }
    for (CompiledPort p : s.ports()) {
      if (p.speedGbps() == null
          || (p.peer() == null && p.cableLengthMetres() == null)
          || p.pfcPriorities().isEmpty()
          || !p.headroom().isEmpty()
          || PauseQuanta.forSpeed(p.speedGbps()).isPresent()) {
        continue;
      }
      findings.add(
          Finding.of(
                  ID,
                  Severity.WARNING,
                  s.name()
                      + ":"
                      + p.name()
                      + " runs at "
                      + p.speedGbps()
                      + "G, for which no sourced pause-quanta value exists (known: "
                      + PauseQuanta.knownSpeeds()
                      + "), so its PFC headroom is not computed")
              .at(p.owner("speed_gbps"))
              .onDevice(s.name())
              .onPort(p.name())
              .withValues("a speed with a pause-quanta value", p.speedGbps() + "G"));
    }
  }
}
