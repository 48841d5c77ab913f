package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.Pfc;
import dev.weft.model.Watchdog;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * Lossless traffic needs the PFC watchdog: one NIC stuck sending PAUSE (Microsoft, SIGCOMM'16 §4.3)
 * can otherwise stop the lossless class across the whole fabric.
 */
public final class PfcWatchdogDisabled implements Rule {

  static final String ID = "pfc-watchdog-disabled";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Fabric fabric = Roce.fabric(input.model());
    if (fabric == null || fabric.losslessClasses().isEmpty()) {
      return List.of();
    }
    Pfc pfc = fabric.pfc();
    Watchdog wd = pfc == null ? null : pfc.watchdog();
    if (wd != null && wd.enabled()) {
      return List.of();
    }
    return List.of(
        Finding.of(
                ID,
                Severity.ERROR,
                "the PFC watchdog is disabled but the fabric has lossless classes; a PAUSE storm from one NIC "
                    + "could stall the lossless class fabric-wide")
            .at(
                wd != null
                    ? Roce.at(wd.at(), "enabled")
                    : pfc != null ? Roce.at(pfc.at(), "watchdog") : Roce.at(fabric.at(), "pfc"))
            .withPath("/fabric/pfc/watchdog/enabled")
            .withValues("true", "false"));
  }
}
