package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Subnet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ib-routing-deadlock}: OpenSM falls back along the engine list and finally to minhop,
 * silently. MinHop and SSSP give no credit-loop guarantee, so as the last resort on a switch graph
 * with a loop they can deadlock the fabric. An engine name OpenSM does not know also lands on
 * minhop, ftree with LMC > 0 is skipped (opensm(8): "LMC > 0 is not supported by fat-tree
 * routing"), and a root switch that does not exist leaves ftree/updn without a usable root GUID
 * file. Adaptive routing is switched on by the AR engines (NVIDIA SM), so an AR engine must be
 * listed exactly when the intent enables adaptive routing.
 */
public final class IbRoutingDeadlock implements Rule {

  /** Engines of upstream OpenSM 3.3 ({@code doc/current-routing.txt}) and NVIDIA's AR engines. */
  static final Set<String> KNOWN_ENGINES =
      Set.of(
          "minhop",
          "updn",
          "dnup",
          "file",
          "ftree",
          "lash",
          "dor",
          "torus-2QoS",
          "nue",
          "dfsssp",
          "sssp",
          "no_fallback",
          "ar_updn",
          "ar_ftree",
          "ar_dor",
          "ar_torus");

  /** Engines without a deadlock guarantee on a topology with loops. */
  static final Set<String> UNSAFE = Set.of("minhop", "sssp");

  @Override
  public String id() {
    return "ib-routing-deadlock";
  }

  @Override
  public List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    Subnet subnet = model.subnet();
    if (subnet == null) {
      return List.of();
    }
    List<Finding> out = new ArrayList<>();
    for (String engine : subnet.routingEngines()) {
      if (!KNOWN_ENGINES.contains(engine)) {
        out.add(
            Finding.of(
                    id(),
                    Severity.ERROR,
                    "routing engine '"
                        + engine
                        + "' is not an OpenSM engine; OpenSM would skip it and route with minhop")
                .at(subnet.at().of("routing-engine"))
                .withPath("/subnet/routing-engine")
                .withValues(
                    "one of " + String.join(", ", KNOWN_ENGINES.stream().sorted().toList()),
                    engine));
      }
    }
    for (String root : subnet.rootSwitches()) {
      if (model.switchNamed(root).isEmpty()) {
        out.add(
            Finding.of(
                    id(),
                    Severity.ERROR,
                    "root switch '"
                        + root
                        + "' is not in switches; the root GUID file would be wrong and ftree/updn fall back to minhop")
                .at(subnet.at().of("root-switches"))
                .withPath("/subnet/root-switches"));
      } else if (model.switchNamed(root).get().nodeGuid() == null) {
        out.add(
            Finding.of(
                    id(),
                    Severity.ERROR,
                    "root switch '" + root + "' has no node-guid to write into the root GUID file")
                .at(model.switchNamed(root).get().at().self())
                .onDevice(root));
      }
    }
    if (subnet.lmc() > 0 && subnet.routingEngines().contains("ftree")) {
      out.add(
          Finding.of(
                  id(),
                  Severity.ERROR,
                  "ftree does not route with lmc "
                      + subnet.lmc()
                      + " (LMC > 0 is not supported by fat-tree routing); OpenSM would silently use the next engine."
                      + " Use updn, or lmc 0")
              .at(subnet.at().of("routing-engine"))
              .withPath("/subnet/routing-engine")
              .withValues("no ftree with lmc > 0", "ftree with lmc " + subnet.lmc()));
    }
    boolean arEngine = subnet.routingEngines().stream().anyMatch(e -> e.startsWith("ar_"));
    if (subnet.adaptiveRoutingEnabled() && !arEngine) {
      out.add(
          Finding.of(
                  id(),
                  Severity.ERROR,
                  "adaptive-routing is enabled but no AR routing engine (ar_updn,"
                      + " ar_ftree, ...) is listed; the SM would route without adaptive routing")
              .at(subnet.adaptiveRouting().at().of("enabled"))
              .withPath("/subnet/adaptive-routing/enabled")
              .withValues("an ar_* engine", String.valueOf(subnet.routingEngines())));
    } else if (!subnet.adaptiveRoutingEnabled() && arEngine) {
      out.add(
          Finding.of(
                  id(),
                  Severity.ERROR,
                  "routing-engine "
                      + subnet.routingEngines()
                      + " turns adaptive"
                      + " routing on, but adaptive-routing is not enabled in the intent")
              .at(subnet.at().of("routing-engine"))
              .withPath("/subnet/routing-engine")
              .withValues("no ar_* engine", String.valueOf(subnet.routingEngines())));
    }
    List<String> effective =
        subnet.routingEngines().stream().filter(e -> !e.equals("no_fallback")).toList();
    String last = effective.isEmpty() ? "minhop" : effective.get(effective.size() - 1);
    if (UNSAFE.contains(last)) {
      Optional<List<String>> loop = IbTopology.switchLoop(model);
      if (loop.isPresent()) {
        String chain =
            subnet.routingEngines().isEmpty()
                ? "no routing-engine (OpenSM's default is minhop)"
                : "routing-engine " + subnet.routingEngines() + " ends with " + last;
        out.add(
            Finding.of(
                    id(),
                    Severity.ERROR,
                    chain
                        + ", which gives no deadlock guarantee, and the switches form a loop ("
                        + String.join(" -> ", loop.get())
                        + "); use ftree or updn (with root-switches) last")
                .at(subnet.at().of("routing-engine"))
                .withPath("/subnet/routing-engine")
                .withValues(
                    "a deadlock-free engine (ftree, updn, dnup, lash, dfsssp, nue) last", last));
      }
    }
    return out;
  }
}
