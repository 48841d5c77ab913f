package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Switch;
import java.util.List;
import java.util.Locale;

/**
 * A switch's downlink capacity exceeds its tier's declared oversubscription target times its uplink
 * capacity, from the declared port speeds of its linked ports: a leaf's host ports are its
 * downlinks and its spine ports its uplinks; a spine's leaf ports its downlinks and its super-spine
 * ports its uplinks.
 */
public final class OversubscriptionTarget extends RoceRule {

  static final String ID = "oversubscription";

  private static final List<String> TIERS = List.of("leaf", "spine", "super-spine");

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    if (fabric.oversubscription() == null) {
      return;
    }
    for (Switch s : model.switches()) {
      Double target = fabric.oversubscription().of(s.role());
      if (target == null) {
        continue;
      }
      long down = 0;
      long up = 0;
      int tier = TIERS.indexOf(s.role());
      for (EffectivePort ep : model.effectivePortsOf(s.name())) {
        if (ep.peer() == null || ep.speed() == null) {
          continue;
        }
        int peerTier =
            model.switchNamed(ep.peer().device()).map(p -> TIERS.indexOf(p.role())).orElse(-1);
        if (peerTier > tier) {
          up += ep.speed().value().gbps();
        } else if (peerTier < tier) {
          down += ep.speed().value().gbps();
        }
      }
      if (up == 0 || down <= target * up) {
        // no uplink: the top of the fabric, with nothing above it to oversubscribe
        continue;
      }
      String ratio = String.format(Locale.ROOT, "%.2f:1", (double) down / up);
      findings.add(
          Finding.of(
                  ID,
                  Severity.WARNING,
                  s.role()
                      + " "
                      + s.name()
                      + " at "
                      + Roce.where(s.at() == null ? null : s.at().self())
                      + " has "
                      + down
                      + "G of downlinks and "
                      + up
                      + "G of uplinks ("
                      + ratio
                      + "), over the "
                      + s.role()
                      + " target "
                      + format(target)
                      + ":1 at "
                      + Roce.where(Roce.at(fabric.oversubscription().at(), s.role())))
              .at(s.at() == null ? null : s.at().self())
              .onDevice(s.name())
              .withValues("at most " + format(target) + ":1", ratio));
    }
  }

  private static String format(double target) {
    return target == Math.rint(target) ? Long.toString((long) target) : Double.toString(target);
  }
}
