package dev.weft.rules.compiled;

import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * A lossless queue with a token DWRR share (below {@value #MIN_SHARE_PERCENT} percent of the DWRR
 * total). A lossless queue that is served too rarely does not drop: it fills and sends PAUSE, so
 * its starvation spreads upstream as head-of-line blocking. SONiC's scheduler weight defaults to 1,
 * which is exactly such a token share when a weight is forgotten; SONiC's own published AI profile
 * gives its smallest lossless queue 5.
 */
public final class LosslessTokenWeight implements PerSwitchRule {

  static final String ID = "lossless-token-weight";
  static final int MIN_SHARE_PERCENT = 5;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    long total = 0;
    for (CompiledQueue q : s.queues()) {
      if (CompiledQueue.DWRR.equals(q.scheduler()) && q.weight() != null && q.weight() > 0) {
        total += q.weight();
      }
    }
    if (total == 0) {
      return;
    }
    for (CompiledQueue q : s.queues()) {
      if (!q.lossless()
          || !CompiledQueue.DWRR.equals(q.scheduler())
          || q.weight() == null
          || q.weight() <= 0) {
        continue; // zero weights are scheduler-weights' finding
      }
      if (q.weight() * 100L < MIN_SHARE_PERCENT * total) {
        String share = String.format(java.util.Locale.ROOT, "%.1f", q.weight() * 100.0 / total);
        findings.add(
            Finding.of(
                    ID,
                    Severity.WARNING,
                    s.name()
                        + ": lossless queue "
                        + q.queue()
                        + (q.trafficClass() == null ? "" : " (class " + q.trafficClass() + ")")
                        + " has DWRR weight "
                        + q.weight()
                        + " of "
                        + total
                        + " ("
                        + share
                        + "%); a lossless queue served this rarely fills"
                        + " and pauses its senders instead of dropping")
                .at(s.owner("queues." + q.queue()))
                .onDevice(s.name())
                .withValues(">= " + MIN_SHARE_PERCENT + "% of the DWRR weights", share + "%"));
      }
    }
  }
}
