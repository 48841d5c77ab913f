package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A NIC model whose RDMA-CM default is RoCE v1. RoCE v1 is an Ethernet frame without an IP header: it carries
 * no DSCP, so the fabric's DSCP classification cannot put it in the lossless class, and it cannot be routed
 * across the leaf-spine fabric at all. Connections made through RDMA-CM then fail or run lossy.
 */
public final class NicRoceMode implements Rule {

    static final String ID = "nic-roce-mode";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(RuleInput input) {
        List<Finding> findings = new ArrayList<>();
        for (NicModels.Used u : NicModels.used(input.model())) {
            if ("v1".equals(u.model().roceMode())) {
                findings.add(Finding.of(ID, Severity.WARNING, "NIC model " + u.model().name() + " (" + u.nics() + " NIC"
                        + (u.nics() == 1 ? "" : "s") + ") defaults RDMA-CM to RoCE v1, which has no IP header: no DSCP"
                        + " to classify, no routing across the fabric; use roce-mode: v2")
                        .at(Roce.at(u.model().at(), "roce-mode")).withPath("/fabric/nic-models/" + u.model().name() + "/roce-mode")
                        .withValues("v2", "v1"));
            }
        }
        return findings;
    }
}
