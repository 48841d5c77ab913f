package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.NicModel;
import java.util.List;

/**
 * A rule on the entries of {@code fabric.nic-models} that NICs of the inventory use: one finding
 * per model entry (naming how many NICs it covers), never one per NIC.
 */
abstract class NicModelRule extends RoceRule {

  @Override
  final void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    for (NicModels.Used u : NicModels.used(model)) {
      Finding f = check(u);
      if (f != null) {
        findings.add(f);
      }
    }
  }

  /** The finding for one used model entry, or null when the entry is fine. */
  abstract Finding check(NicModels.Used used);

  /**
   * This rule's warning on one used model's entry, at its {@code key} (or the entry, when the key
   * is not written): "NIC model NAME (N NICs) " followed by {@code what}.
   */
  final Finding warning(NicModels.Used u, String key, String what) {
    NicModel m = u.model();
    return Finding.of(
            id(),
            Severity.WARNING,
            "NIC model "
                + m.name()
                + " ("
                + u.nics()
                + " NIC"
                + (u.nics() == 1 ? "" : "s")
                + ") "
                + what)
        .at(Roce.at(m.at(), key))
        .withPath("/fabric/nic-models/" + m.name() + "/" + key);
  }
}
