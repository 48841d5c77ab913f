package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Switches and their ports by name, for rules that look across a link. Built once per rule run: the
 * compiled records only offer linear lookups, and a 32k-GPU fabric has 100,000+ ports.
 */
final class CompiledIndex {

  private final Map<String, CompiledSwitch> switches;
  private final Map<String, Map<String, CompiledPort>> ports = new HashMap<>();

  CompiledIndex(CompiledFabric compiled) {
    List<CompiledSwitch> list = compiled.switches();
    switches = new HashMap<>(Math.max(16, list.size() * 2));
    for (CompiledSwitch s : list) {
      switches.putIfAbsent(s.name(), s);
    }
  }

  /**
   * The PFC priorities every switch port of the fabric runs, or null when ports differ. Compiled
   * ports share the plan's list (an exception makes its own), so this is an identity check per port
   * in the common case.
   */
  static List<Integer> uniformPfc(CompiledFabric compiled) {
    List<Integer> first = null;
    for (dev.weft.compile.CompiledDevice d : compiled.devices()) {
      if (!(d instanceof CompiledSwitch s)) {
        continue;
      }
      for (CompiledPort p : s.ports()) {
        List<Integer> pfc = p.pfcPriorities();
        if (first == null) {
          first = pfc;
        } else if (pfc != first && !pfc.equals(first)) {
          return null;
        }
      }
    }
    return first == null ? List.of() : first;
  }

  CompiledSwitch switchNamed(String name) {
    return switches.get(name);
  }

  /**
   * The port {@code port} of switch {@code device}, or null (no such switch or port, or a null
   * name).
   */
  CompiledPort port(String device, String port) {
    CompiledSwitch s = device == null ? null : switches.get(device);
    if (s == null) {
      return null;
    }
    return ports
        .computeIfAbsent(
            device,
            d -> {
              Map<String, CompiledPort> byName = new HashMap<>(Math.max(16, s.ports().size() * 2));
              for (CompiledPort p : s.ports()) {
                byName.putIfAbsent(p.name(), p);
              }
              return byName;
            })
        .get(port);
  }
}
