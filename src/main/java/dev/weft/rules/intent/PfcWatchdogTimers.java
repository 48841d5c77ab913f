package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.Watchdog;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import dev.weft.units.TimeSpan;
import java.util.ArrayList;
import java.util.List;

/**
 * Watchdog timers within the ranges SONiC accepts (detection 100-5000 ms, restoration 100-60000
 * ms): too short a detection time drops healthy congested queues, too long leaves a storm running.
 */
public final class PfcWatchdogTimers implements Rule {

  static final String ID = "pfc-watchdog-timers";

  static final TimeSpan MIN = TimeSpan.ofMillis(100);
  static final TimeSpan MAX_DETECTION = TimeSpan.ofMillis(5000);
  static final TimeSpan MAX_RESTORATION = TimeSpan.ofMillis(60000);

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Fabric fabric = Roce.fabric(input.model());
    Watchdog wd = fabric == null || fabric.pfc() == null ? null : fabric.pfc().watchdog();
    if (wd == null || !wd.enabled()) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    check(findings, wd, "detection", wd.detection(), MAX_DETECTION);
    check(findings, wd, "restoration", wd.restoration(), MAX_RESTORATION);
    return findings;
  }

  private static void check(
      List<Finding> findings, Watchdog wd, String field, TimeSpan value, TimeSpan max) {
    if (value == null || (value.compareTo(MIN) >= 0 && value.compareTo(max) <= 0)) {
      return;
    }
    String range = MIN + "-" + max;
    findings.add(
        Finding.of(
                ID,
                Severity.WARNING,
                "PFC watchdog " + field + " time " + value + " is outside " + range)
            .at(Roce.at(wd.at(), field))
            .withPath("/fabric/pfc/watchdog/" + field)
            .withValues(range, value.toString()));
  }
}
