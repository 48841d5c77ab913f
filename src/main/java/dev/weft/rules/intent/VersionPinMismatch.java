package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
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
        DeviceVersions.each(model, v -> {
            String pinned = (v.nic() ? pins.nicFirmware() : pins.switchOs()).get(v.key());
            if (pinned != null && !pinned.equals(v.value())) {
                findings.add(Finding.of(ID, Severity.WARNING, v.who() + " runs " + v.running()
                        + " but the fabric is qualified on " + pinned + " (" + v.pinAt("") + ")")
                        .at(v.at()).onDevice(v.device()).onPort(v.port()).withPath(v.path()).withValues(pinned, v.value()));
            }
        });
        return findings;
    }
}
