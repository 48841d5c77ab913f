package dev.weft.rules.compiled;

import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;
import java.util.Objects;

/**
 * A lossless queue scheduled with strict priority. Strict priority has no upper bound: bulk RDMA in
 * it takes the whole link whenever it has data and starves every lower queue, and because the class
 * is lossless it never backs off by dropping. Strict priority is for small, latency-critical
 * traffic (CNPs).
 */
public final class LosslessStrictPriority implements PerSwitchRule {

  static final String ID = "lossless-strict-priority";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    for (CompiledQueue q : s.queues()) {
      if (q.lossless()
          && CompiledQueue.STRICT.equals(q.scheduler())
          && carriesLosslessData(s, q.queue())) {
        findings.add(
            Finding.of(
                    ID,
                    Severity.WARNING,
                    s.name()
                        + ": lossless queue "
                        + q.queue()
                        + (q.trafficClass() == null ? "" : " (class " + q.trafficClass() + ")")
                        + " is scheduled strict; bulk lossless traffic in strict priority starves every lower queue")
                .at(s.owner("queues." + q.queue()))
                .onDevice(s.name())
                .withValues("dwrr", CompiledQueue.STRICT));
      }
    }
  }

  /**
   * True when a lossless priority other than the CNP priority lands in the queue. Strict is right
   * for the CNP queue, and PFC on the CNP priority itself is cnp-lossless's finding; but a CNP
   * queue that also takes a lossless data priority (a remapped priority-to-queue table, live or in
   * intent) puts bulk RDMA in strict.
   */
  private static boolean carriesLosslessData(CompiledSwitch s, int queue) {
    List<Integer> toQueue = s.priorityToQueue();
    boolean anyLossless = false;
    for (int p : s.losslessPriorities()) {
      if (p >= 0 && p < toQueue.size() && toQueue.get(p) == queue) {
        if (!Objects.equals(p, s.cnpPriority())) {
          return true;
        }
        anyLossless = true;
      }
    }
    // A queue marked lossless that no listed PFC priority reaches (a reader that knows only the
    // queue's
    // flag) is judged by the flag, unless it is the CNP queue.
    Integer cnp = s.cnpPriority();
    return !anyLossless
        && (cnp == null || cnp < 0 || cnp >= toQueue.size() || toQueue.get(cnp) != queue);
  }
}
