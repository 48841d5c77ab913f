package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.model.FabricModel;
import java.util.List;

/**
 * What mapping the merged intent produced.
 *
 * @param model the model; built even when findings exist (best effort), so rules can still run on
 *     it
 * @param findings cross-file and unit problems the per-file schema cannot see (rule {@code schema})
 */
public record MapResult(FabricModel model, List<Finding> findings) {
  public MapResult {
    findings = List.copyOf(findings);
  }
}
