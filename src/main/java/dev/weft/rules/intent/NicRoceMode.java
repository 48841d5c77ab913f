package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import java.util.List;

/**
 * A NIC model whose RDMA-CM default is RoCE v1. RoCE v1 is an Ethernet frame without an IP header: it carries
 * no DSCP, so the fabric's DSCP classification cannot put it in the lossless class, and it cannot be routed
 * across the leaf-spine fabric at all. Connections made through RDMA-CM then fail or run lossy.
 */
public final class NicRoceMode extends RoceRule {

    static final String ID = "nic-roce-mode";

    @Override
    public String id() {
        return ID;
    }

    @Override
    void check(FabricModel model, Fabric fabric, List<Finding> findings) {
        for (NicModels.Used u : NicModels.used(model)) {
            if ("v1".equals(u.model().roceMode())) {
                findings.add(NicModels.warning(ID, u, "roce-mode", "defaults RDMA-CM to RoCE v1, which has no IP header:"
                        + " no DSCP to classify, no routing across the fabric; use roce-mode: v2")
                        .withValues("v2", "v1"));
            }
        }
    }
}
