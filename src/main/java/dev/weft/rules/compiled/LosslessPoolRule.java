package dev.weft.rules.compiled;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import java.util.List;

/**
 * A per-switch rule that judges the switch's lossless buffer against its ASIC's shared ingress
 * lossless pool: without that fact from the ASIC profile there is nothing to judge, and the rule
 * stays silent.
 */
abstract class LosslessPoolRule implements PerSwitchRule {

  @Override
  public final void check(CompiledSwitch s, List<Finding> findings) {
    CompiledSwitch.AsicBuffer buffer = s.buffer();
    if (buffer != null && buffer.ingressLosslessPoolBytes() != null) {
      check(s, buffer, buffer.ingressLosslessPoolBytes(), findings);
    }
  }

  /**
   * Adds this rule's findings for one switch whose ASIC's lossless pool ({@code pool} bytes) is
   * known.
   */
  abstract void check(
      CompiledSwitch s, CompiledSwitch.AsicBuffer buffer, long pool, List<Finding> findings);
}
