package dev.weft.rules.intent;

import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Nic;
import dev.weft.model.NicModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The NIC models of {@code fabric.nic-models} that NICs of the inventory use, with how many use
 * each.
 */
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
    fabric
        .nicModels()
        .forEach(
            (name, m) -> {
              if (counts.containsKey(name)) {
                out.add(new Used(m, counts.get(name)[0]));
              }
            });
    return out;
  }
}
