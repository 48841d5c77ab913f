package dev.weft.rules.compiled;

import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A NIC's DSCP to priority map disagrees with its switch's for the RoCE or the CNP code point. The NIC then
 * queues and pauses RoCE on another priority than the switch (which PFC does not protect there), or receives
 * CNPs in the wrong queue. Typical for a NIC left at its firmware map (priority = DSCP >> 3) in a plan where
 * that is not the fabric's choice.
 */
public final class NicDscpMap extends PerNicRule {

    static final String ID = "nic-dscp-map";

    public NicDscpMap() {
        super(ID, Severity.ERROR);
    }

    /** Every switch and every NIC on one and the same DSCP map (the compiled plan's): nothing to compare. */
    @Override
    public boolean mayFind(dev.weft.compile.CompiledFabric compiled, RuleInput input) {
        java.util.Map<Integer, Integer> first = null;
        for (dev.weft.compile.CompiledDevice d : compiled.devices()) {
            List<java.util.Map<Integer, Integer>> maps = new java.util.ArrayList<>(1);
            if (d instanceof dev.weft.compile.CompiledSwitch s) {
                maps.add(s.dscpToPriority());
            } else if (d instanceof dev.weft.compile.CompiledHost h) {
                h.nics().forEach(nic -> maps.add(nic.dscpToPriority()));
            }
            for (java.util.Map<Integer, Integer> m : maps) {
                if (first == null) {
                    first = m;
                } else if (m != first && !m.equals(first)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public List<Problem> check(Nic n, RuleInput input) {
        dev.weft.compile.CompiledSwitch sw = n.peer();
        if (sw == null || !n.nic().trustDscp()) {
            return List.of(); // uncabled, or trusting PCP (nic-trust-pcp)
        }
        List<Problem> out = new ArrayList<>();
        check(out, n, "RoCE", n.nic().roceDscp(), sw.dscpToPriority().get(n.nic().roceDscp()));
        Integer cnp = sw.cnpDscp();
        check(out, n, "CNP", cnp, cnp == null ? null : sw.dscpToPriority().get(cnp));
        return out;
    }

    private static void check(List<Problem> out, Nic n, String what, Integer dscp, Integer want) {
        if (dscp == null || want == null) {
            return;
        }
        Integer got = n.nic().dscpToPriority().get(dscp);
        if (!Objects.equals(got, want)) {
            out.add(new Problem(n.nic().owner("dscp_to_priority"), "maps the " + what + " DSCP " + dscp + " to priority "
                    + got + " but its switch maps it to " + want, "DSCP " + dscp + " -> " + want,
                    "DSCP " + dscp + " -> " + got));
        }
    }
}
