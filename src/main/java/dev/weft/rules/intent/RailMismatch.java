package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Endpoint;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Nic;
import dev.weft.model.Switch;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A NIC lands off its rail: on a leaf that declares another rail, on a leaf that already serves
 * NICs of another rail, or on a leaf of another scalable unit than the node's other NICs. In a
 * rail-optimised design that turns one-hop same-rail traffic into three hops through the spines,
 * and NCCL's rings follow. Judged on declared rails only: an inventory that declares none has
 * nothing to judge.
 */
public final class RailMismatch extends RoceRule {

  static final String ID = "rail-mismatch";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    Map<String, Landing> railOfLeaf = new HashMap<>();
    Map<String, Landing> unitOfHost = new HashMap<>();
    for (Link l : model.links()) {
      Landing nic = landing(model, l, l.a(), l.b());
      if (nic == null) {
        nic = landing(model, l, l.b(), l.a());
      }
      if (nic == null || nic.rail() == null) {
        continue;
      }
      Switch leaf = nic.leaf();
      if (leaf.rail() != null) {
        if (!leaf.rail().equals(nic.rail())) {
          findings.add(
              finding(
                  l,
                  nic,
                  "a rail-"
                      + leaf.rail()
                      + " leaf (declared at "
                      + Roce.where(Roce.at(leaf.at(), "rail"))
                      + ")",
                  nic.rail(),
                  leaf.rail()));
        }
      } else {
        Landing first = railOfLeaf.putIfAbsent(leaf.name(), nic);
        if (first != null && !first.rail().equals(nic.rail())) {
          findings.add(
              finding(
                  l,
                  nic,
                  "a leaf that already serves rail "
                      + first.rail()
                      + " ("
                      + first.nicEnd()
                      + ", "
                      + Roce.where(Roce.at(first.link().at(), "a"))
                      + ")",
                  nic.rail(),
                  first.rail()));
        }
      }
      if (leaf.scalableUnit() != null) {
        Landing unit = unitOfHost.putIfAbsent(nic.nicEnd().device(), nic);
        if (unit != null && !unit.leaf().scalableUnit().equals(leaf.scalableUnit())) {
          findings.add(
              Finding.of(
                      ID,
                      Severity.ERROR,
                      "link "
                          + l.a()
                          + " - "
                          + l.b()
                          + " at "
                          + Roce.where(Roce.at(l.at(), "a"))
                          + " lands "
                          + nic.nicEnd()
                          + " (rail "
                          + nic.rail()
                          + ") on "
                          + leaf.name()
                          + " of scalable unit "
                          + leaf.scalableUnit()
                          + ", but "
                          + unit.nicEnd()
                          + " (rail "
                          + unit.rail()
                          + ") lands on "
                          + unit.leaf().name()
                          + " of scalable unit "
                          + unit.leaf().scalableUnit()
                          + " ("
                          + Roce.where(Roce.at(unit.link().at(), "a"))
                          + "): a node's NICs belong to one unit")
                  .at(Roce.at(l.at(), "a"))
                  .onDevice(nic.nicEnd().device())
                  .onPort(nic.nicEnd().port())
                  .withValues(
                      "scalable unit " + unit.leaf().scalableUnit(),
                      "scalable unit " + leaf.scalableUnit()));
        }
      }
    }
  }

  private static Finding finding(Link l, Landing nic, String what, int nicRail, int otherRail) {
    return Finding.of(
            ID,
            Severity.ERROR,
            "link "
                + l.a()
                + " - "
                + l.b()
                + " at "
                + Roce.where(Roce.at(l.at(), "a"))
                + " lands "
                + nic.nicEnd()
                + " (rail "
                + nicRail
                + ", "
                + Roce.where(Roce.at(nic.nic().at(), "rail"))
                + ") on "
                + nic.leafEnd()
                + ", "
                + what
                + ": NIC n of a node lands on its unit's rail-n leaf")
        .at(Roce.at(l.at(), "a"))
        .onDevice(nic.nicEnd().device())
        .onPort(nic.nicEnd().port())
        .withValues("rail " + nicRail, "rail " + otherRail);
  }

  /** A host NIC cabled to a leaf by one link. */
  private record Landing(Link link, Endpoint nicEnd, Nic nic, Endpoint leafEnd, Switch leaf) {
    Integer rail() {
      return nic.rail();
    }
  }

  /**
   * The link as a NIC at {@code nicEnd} landing on a leaf at {@code leafEnd}, or null when it is
   * not.
   */
  private static Landing landing(FabricModel model, Link l, Endpoint nicEnd, Endpoint leafEnd) {
    Host host = model.hostNamed(nicEnd.device()).orElse(null);
    Switch leaf = model.switchNamed(leafEnd.device()).orElse(null);
    if (host == null || leaf == null) {
      return null;
    }
    for (Nic n : host.nics()) {
      if (n.name().equals(nicEnd.port())) {
        return new Landing(l, nicEnd, n, leafEnd, leaf);
      }
    }
    return null;
  }
}
