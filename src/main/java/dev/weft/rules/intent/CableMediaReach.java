package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.units.Speed;
import java.util.List;

/**
 * A link's declared cable length is longer than its declared media class can reach. Either the
 * length is wrong, and the PFC headroom computed from it is too (the length is a first-order term
 * at 400G), or the media is, and the link will not come up. Reaches are IEEE 802.3's for each class
 * (twinax by lane rate, which the port speed bounds: 5 m up to 100G, 3 m at 200G and 400G, 2 m from
 * 800G).
 */
public final class CableMediaReach extends RoceRule {

  static final String ID = "cable-media-reach";

  @Override
  public String id() {
    return ID;
  }

  /**
   * The longest cable a media class reaches, in metres. Sources: IEEE 802.3 clauses 92 and 110 (25
   * Gb/s-lane twinax, 5 m), 136 (50 Gb/s-lane twinax, 3 m), 802.3ck clause 162 (100 Gb/s-lane
   * twinax, 2 m); multimode SR PMDs 100 m on OM4 (clauses 95, 138), which active optical cables are
   * built on; 400GBASE-DR4 500 m (clause 124); 400GBASE-FR8 2 km and LR8 10 km (clause 122).
   */
  static long reachMetres(String media, Speed speed) {
    return switch (media) {
      case "dac" -> speed == null || speed.gbps() <= 100 ? 5 : speed.gbps() <= 400 ? 3 : 2;
      case "aoc", "sr" -> 100;
      case "dr" -> 500;
      case "fr" -> 2_000;
      case "lr" -> 10_000;
      default -> Long.MAX_VALUE;
    };
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    List<Link> links = model.links();
    for (int i = 0; i < links.size(); i++) {
      Link l = links.get(i);
      if (l.media() == null || l.cableLength() == null) {
        continue;
      }
      Speed speed = speed(model, l);
      long reach = reachMetres(l.media(), speed);
      long metres = l.cableLength().metres();
      if (metres <= reach) {
        continue;
      }
      findings.add(
          Finding.of(
                  ID,
                  Severity.WARNING,
                  "link "
                      + l.a()
                      + " - "
                      + l.b()
                      + " is declared "
                      + metres
                      + " m of "
                      + l.media()
                      + (speed == null ? "" : " at " + speed)
                      + ", which reaches "
                      + reach
                      + " m; the length (and the PFC headroom computed from it) or the media is wrong")
              .at(Roce.at(l.at(), "cable-length"))
              .onDevice(l.a().device())
              .onPort(l.a().port())
              .withPath("/links/" + i + "/cable-length")
              .withValues("<= " + reach + " m", metres + " m"));
    }
  }

  private static Speed speed(FabricModel model, Link l) {
    for (var end : List.of(l.a(), l.b())) {
      EffectivePort ep = model.effectivePortAt(end.device(), end.port()).orElse(null);
      if (ep != null && ep.speed() != null) {
        return ep.speed().value();
      }
    }
    return null;
  }
}
