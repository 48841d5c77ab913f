package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.model.FabricModel;
import java.util.List;

/**
 * The intent stage's answer.
 *
 * @param loaded   the files as read, parsed and merged
 * @param model    the fabric model, or null when a YAML or schema error made the intent unusable
 * @param findings every {@code yaml-syntax} and {@code schema} finding, sorted in report order
 */
public record IntentResult(LoadedIntent loaded, FabricModel model, List<Finding> findings) {
    public IntentResult {
        findings = List.copyOf(findings);
    }

    public boolean ok() {
        return model != null;
    }
}
