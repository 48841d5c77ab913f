package dev.weft.rules.compiled;

import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * PFC watchdog timers in the wrong order. A detection time below the poll interval cannot be
 * honoured (the watchdog only looks every poll; SONiC's model refuses it), and a restoration time
 * below the detection time re-enables a queue that is still storming, so it flaps between storm and
 * restore.
 */
public final class WatchdogTimerOrder implements PerSwitchRule {

  static final String ID = "watchdog-timer-order";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    CompiledWatchdog wd = s.watchdog();
    if (wd == null || !wd.enabled()) {
      return;
    }
    if (wd.detectionMs() < wd.pollMs()) {
      findings.add(
          Finding.of(
                  ID,
                  Severity.WARNING,
                  s.name()
                      + ": PFC watchdog detection "
                      + wd.detectionMs()
                      + " ms is shorter than its poll interval "
                      + wd.pollMs()
                      + " ms; the watchdog cannot detect faster than it polls (SONiC refuses this)")
              .at(at(s, "watchdog_detection"))
              .onDevice(s.name())
              .withValues(">= " + wd.pollMs() + " ms", wd.detectionMs() + " ms"));
    }
    if (wd.restorationMs() < wd.detectionMs()) {
      findings.add(
          Finding.of(
                  ID,
                  Severity.WARNING,
                  s.name()
                      + ": PFC watchdog restoration "
                      + wd.restorationMs()
                      + " ms is shorter than detection "
                      + wd.detectionMs()
                      + " ms; a queue still storming is restored and stormed again, flapping the lossless class")
              .at(at(s, "watchdog_restoration"))
              .onDevice(s.name())
              .withValues(">= " + wd.detectionMs() + " ms", wd.restorationMs() + " ms"));
    }
  }

  private static Location at(CompiledSwitch s, String field) {
    return s.owner(field) != null ? s.owner(field) : s.owner("watchdog");
  }
}
