package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A NIC model with settings of its own but no declared DCBX mode. Whether the host's QoS is set statically by the
 * OS ({@code dcbx: os}) or negotiated with the switch ({@code dcbx: firmware}, willing) decides who wins when
 * they disagree: a willing NIC or a running lldpad silently replaces trust and PFC after a reboot, and the host
 * turns lossy (mlnx_qos warns about exactly this). Weft's own host script configures from the OS; a model that
 * deviates from the plan must say how its settings take effect.
 */
public final class NicDcbxImplicit implements Rule {

    static final String ID = "nic-dcbx-implicit";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(RuleInput input) {
        List<Finding> findings = new ArrayList<>();
        for (NicModels.Used u : NicModels.used(input.model())) {
            if (u.model().dcbx() == null) {
                findings.add(Finding.of(ID, Severity.WARNING, "NIC model " + u.model().name() + " (" + u.nics() + " NIC"
                        + (u.nics() == 1 ? "" : "s") + ") has settings of its own but no dcbx mode; declare dcbx: os"
                        + " (static, from the host) or dcbx: firmware (negotiated with the switch)")
                        .at(Roce.at(u.model().at(), "dcbx")).withPath("/fabric/nic-models/" + u.model().name())
                        .withValues("dcbx: os or firmware", "not declared"));
            }
        }
        return findings;
    }
}
