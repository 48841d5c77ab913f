package dev.weft.rules.compiled;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * A switch names an {@code asic} that has no headroom profile, so its PFC headroom cannot be
 * computed or checked. The compiler leaves the headroom empty rather than guess constants. A switch
 * without {@code asic} is not reported: the key is optional and the platform then sizes headroom
 * itself.
 */
public final class AsicProfileMissing implements PerSwitchRule {

  static final String ID = "asic-profile-missing";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    if (s.asic() == null || s.asicProfileVersion() != null || s.losslessPriorities().isEmpty()) {
      return;
    }
    findings.add(
        Finding.of(
                ID,
                Severity.WARNING,
                "switch "
                    + s.name()
                    + " has asic '"
                    + s.asic()
                    + "' but Weft has no headroom profile for it, so PFC headroom is neither computed nor checked")
            .at(s.owner("asic"))
            .onDevice(s.name())
            .withValues("an ASIC profile " + s.asic() + ".properties", "none"));
  }
}
