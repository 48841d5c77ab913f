package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.Endpoint;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A port takes one cable: a second link on the same {@code device:port} is a wiring-plan mistake.
 */
public final class PortMultipleLinks implements Rule {

  static final String ID = "port-multiple-links";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    if (model == null) {
      return List.of();
    }
    // device → port → first end: no "device:port" string per end
    Map<String, Map<String, Endpoint>> seen = new HashMap<>();
    List<Finding> findings = new ArrayList<>();
    List<Link> links = model.links();
    for (int i = 0; i < links.size(); i++) {
      Link link = links.get(i);
      for (Endpoint end : List.of(link.a(), link.b())) {
        Endpoint first =
            seen.computeIfAbsent(end.device(), d -> new HashMap<>()).putIfAbsent(end.port(), end);
        if (first == null) {
          continue;
        }
        Location where = end.at() != null ? end.at() : link.at() == null ? null : link.at().self();
        findings.add(
            Finding.of(
                    ID,
                    Severity.ERROR,
                    end
                        + " is used by more than one link end (first at "
                        + Roce.where(first.at())
                        + "); a port takes one cable")
                .at(where)
                .onDevice(end.device())
                .onPort(end.port())
                .withPath("/links/" + i + "/" + (end == link.a() ? "a" : "b")));
      }
    }
    return findings;
  }
}
