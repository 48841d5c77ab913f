package dev.weft.rules.intent;

import dev.weft.finding.Finding;

/**
 * A NIC model with settings of its own but no declared DCBX mode. Whether the host's QoS is set
 * statically by the OS ({@code dcbx: os}) or negotiated with the switch ({@code dcbx: firmware},
 * willing) decides who wins when they disagree: a willing NIC or a running lldpad silently replaces
 * trust and PFC after a reboot, and the host turns lossy (mlnx_qos warns about exactly this).
 * Weft's own host script configures from the OS; a model that deviates from the plan must say how
 * its settings take effect.
 */
public final class NicDcbxImplicit extends NicModelRule {

  static final String ID = "nic-dcbx-implicit";

  @Override
  public String id() {
    return ID;
  }

  @Override
  Finding check(NicModels.Used u) {
    if (u.model().dcbx() != null) {
      return null; // declared: either mode is a deliberate choice
    }
    return warning(
            u,
            "dcbx",
            "has settings of its own but no dcbx mode; declare"
                + " dcbx: os (static, from the host) or dcbx: firmware (negotiated with the switch)")
        .withValues("dcbx: os or firmware", "not declared");
  }
}
