package dev.weft.rules.compiled;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * A NIC that classifies and marks by DSCP cabled to a switch port that classifies by PCP ({@code
 * trust: pcp}). The NIC puts RoCE in its lossless priority by the DSCP it writes, but the switch
 * reads the 802.1p tag: an untagged frame, or one tagged without that priority, lands in the
 * priority PCP 0 maps to, so the switch queues, pauses and sizes headroom for RoCE on another
 * priority than the NIC. The reverse (a NIC trusting PCP on a port trusting DSCP) is {@code
 * nic-trust-pcp}'s, which names both lines, so one cable is one finding.
 */
public final class TrustMismatch extends PerNicRule {

  static final String ID = "trust-mismatch";

  public TrustMismatch() {
    super(ID, Severity.ERROR);
  }

  /** No switch trusts PCP: every port classifies as the NICs' DSCP map assumes. */
  @Override
  boolean mayFind(CompiledFabric compiled, RuleInput input) {
    for (CompiledDevice d : compiled.devices()) {
      if (d instanceof CompiledSwitch s && !s.pcpToPriority().isEmpty()) {
        return true;
      }
    }
    return false;
  }

  @Override
  List<Problem> check(Nic n, RuleInput input) {
    CompiledPort port = n.port();
    CompiledSwitch sw = n.peer();
    if (port == null || sw == null || port.trustDscp() || !n.nic().trustDscp()) {
      return List.of();
    }
    Location switchAt = port.owner("trust_dscp");
    Location at = n.nic().owner("trust_dscp");
    int pcp0 = sw.pcpToPriority().isEmpty() ? 0 : sw.pcpToPriority().get(0);
    return List.of(
        new Problem(
            at != null ? at : n.nic().owner("name"),
            "classifies and marks by DSCP, but its switch "
                + sw.name()
                + " classifies by PCP (trust: pcp"
                + (switchAt == null ? "" : " at " + switchAt)
                + "): RoCE without the lossless 802.1p priority in a VLAN tag lands in priority "
                + pcp0
                + " (PCP 0's) on the switch, not in its lossless class",
            "one trust on both ends (dscp)",
            "NIC dscp, switch pcp"));
  }
}
