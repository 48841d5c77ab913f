package dev.weft.rules.compiled;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.ArrayList;
import java.util.List;

/**
 * On a port, the queues the PFC watchdog watches differ from the queues PFC can pause (SONiC {@code
 * pfcwd_sw_enable} ≠ {@code pfc_enable}). An unwatched lossless queue can stay paused for ever in a
 * pause storm; a watched lossy queue is noise. A PFC port with no watchdog at all counts as a
 * mismatch here (its watched set is empty), which is what a rendered or live config shows.
 *
 * <p>When every PFC port of a switch has the same mismatch, one finding covers the switch.
 */
public final class WatchdogQueueMismatch implements PerSwitchRule {

  static final String ID = "watchdog-queue-mismatch";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    List<CompiledPort> relevant = new ArrayList<>();
    List<CompiledPort> wrong = new ArrayList<>();
    for (CompiledPort p : s.ports()) {
      List<Integer> pfc = p.pfcQueues();
      List<Integer> wd = ascendingDistinct(p.watchdogQueues());
      if (pfc.isEmpty() && wd.isEmpty()) {
        continue;
      }
      relevant.add(p);
      if (!pfc.equals(wd)) {
        wrong.add(p);
      }
    }
    if (wrong.isEmpty()) {
      return;
    }
    CompiledPort first = wrong.get(0);
    boolean uniform =
        wrong.size() == relevant.size()
            && wrong.size() > 1
            && wrong.stream()
                .allMatch(
                    p ->
                        p.pfcQueues().equals(first.pfcQueues())
                            && p.watchdogQueues().equals(first.watchdogQueues()));
    if (uniform) {
      findings.add(
          finding(s, null, first, "on all " + wrong.size() + " PFC ports of switch " + s.name()));
    } else {
      for (CompiledPort p : wrong) {
        findings.add(finding(s, p.name(), p, "on " + s.name() + ":" + p.name()));
      }
    }
  }

  private static Finding finding(CompiledSwitch s, String port, CompiledPort sample, String where) {
    String pfc = list(sample.pfcQueues());
    String wd = list(sample.watchdogQueues());
    Location at =
        sample.owner("watchdog_queues") != null
            ? sample.owner("watchdog_queues")
            : s.owner("watchdog");
    return Finding.of(
            ID,
            Severity.WARNING,
            where + " the PFC watchdog watches queues " + wd + " but PFC pauses queues " + pfc)
        .at(at)
        .onDevice(s.name())
        .onPort(port)
        .withValues("watchdog queues " + pfc, "watchdog queues " + wd);
  }

  /**
   * The queues ascending and distinct; as given when they already are (the compiler's order),
   * without a stream per port.
   */
  private static List<Integer> ascendingDistinct(List<Integer> queues) {
    for (int i = 1; i < queues.size(); i++) {
      if (queues.get(i - 1) >= queues.get(i)) {
        return queues.stream().distinct().sorted().toList();
      }
    }
    return queues;
  }

  private static String list(List<Integer> queues) {
    return queues.isEmpty() ? "[]" : queues.toString().replace(" ", "");
  }
}
