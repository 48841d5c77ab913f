package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A switch port facing a host must accept the NIC's largest packet: a switch L3 MTU below the NIC
 * MTU drops every full-size RoCE packet from that host.
 */
public final class MtuSwitchNic implements Rule {

  static final String ID = "mtu-switch-nic";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    FabricModel model = input.model();
    Fabric fabric = Roce.fabric(model);
    if (fabric == null || fabric.mtu() == null) {
      return List.of();
    }
    int nic = fabric.mtu().nic();
    List<Finding> findings = new ArrayList<>();
    MtuPaths paths = new MtuPaths(model);
    for (EffectivePort ep : model.effectivePorts()) {
      if (ep.peer() == null
          || ep.mtu() == null
          || ep.mtu().value() >= nic
          || model.hostNamed(ep.peer().device()).isEmpty()) {
        continue;
      }
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  ep.deviceName()
                      + " "
                      + ep.portName()
                      + " faces "
                      + ep.peer()
                      + " with MTU "
                      + ep.mtu().value()
                      + " (set by "
                      + ep.mtu().layer()
                      + "), below the NIC MTU "
                      + nic
                      + "; full-size RoCE packets from the host would be dropped")
              .at(ep.mtu().origin())
              .onDevice(ep.deviceName())
              .onPort(ep.portName())
              .withPath(paths.of(ep))
              .withValues(">= " + nic, Integer.toString(ep.mtu().value())));
    }
    return findings;
  }
}
