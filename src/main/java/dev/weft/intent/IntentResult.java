package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.model.FabricModel;
import java.util.List;

/**
 * The intent stage's answer.
 *
 * @param loaded the files as read, parsed and merged
 * @param model the fabric model, or null when the input has a YAML or schema error: nothing is
 *     rendered or audited from broken intent
 * @param partialModel the model of the sound part (every file that parses and passes the schema),
 *     for the rules of a one-pass validate; equal to {@code model} when the input is clean, null
 *     when no sound model exists (no fabric, or the file that defines it is broken)
 * @param findings every {@code yaml-syntax} and {@code schema} finding, sorted in report order,
 *     without the ones that follow from a skipped file
 * @param consequences what is broken, so later stages leave out what follows from it
 */
public record IntentResult(
    LoadedIntent loaded,
    FabricModel model,
    FabricModel partialModel,
    List<Finding> findings,
    Consequences consequences) {
  public IntentResult {
    findings = List.copyOf(findings);
  }

  public boolean ok() {
    return model != null;
  }
}
