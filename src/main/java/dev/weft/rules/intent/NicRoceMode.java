package dev.weft.rules.intent;

import dev.weft.finding.Finding;

/**
 * A NIC model whose RDMA-CM default is RoCE v1. RoCE v1 is an Ethernet frame without an IP header:
 * it carries no DSCP, so the fabric's DSCP classification cannot put it in the lossless class, and
 * it cannot be routed across the leaf-spine fabric at all. Connections made through RDMA-CM then
 * fail or run lossy.
 */
public final class NicRoceMode extends NicModelRule {

  static final String ID = "nic-roce-mode";

  @Override
  public String id() {
    return ID;
  }

  @Override
  Finding check(NicModels.Used u) {
    return !"v1".equals(u.model().roceMode())
        ? null
        : warning(
                u,
                "roce-mode",
                "defaults RDMA-CM to RoCE v1, which has no IP header: no DSCP to"
                    + " classify, no routing across the fabric; use roce-mode: v2")
            .withValues("v2", "v1");
  }
}
