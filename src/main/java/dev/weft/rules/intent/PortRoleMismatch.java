package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.PortRole;
import java.util.List;

/**
 * A port whose declared role contradicts what its cable reaches: a host on a {@code fabric} port,
 * or a switch on a {@code host-facing} port. The role decides what the port gets (the watchdog's
 * mitigation is judged on host-facing ports, tiers are read from fabric links), so a host on a
 * fabric port breaks the leaf-spine structure the rest of the plan assumes, and a switch on a host
 * port is treated as an edge.
 */
public final class PortRoleMismatch extends RoceRule {

  static final String ID = "port-role-mismatch";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    for (EffectivePort ep : model.effectivePorts()) {
      if (ep.role() == null || ep.peer() == null) {
        continue;
      }
      PortRole role = ep.role().value();
      // one lookup per port: is the far end the other kind of device?
      boolean contradicts =
          role == PortRole.FABRIC
              ? model.hostNamed(ep.peer().device()).isPresent()
              : model.switchNamed(ep.peer().device()).isPresent();
      if (!contradicts) {
        continue;
      }
      boolean toHost = role == PortRole.FABRIC;
      PortRole want = toHost ? PortRole.HOST_FACING : PortRole.FABRIC;
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  ep.deviceName()
                      + ":"
                      + ep.portName()
                      + " is declared "
                      + role.word()
                      + " (by "
                      + ep.role().layer()
                      + ") but its link reaches "
                      + (toHost ? "host " : "switch ")
                      + ep.peer().device()
                      + "; the port's QoS and the fabric's tier structure follow the declared role")
              .at(ep.role().origin())
              .onDevice(ep.deviceName())
              .onPort(ep.portName())
              .withValues(want.word(), role.word()));
    }
  }
}
