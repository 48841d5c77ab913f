package dev.weft.cabling;

import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Nic;
import dev.weft.model.Switch;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The rail of each host NIC and leaf: the declared {@code rail} when the intent gives one;
 * otherwise, as the declared links give them, NIC n of a node is rail n (its position among the
 * host's NICs), and a leaf serves the rail of the NICs cabled to it (when they all share one).
 */
public final class Rails {

  private final Map<End, Integer> nics = new TreeMap<>();
  private final Map<String, Integer> leaves = new TreeMap<>();

  private Rails() {}

  public static Rails of(FabricModel model) {
    Rails r = new Rails();
    for (Host h : model.hosts()) {
      for (int i = 0; i < h.nics().size(); i++) {
        Nic nic = h.nics().get(i);
        r.nics.put(new End(h.name(), nic.name()), nic.rail() != null ? nic.rail() : i);
      }
    }
    Map<String, TreeSet<Integer>> served = new TreeMap<>();
    for (Link l : model.links()) {
      Integer a = r.nics.get(End.of(l.a()));
      Integer b = r.nics.get(End.of(l.b()));
      if (a != null && b == null) {
        served.computeIfAbsent(l.b().device(), k -> new TreeSet<>()).add(a);
      } else if (b != null && a == null) {
        served.computeIfAbsent(l.a().device(), k -> new TreeSet<>()).add(b);
      }
    }
    for (Switch s : model.switches()) {
      if (s.rail() != null) {
        r.leaves.put(s.name(), s.rail());
        served.remove(s.name());
      }
    }
    served.forEach(
        (leaf, rails) -> {
          if (rails.size() == 1) {
            r.leaves.put(leaf, rails.first());
          }
        });
    return r;
  }

  /** The rail of an end: a host NIC's own, a leaf port's leaf's; null when it has none. */
  public Integer of(End end) {
    Integer nic = nics.get(end);
    return nic != null ? nic : leaves.get(end.device());
  }

  /** The rail a leaf serves, or null. */
  public Integer leaf(String device) {
    return leaves.get(device);
  }

  /** {@code device:port (rail n)}, or the end alone when it has no rail. */
  public String name(End end) {
    Integer rail = of(end);
    return rail == null ? end.toString() : end + " (rail " + rail + ")";
  }
}
