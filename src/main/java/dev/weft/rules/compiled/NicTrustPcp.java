package dev.weft.rules.compiled;

import dev.weft.compile.CompiledPort;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * A NIC that classifies by PCP (VLAN priority) instead of DSCP while its switch port trusts DSCP
 * (every port does unless its switch says {@code trust: pcp}): untagged RoCE reaches such a NIC
 * with no PCP to read: it lands in priority 0, lossy, and PFC frames for the lossless priority
 * protect nothing (Microsoft moved to DSCP-based PFC for exactly this, SIGCOMM'16 §3). A NIC whose
 * switch port trusts PCP too is consistent with it ({@code pcp-trust-routed} judges the port); the
 * reverse mismatch is {@code trust-mismatch}'s.
 */
public final class NicTrustPcp extends PerNicRule {

  static final String ID = "nic-trust-pcp";

  public NicTrustPcp() {
    super(ID, Severity.ERROR);
  }

  @Override
  public List<Problem> check(Nic n, RuleInput input) {
    if (n.nic().trustDscp()) {
      return List.of();
    }
    CompiledPort port = n.port();
    if (port != null && !port.trustDscp()) {
      return List.of(); // both ends classify by PCP
    }
    Location switchAt = port == null ? null : port.owner("trust_dscp");
    return List.of(
        new Problem(
            n.nic().owner("trust_dscp"),
            "trusts PCP, not DSCP"
                + (switchAt == null ? "" : ", while its switch port trusts DSCP (" + switchAt + ")")
                + "; untagged RoCE then lands in priority 0 and is not lossless",
            "trust dscp",
            "trust pcp"));
  }
}
