package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Nic;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import dev.weft.units.Speed;
import java.util.ArrayList;
import java.util.List;

/**
 * The two ends of a link are declared at different speeds: two switch ports, or a NIC and its switch port.
 * The link either does not come up or runs at the lower speed, and everything Weft derives per port from the
 * speed (PFC headroom, pause quanta, ECN thresholds by speed) is then computed for the wrong link.
 */
public final class LinkSpeedMismatch implements Rule {

    static final String ID = "link-speed-mismatch";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(RuleInput input) {
        FabricModel model = input.model();
        if (Roce.fabric(model) == null) {
            return List.of();
        }
        List<Finding> findings = new ArrayList<>();
        for (Link l : model.links()) {
            End a = end(model, l.a().device(), l.a().port());
            End b = end(model, l.b().device(), l.b().port());
            if (a == null || b == null || a.speed().equals(b.speed())) {
                continue;
            }
            findings.add(Finding.of(ID, Severity.ERROR, "link " + l.a() + " - " + l.b() + " joins a " + a.speed()
                    + " end (" + a.what() + ", set at " + Roce.where(a.origin()) + ") and a " + b.speed() + " end (" + b.what()
                    + ", set at " + Roce.where(b.origin()) + ")")
                    .at(Roce.at(l.at(), "a")).onDevice(l.a().device()).onPort(l.a().port())
                    .withValues(a.speed() + " at both ends", a.speed() + " / " + b.speed()));
        }
        return findings;
    }

    private record End(Speed speed, String what, Location origin) {}

    private static End end(FabricModel model, String device, String port) {
        EffectivePort ep = model.effectivePortAt(device, port).orElse(null);
        if (ep != null) {
            return ep.speed() == null ? null : new End(ep.speed().value(), "switch port", ep.speed().origin());
        }
        Host h = model.hostNamed(device).orElse(null);
        if (h == null) {
            return null;
        }
        for (Nic n : h.nics()) {
            if (n.name().equals(port)) {
                return n.speed() == null ? null : new End(n.speed(), "NIC", Roce.at(n.at(), "speed"));
            }
        }
        return null;
    }
}
