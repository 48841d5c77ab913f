package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Endpoint;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.model.Switch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The leaves of one rail do not reach the same spines. Cross-unit traffic of a rail then has fewer
 * paths from some leaves than from others, and ECMP cannot spread it evenly. Judged on leaves that
 * declare a rail.
 */
public final class RailSpinesDiffer extends RoceRule {

  static final String ID = "rail-spines-differ";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    Map<String, TreeSet<String>> spinesOf = new TreeMap<>();
    Map<String, Link> firstUplink = new TreeMap<>();
    for (Link l : model.links()) {
      uplink(model, l, l.a(), l.b(), spinesOf, firstUplink);
      uplink(model, l, l.b(), l.a(), spinesOf, firstUplink);
    }
    // Each rail's reference is its lowest-named leaf; every other leaf of the rail is held to it.
    Map<Integer, String> reference = new TreeMap<>();
    for (String leaf : spinesOf.keySet()) {
      Switch s = model.switchNamed(leaf).orElseThrow();
      String ref = reference.putIfAbsent(s.rail(), leaf);
      if (ref == null || spinesOf.get(ref).equals(spinesOf.get(leaf))) {
        continue;
      }
      List<String> missing = new ArrayList<>(spinesOf.get(ref));
      missing.removeAll(spinesOf.get(leaf));
      List<String> extra = new ArrayList<>(spinesOf.get(leaf));
      extra.removeAll(spinesOf.get(ref));
      Link l = firstUplink.get(leaf);
      findings.add(
          Finding.of(
                  ID,
                  Severity.WARNING,
                  "leaf "
                      + leaf
                      + " (rail "
                      + s.rail()
                      + ", uplink "
                      + l.a()
                      + " - "
                      + l.b()
                      + " at "
                      + Roce.where(Roce.at(l.at(), "a"))
                      + ") reaches spines "
                      + spinesOf.get(leaf)
                      + ", "
                      + ref
                      + " (rail "
                      + s.rail()
                      + ") reaches "
                      + spinesOf.get(ref)
                      + (missing.isEmpty() ? "" : "; missing " + missing)
                      + (extra.isEmpty() ? "" : "; extra " + extra)
                      + ": a rail's leaves reach the same spines")
              .at(Roce.at(l.at(), "a"))
              .onDevice(leaf)
              .withValues(
                  String.join(", ", spinesOf.get(ref)), String.join(", ", spinesOf.get(leaf))));
    }
  }

  /**
   * Records {@code far} as a spine of {@code near} when near is a leaf with a rail and far a spine.
   */
  private static void uplink(
      FabricModel model,
      Link l,
      Endpoint near,
      Endpoint far,
      Map<String, TreeSet<String>> spinesOf,
      Map<String, Link> firstUplink) {
    Switch leaf = model.switchNamed(near.device()).orElse(null);
    Switch spine = model.switchNamed(far.device()).orElse(null);
    if (leaf == null
        || spine == null
        || leaf.rail() == null
        || !"leaf".equals(leaf.role())
        || !"spine".equals(spine.role())) {
      return;
    }
    spinesOf.computeIfAbsent(leaf.name(), k -> new TreeSet<>()).add(spine.name());
    firstUplink.putIfAbsent(leaf.name(), l);
  }
}
