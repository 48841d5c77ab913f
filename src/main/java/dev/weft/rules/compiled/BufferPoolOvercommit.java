package dev.weft.rules.compiled;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;

/**
 * Shared-buffer pools that together claim more than the whole buffer. NVUE's {@code traffic-pool
 * memory-percent} values must total at most 100: a switch cannot give out more memory than it has,
 * and the platform either rejects the configuration or shrinks pools in a way the plan did not
 * choose (the lossless pool among them).
 */
public final class BufferPoolOvercommit implements PerSwitchRule {

  static final String ID = "buffer-pool-overcommit";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void check(CompiledSwitch s, List<Finding> findings) {
    int total = s.bufferPools().values().stream().mapToInt(Integer::intValue).sum();
    if (total <= 100) {
      return;
    }
    findings.add(
        Finding.of(
                ID,
                Severity.ERROR,
                s.name()
                    + ": buffer pools "
                    + s.bufferPools()
                    + " claim "
                    + total
                    + "% of the switch buffer; they must total at most 100%")
            .at(s.owner("buffer_pools"))
            .onDevice(s.name())
            .withValues("<= 100%", total + "%"));
  }
}
