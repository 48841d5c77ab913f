package dev.weft.rules.compiled;

import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * A NIC whose ToS byte does not carry the RoCE DSCP. RDMA-CM's default ToS, the sysfs traffic class
 * and {@code NCCL_IB_TC} take the whole ToS byte ({@code DSCP << 2 | ECN}), not the DSCP: writing
 * 26 instead of 106 sends RoCE with DSCP 6, which the switches classify as best effort, lossy.
 */
public final class NicTosMismatch extends PerNicRule {

  static final String ID = "nic-tos-mismatch";

  public NicTosMismatch() {
    super(ID, Severity.ERROR);
  }

  @Override
  public List<Problem> check(Nic n, RuleInput input) {
    Integer tos = n.nic().roceTos();
    Integer dscp = n.nic().roceDscp();
    if (tos == null || dscp == null || tos >> 2 == dscp) {
      return List.of();
    }
    return List.of(
        new Problem(
            n.nic().owner("roce_tos"),
            "sends RoCE with ToS "
                + tos
                + ", which is DSCP "
                + (tos >> 2)
                + " (ToS >> 2), not the RoCE DSCP "
                + dscp
                + "; write the whole ToS byte, "
                + (dscp << 2 | 2)
                + " with ECT(0)",
            "ToS " + (dscp << 2 | 2) + " (DSCP " + dscp + ")",
            "ToS " + tos + " (DSCP " + (tos >> 2) + ")"));
  }
}
