package dev.weft.rules.intent;

import dev.weft.model.EffectivePort;
import dev.weft.model.FabricModel;
import dev.weft.model.Switch;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON pointers to the value that set a port's effective MTU: the port's own {@code mtu}, its
 * profile's, or the fabric's {@code mtu.switch}. Built per rule run; the switch index is made on
 * first use, once.
 */
final class MtuPaths {

  private final FabricModel model;
  private Map<Switch, Integer> switchIndex;

  MtuPaths(FabricModel model) {
    this.model = model;
  }

  String of(EffectivePort ep) {
    String layer = ep.mtu().layer();
    if (layer.startsWith("profile:")) {
      return "/profiles/" + layer.substring("profile:".length()) + "/mtu";
    }
    if (!layer.equals("port")) {
      return "/fabric/mtu/switch";
    }
    if (switchIndex == null) {
      switchIndex = new IdentityHashMap<>(); // identity: duplicates by name keep their own index
      List<Switch> switches = model.switches();
      for (int i = 0; i < switches.size(); i++) {
        switchIndex.putIfAbsent(switches.get(i), i);
      }
    }
    Integer i = switchIndex.get(ep.device());
    return i == null
        ? null
        : "/switches/" + i + "/ports/" + ep.device().ports().indexOf(ep.port()) + "/mtu";
  }
}
