package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Endpoint;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.model.Switch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The leaves of one rail do not reach the same spines. Cross-unit traffic of a rail then has fewer
 * paths from some leaves than from others, and ECMP cannot spread it evenly. Judged on leaves that
 * declare a rail: across the whole rail in a two-tier fabric, and within a pod (the rail's leaves
 * that share a spine) in a fabric with super-spines, where pods reach each other a tier higher.
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
    boolean threeTier = model.switches().stream().anyMatch(s -> "super-spine".equals(s.role()));
    Map<String, TreeSet<String>> leavesOf = threeTier ? leavesBySpine(spinesOf) : Map.of();
    // With two tiers each rail's reference is its lowest-named leaf; every other leaf of the rail
    // is held to it. With three tiers a rail's leaves reach the same spines within their pod only.
    Map<Integer, String> reference = new TreeMap<>();
    // A pod's leaves share one spine set and so one reference: worked out once per set.
    Map<List<Object>, String> podReferences = new HashMap<>();
    for (String leaf : spinesOf.keySet()) {
      Switch s = model.switchNamed(leaf).orElseThrow();
      String ref =
          threeTier
              ? podReferences.computeIfAbsent(
                  List.of(s.rail(), spinesOf.get(leaf)),
                  k -> podReference(model, leaf, spinesOf, leavesOf))
              : reference.putIfAbsent(s.rail(), leaf);
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

  private static Map<String, TreeSet<String>> leavesBySpine(Map<String, TreeSet<String>> spinesOf) {
    Map<String, TreeSet<String>> leavesOf = new TreeMap<>();
    spinesOf.forEach(
        (leaf, spines) ->
            spines.forEach(sp -> leavesOf.computeIfAbsent(sp, k -> new TreeSet<>()).add(leaf)));
    return leavesOf;
  }

  /**
   * In a three-tier fabric, the leaf whose spines {@code leaf} is held to: among the other leaves
   * of its rail that share a spine with it (its pod), the spine set sharing the most spines with
   * its own, then the one most of them have, then the lowest-named leaf's. A leaf with one uplink
   * cabled into another pod is thereby held to its own pod, and that pod's leaves to each other,
   * not to it.
   */
  private static String podReference(
      FabricModel model,
      String leaf,
      Map<String, TreeSet<String>> spinesOf,
      Map<String, TreeSet<String>> leavesOf) {
    Integer rail = model.switchNamed(leaf).orElseThrow().rail();
    TreeSet<String> own = spinesOf.get(leaf);
    Map<TreeSet<String>, String> firstHolder = new HashMap<>();
    Map<TreeSet<String>, Integer> holders = new HashMap<>();
    TreeSet<String> pod = new TreeSet<>();
    for (String spine : own) {
      pod.addAll(leavesOf.get(spine));
    }
    pod.remove(leaf);
    for (String other : pod) {
      if (!rail.equals(model.switchNamed(other).orElseThrow().rail())) {
        continue;
      }
      firstHolder.putIfAbsent(spinesOf.get(other), other);
      holders.merge(spinesOf.get(other), 1, Integer::sum);
    }
    String best = leaf;
    int bestShared = -1;
    int bestHolders = 0;
    for (Map.Entry<TreeSet<String>, String> e : firstHolder.entrySet()) {
      TreeSet<String> shared = new TreeSet<>(e.getKey());
      shared.retainAll(own);
      int count = holders.get(e.getKey());
      boolean better =
          shared.size() > bestShared
              || (shared.size() == bestShared
                  && (count > bestHolders
                      || (count == bestHolders && e.getValue().compareTo(best) < 0)));
      if (better) {
        best = e.getValue();
        bestShared = shared.size();
        bestHolders = count;
      }
    }
    return best;
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
