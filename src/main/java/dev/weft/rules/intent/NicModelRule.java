package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import java.util.List;

/**
 * A rule on the entries of {@code fabric.nic-models} that NICs of the inventory use: one finding per model
 * entry (naming how many NICs it covers), never one per NIC.
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
}
