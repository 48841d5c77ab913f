package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Nic;
import dev.weft.model.Switch;
import dev.weft.model.Versions;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * A device whose switch OS or NIC firmware differs from what {@code fabric.versions} qualifies runs an
 * untested combination (Meta saw firmware changes break CNP counting). Devices that state no version
 * are not judged.
 */
public final class VersionPinMismatch implements Rule {

    static final String ID = "version-pin-mismatch";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(RuleInput input) {
        FabricModel model = input.model();
        Fabric fabric = model == null ? null : model.fabric();
        Versions pins = fabric == null ? null : fabric.versions();
        if (pins == null) {
            return List.of();
        }
        List<Finding> findings = new ArrayList<>();
        List<Switch> switches = model.switches();
        for (int i = 0; i < switches.size(); i++) {
            Switch s = switches.get(i);
            String pinned = pins.switchOs().get(s.platform());
            if (pinned != null && s.osVersion() != null && !pinned.equals(s.osVersion())) {
                findings.add(Finding.of(ID, Severity.WARNING,
                        s.name() + " runs " + s.platform() + " " + s.osVersion() + " but the fabric is qualified on "
                                + pinned + " (fabric.versions.switch-os." + s.platform() + ")")
                        .at(Roce.at(s.at(), "os-version")).onDevice(s.name())
                        .withPath("/switches/" + i + "/os-version").withValues(pinned, s.osVersion()));
            }
        }
        List<Host> hosts = model.hosts();
        for (int i = 0; i < hosts.size(); i++) {
            Host h = hosts.get(i);
            for (int j = 0; j < h.nics().size(); j++) {
                Nic n = h.nics().get(j);
                String pinned = n.model() == null ? null : pins.nicFirmware().get(n.model());
                if (pinned != null && n.firmware() != null && !pinned.equals(n.firmware())) {
                    findings.add(Finding.of(ID, Severity.WARNING,
                            h.name() + " " + n.name() + " (" + n.model() + ") runs firmware " + n.firmware()
                                    + " but the fabric is qualified on " + pinned
                                    + " (fabric.versions.nic-firmware." + n.model() + ")")
                            .at(Roce.at(n.at(), "firmware")).onDevice(h.name()).onPort(n.name())
                            .withPath("/hosts/" + i + "/nics/" + j + "/firmware").withValues(pinned, n.firmware()));
                }
            }
        }
        return findings;
    }
}
