package dev.weft.compile;

import dev.weft.finding.Finding;
import java.util.List;

/**
 * The compiled fabric and what stopped parts of it from compiling (findings in report order).
 *
 * <p>Rule ids the compiler itself emits: {@code headroom-uncomputable} (a lossless port whose headroom cannot
 * be computed because its speed has no sourced pause-quanta value; missing speed or cable length is left to
 * the model and {@code cable-length-missing})
 * and {@code asic-profile-invalid} (a profile file exists but is broken). A missing profile is left to the
 * {@code asic-profile-missing} rule, which sees it in the compiled switch.
 */
public record CompileResult(CompiledFabric fabric, List<Finding> findings) {
    public CompileResult {
        findings = List.copyOf(findings);
    }
}
