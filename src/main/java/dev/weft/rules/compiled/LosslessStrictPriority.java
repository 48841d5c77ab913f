package dev.weft.rules.compiled;

import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * A lossless queue scheduled with strict priority. Strict priority has no upper bound: bulk RDMA in it takes
 * the whole link whenever it has data and starves every lower queue, and because the class is lossless it
 * never backs off by dropping. Strict priority is for small, latency-critical traffic (CNPs).
 */
public final class LosslessStrictPriority implements PerSwitchRule {

    static final String ID = "lossless-strict-priority";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void check(CompiledSwitch s, List<Finding> findings) {
        // A lossless CNP class is cnp-lossless's finding; strict is right for CNPs.
        Integer cnpQueue = s.cnpPriority() == null || s.cnpPriority() < 0 || s.cnpPriority() >= s.priorityToQueue().size()
                ? null : s.priorityToQueue().get(s.cnpPriority());
        for (CompiledQueue q : s.queues()) {
            if (q.lossless() && CompiledQueue.STRICT.equals(q.scheduler()) && !java.util.Objects.equals(q.queue(), cnpQueue)) {
                findings.add(Finding.of(ID, Severity.WARNING, s.name() + ": lossless queue " + q.queue()
                        + (q.trafficClass() == null ? "" : " (class " + q.trafficClass() + ")")
                        + " is scheduled strict; bulk lossless traffic in strict priority starves every lower queue")
                        .at(s.owner("queues." + q.queue())).onDevice(s.name())
                        .withValues("dwrr", CompiledQueue.STRICT));
            }
        }
    }
}
