package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * Both ends of a switch-to-switch link must use the same MTU: the smaller end drops (or, with PMTUD
 * blocked, black-holes) the larger end's frames.
 *
 * <p>The finding points at the port-level override when exactly one end has one (the odd one out),
 * else at the link.
 */
public final class MtuLinkMismatch implements Rule {

  static final String ID = "mtu-link-mismatch";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    if (Roce.fabric(model) == null) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    MtuPaths paths = new MtuPaths(model);
    List<Link> links = model.links();
    for (int i = 0; i < links.size(); i++) {
      Link link = links.get(i);
      EffectivePort a = model.effectivePortAt(link.a().device(), link.a().port()).orElse(null);
      EffectivePort b = model.effectivePortAt(link.b().device(), link.b().port()).orElse(null);
      if (a == null
          || b == null
          || a.mtu() == null
          || b.mtu() == null
          || a.mtu().value().equals(b.mtu().value())) {
        continue;
      }
      boolean aOverride = "port".equals(a.mtu().layer());
      boolean bOverride = "port".equals(b.mtu().layer());
      EffectivePort odd = aOverride && !bOverride ? a : bOverride && !aOverride ? b : null;
      EffectivePort here = odd == null ? a : odd;
      EffectivePort there = here == a ? b : a;
      Location where =
          odd != null ? odd.mtu().origin() : link.at() == null ? null : link.at().self();
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  "link "
                      + link.a()
                      + " - "
                      + link.b()
                      + " has different MTUs: "
                      + describe(here)
                      + ", "
                      + describe(there)
                      + "; both ends of a link must match")
              .at(where)
              .onDevice(here.deviceName())
              .onPort(here.portName())
              .withPath(odd != null ? paths.of(odd) : "/links/" + i)
              .withValues(there.mtu().value().toString(), here.mtu().value().toString()));
    }
    return findings;
  }

  private static String describe(EffectivePort ep) {
    return ep.deviceName()
        + ":"
        + ep.portName()
        + " "
        + ep.mtu().value()
        + " ("
        + ep.mtu().layer()
        + ", "
        + Roce.where(ep.mtu().origin())
        + ")";
  }
}
