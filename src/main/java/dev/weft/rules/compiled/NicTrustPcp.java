package dev.weft.rules.compiled;

import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * A NIC that classifies by PCP (VLAN priority) instead of DSCP. Weft's switch ports are routed and
 * trust DSCP, so untagged RoCE reaches such a NIC with no PCP to read: it lands in priority 0,
 * lossy, and PFC frames for the lossless priority protect nothing (Microsoft moved to DSCP-based
 * PFC for exactly this, SIGCOMM'16 §3).
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
    return List.of(
        new Problem(
            n.nic().owner("trust_dscp"),
            "trusts PCP, not DSCP; untagged RoCE then lands in priority 0 and is not lossless",
            "trust dscp",
            "trust pcp"));
  }
}
