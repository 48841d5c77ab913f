package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Nic;
import dev.weft.units.Speed;
import java.util.List;

/**
 * The two ends of a link are declared at different speeds: two switch ports, or a NIC and its
 * switch port. The link either does not come up or runs at the lower speed, and everything Weft
 * derives per port from the speed (PFC headroom, pause quanta, ECN thresholds by speed) is then
 * computed for the wrong link.
 */
public final class LinkSpeedMismatch extends RoceRule {

  static final String ID = "link-speed-mismatch";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    // From the switch side of every link: its effective speed is at hand, the far end is one
    // lookup.
    for (EffectivePort ep : model.effectivePorts()) {
      Link l = ep.link();
      if (l == null || ep.peer() == null || ep.speed() == null) {
        continue;
      }
      End b = end(model, ep.peer().device(), ep.peer().port());
      if (b == null || b.speed().gbps() == ep.speed().value().gbps()) {
        continue;
      }
      if (b.switchPort() && ep.deviceName().compareTo(ep.peer().device()) > 0) {
        continue; // a switch-to-switch link is reported from its lower-named end
      }
      Speed a = ep.speed().value();
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  "link "
                      + l.a()
                      + " - "
                      + l.b()
                      + " joins a "
                      + a
                      + " end (switch port "
                      + ep.deviceName()
                      + ":"
                      + ep.portName()
                      + ", set at "
                      + Roce.where(ep.speed().origin())
                      + ") and a "
                      + b.speed()
                      + " end ("
                      + b.what()
                      + " "
                      + ep.peer()
                      + ", set at "
                      + Roce.where(origin(model, ep, b))
                      + ")")
              .at(Roce.at(l.at(), "a"))
              .onDevice(l.a().device())
              .onPort(l.a().port())
              .withValues(a + " at both ends", a + " / " + b.speed()));
    }
  }

  private record End(Speed speed, String what, Location origin, boolean switchPort) {}

  /** Where the far end's speed was set (looked up only for a finding). */
  private static Location origin(FabricModel model, EffectivePort ep, End b) {
    if (b.origin() != null) {
      return b.origin();
    }
    for (Nic n : model.hostNamed(ep.peer().device()).map(h -> h.nics()).orElse(List.of())) {
      if (n.name().equals(ep.peer().port())) {
        return Roce.at(n.at(), "speed");
      }
    }
    return null;
  }

  private static End end(FabricModel model, String device, String port) {
    EffectivePort ep = model.effectivePortAt(device, port).orElse(null);
    if (ep != null) {
      return ep.speed() == null
          ? null
          : new End(ep.speed().value(), "switch port", ep.speed().origin(), true);
    }
    Host h = model.hostNamed(device).orElse(null);
    if (h == null) {
      return null;
    }
    for (Nic n : h.nics()) {
      if (n.name().equals(port)) {
        return n.speed() == null ? null : new End(n.speed(), "NIC", null, false);
      }
    }
    return null;
  }
}
