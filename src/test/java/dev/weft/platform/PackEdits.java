package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.List;

/**
 * Test helper: a pack's remediation edits for one switch of an example inventory, cut from what the
 * pack's templates render for it, as {@code weft remediate} cuts them.
 *
 * @param remediation the pack's remediation
 * @param fabric the compiled example inventory
 * @param device the switch
 */
public record PackEdits(Remediation remediation, CompiledFabric fabric, String device) {

  /** {@code pack}'s edits for {@code device} of {@code inventories/<inventory>}. */
  public static PackEdits of(PlatformPack pack, String inventory, String device) {
    return new PackEdits(
        pack.live().flatMap(LiveProfile::remediation).orElseThrow(),
        Examples.compile(inventory),
        device);
  }

  public CompiledSwitch sw() {
    return (CompiledSwitch) fabric.device(device).orElseThrow();
  }

  /** The edit for {@code parts} of the switch as the intent has it. */
  public Remediation.Edit edit(DriftedPart... parts) throws ReadException {
    return edit(sw(), parts);
  }

  /** The edit for {@code parts} of {@code sw} (the switch with a changed intent). */
  public Remediation.Edit edit(CompiledSwitch sw, DriftedPart... parts) throws ReadException {
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.builtIn()).renderDevice(sw, fabric.fabric());
    assertTrue(out.findings().isEmpty(), out.findings().toString());
    return remediation.edit(sw, out.text(remediation.renderedFile()), List.of(parts));
  }

  /** Each subtree of {@code edit} as {@code <operation> <path>}, in the edit's order. */
  public static List<String> steps(Remediation.Edit edit) {
    return edit.steps().stream().map(s -> s.operation().word() + " " + s.path()).toList();
  }
}
