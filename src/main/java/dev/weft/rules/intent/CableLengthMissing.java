package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * PFC headroom grows with cable length (a first-order term at 400G). A lossless link without a
 * declared length gets a vendor default (NVUE assumes 100 m) that may be too small (drops) or too
 * large (buffer waste).
 */
public final class CableLengthMissing implements Rule {

  static final String ID = "cable-length-missing";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    Fabric fabric = Roce.fabric(model);
    if (fabric == null || fabric.losslessClasses().isEmpty()) {
      return List.of();
    }
    List<Finding> findings = new ArrayList<>();
    List<Link> links = model.links();
    for (int i = 0; i < links.size(); i++) {
      Link link = links.get(i);
      if (link.cableLength() != null || sizedByPort(model, link)) {
        continue;
      }
      findings.add(
          Finding.of(
                  ID,
                  Severity.WARNING,
                  "link "
                      + link.a()
                      + " - "
                      + link.b()
                      + " carries lossless traffic but has no cable-length; "
                      + "PFC headroom is sized from it")
              .at(link.at() == null ? null : link.at().self())
              .onDevice(link.a().device())
              .onPort(link.a().port())
              .withPath("/links/" + i + "/cable-length")
              .withValues("a cable length, e.g. 3m", "none"));
    }
    return findings;
  }

  /** A switch end whose port (or profile) declares its cable: its own length sizes the headroom. */
  private static boolean sizedByPort(FabricModel model, Link link) {
    for (var end : List.of(link.a(), link.b())) {
      var ep = model.effectivePortAt(end.device(), end.port());
      if (ep.isPresent() && (ep.get().cableLength() != null || ep.get().cableDefault() != null)) {
        return true;
      }
    }
    return false;
  }
}
