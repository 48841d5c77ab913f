package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Nic;
import dev.weft.model.NicModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The NIC models of {@code fabric.nic-models} that NICs of the inventory use, with how many use each. */
final class NicModels {

    private NicModels() {}

    record Used(NicModel model, int nics) {}

    static List<Used> used(FabricModel model) {
        Fabric fabric = Roce.fabric(model);
        if (fabric == null || fabric.nicModels().isEmpty()) {
            return List.of();
        }
        Map<String, int[]> counts = new LinkedHashMap<>();
        for (Host h : model.hosts()) {
            for (Nic n : h.nics()) {
                if (n.model() != null && fabric.nicModels().containsKey(n.model())) {
                    counts.computeIfAbsent(n.model(), k -> new int[1])[0]++;
                }
            }
        }
        List<Used> out = new ArrayList<>();
        fabric.nicModels().forEach((name, m) -> {
            if (counts.containsKey(name)) {
                out.add(new Used(m, counts.get(name)[0]));
            }
        });
        return out;
    }

    /**
     * A warning on one used model's entry, at its {@code key} (or the entry, when the key is not written):
     * "NIC model NAME (N NICs) " followed by {@code what}.
     */
    static Finding warning(String rule, Used u, String key, String what) {
        NicModel m = u.model();
        return Finding.of(rule, Severity.WARNING, "NIC model " + m.name() + " (" + u.nics() + " NIC"
                + (u.nics() == 1 ? "" : "s") + ") " + what)
                .at(Roce.at(m.at(), key)).withPath("/fabric/nic-models/" + m.name() + "/" + key);
    }
}
