package dev.weft.rules.compiled;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.ArrayList;
import java.util.List;

/**
 * A host-facing PFC port whose watchdog action does not stop a pause storm ({@code forward}, {@code
 * alert}): one NIC stuck sending PAUSE (Microsoft, SIGCOMM'16 §4.3) then keeps its ToR paused, and
 * the pause spreads through the fabric while the watchdog only watches. Fabric ports may forward by
 * design; host ports must drop.
 *
 * <p>One finding per switch when every affected port takes the action from the same place (the
 * fabric's watchdog, or one exception), otherwise one per port.
 */
public final class WatchdogNotMitigating implements PerSwitchRule {

  static final String ID = "watchdog-not-mitigating";
  static final String HOST_FACING = "host-facing";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    if (s.watchdog() == null || !s.watchdog().enabled()) {
      return;
    }
    List<CompiledPort> wrong = new ArrayList<>();
    for (CompiledPort p : s.ports()) {
      if (p.watchdog()
          && !p.pfcPriorities().isEmpty()
          && HOST_FACING.equals(p.role())
          && !"drop".equals(actionOf(s, p))) {
        wrong.add(p);
      }
    }
    if (wrong.isEmpty()) {
      return;
    }
    CompiledPort first = wrong.get(0);
    boolean oneSource =
        wrong.stream().allMatch(p -> java.util.Objects.equals(where(s, p), where(s, first)));
    if (oneSource && wrong.size() > 1) {
      findings.add(
          finding(
              s,
              null,
              actionOf(s, first),
              where(s, first),
              "on all " + wrong.size() + " host-facing PFC ports of " + s.name()));
    } else {
      for (CompiledPort p : wrong) {
        findings.add(
            finding(s, p.name(), actionOf(s, p), where(s, p), "on " + s.name() + ":" + p.name()));
      }
    }
  }

  private static Finding finding(
      CompiledSwitch s, String port, String action, Location at, String scope) {
    return Finding.of(
            ID,
            Severity.ERROR,
            "the PFC watchdog action is "
                + action
                + " "
                + scope
                + ": it does not stop a pause storm from a host NIC, which then stalls the lossless class beyond this switch")
        .at(at)
        .onDevice(s.name())
        .onPort(port)
        .withValues("drop", action);
  }

  /** The port's own action (an exception) or the switch's. */
  static String actionOf(CompiledSwitch s, CompiledPort p) {
    return p.watchdogAction() != null ? p.watchdogAction() : s.watchdog().action();
  }

  private static Location where(CompiledSwitch s, CompiledPort p) {
    if (p.watchdogAction() != null && p.owner("watchdog_action") != null) {
      return p.owner("watchdog_action");
    }
    return s.owner("watchdog_action") != null ? s.owner("watchdog_action") : s.owner("watchdog");
  }
}
