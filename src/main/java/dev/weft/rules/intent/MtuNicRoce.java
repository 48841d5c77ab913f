package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.RoceMtu;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * Linux derives a RoCE port's active MTU as the largest IB MTU that fits in the netdev MTU minus 96
 * bytes of worst-case headers ({@code iboe_get_mtu}); a NIC MTU below RoCE MTU + 96 silently halves
 * (or worse) the RoCE MTU.
 */
public final class MtuNicRoce implements Rule {

  static final String ID = "mtu-nic-roce";

  /**
   * GRH 40 + UDP 8 + BTH 12 + XRC ext 4 + AtomicETH 28 + ICRC 4, as {@code include/rdma/ib_pack.h}.
   */
  static final int ROCE_HEADERS = 96;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Fabric fabric = Roce.fabric(input.model());
    RoceMtu mtu = fabric == null ? null : fabric.mtu();
    if (mtu == null || mtu.nic() >= mtu.roce() + ROCE_HEADERS) {
      return List.of();
    }
    int needed = mtu.roce() + ROCE_HEADERS;
    return List.of(
        Finding.of(
                ID,
                Severity.ERROR,
                "NIC MTU "
                    + mtu.nic()
                    + " is below RoCE MTU "
                    + mtu.roce()
                    + " + "
                    + ROCE_HEADERS
                    + " bytes of RoCE headers; the NIC would fall back to a smaller RoCE MTU (set mtu.nic to at least "
                    + needed
                    + ")")
            .at(Roce.at(mtu.at(), "nic", fabric.at(), "mtu"))
            .withPath("/fabric/mtu/nic")
            .withValues(">= " + needed, Integer.toString(mtu.nic())));
  }
}
