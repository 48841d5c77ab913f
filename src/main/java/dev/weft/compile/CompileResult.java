package dev.weft.compile;

import dev.weft.finding.Finding;
import java.util.List;

/**
 * The compiled fabric and what stopped parts of it from compiling (findings in report order).
 *
 * <p>The compiler itself emits only {@code asic-profile-invalid} (a profile file exists but is
 * broken). What it declines to compute is visible in the compiled devices and reported by rules:
 * {@code asic-profile-missing}, {@code headroom-uncomputable}, and the intent rules for missing
 * speed or cable length.
 */
public record CompileResult(CompiledFabric fabric, List<Finding> findings) {
  public CompileResult {
    findings = List.copyOf(findings);
  }
}
