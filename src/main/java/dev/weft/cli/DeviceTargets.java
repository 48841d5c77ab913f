package dev.weft.cli;

import dev.weft.compile.CompiledSwitch;
import dev.weft.live.LiveTarget;
import dev.weft.model.FabricModel;
import dev.weft.model.Management;
import dev.weft.model.Switch;
import dev.weft.netconf.Credentials;
import dev.weft.netconf.CredentialsFile;
import dev.weft.netconf.CredentialsFileException;
import dev.weft.netconf.DeviceEndpoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/** The switches a device command reads: from the intent's {@code switches[].management}, narrowed by {@code --device}. */
final class DeviceTargets {

    private DeviceTargets() {}

    static List<LiveTarget> select(FabricModel model, List<CompiledSwitch> switches, List<String> only,
            Path credentialsFile) {
        TreeSet<String> known = new TreeSet<>();
        switches.forEach(s -> known.add(s.name()));
        for (String name : only) {
            if (!known.contains(name)) {
                String hint = dev.weft.finding.DidYouMean.suggest(name, known);
                throw new UsageException("--device " + name + ": no such switch in the inventory"
                        + (hint == null ? "" : "; did you mean " + hint + "?") + " (switches: " + String.join(", ", known) + ")");
            }
        }
        boolean needed = switches.stream().anyMatch(s -> only.isEmpty() || only.contains(s.name()));
        if (credentialsFile == null && needed) {
            // as weft backup: without the file no device can be logged in to
            throw new UsageException("--credentials FILE is required: the switches name credentials in management");
        }
        CredentialsFile creds = null;
        if (credentialsFile != null) {
            try {
                creds = CredentialsFile.load(credentialsFile);
            } catch (CredentialsFileException e) {
                throw new UsageException("--credentials: " + e.getMessage());
            }
        }
        List<LiveTarget> out = new ArrayList<>();
        for (CompiledSwitch sw : switches) {
            if (!only.isEmpty() && !only.contains(sw.name())) {
                continue;
            }
            Management m = model.switchNamed(sw.name()).map(Switch::management).orElse(null);
            if (m == null) {
                out.add(new LiveTarget(sw, null, null, sw.name() + ": the intent has no management address for it"
                        + " (switches[].management: host, port, credentials)"));
                continue;
            }
            DeviceEndpoint endpoint = new DeviceEndpoint(sw.name(), m.host(), m.port());
            if (m.credentials() == null) {
                out.add(new LiveTarget(sw, endpoint, null, sw.name() + ": the intent names no credentials for it"
                        + " (switches[].management.credentials)"));
                continue;
            }
            if (creds == null) {
                out.add(new LiveTarget(sw, endpoint, null, sw.name() + ": needs credential '" + m.credentials()
                        + "' but no --credentials file was given"));
                continue;
            }
            Optional<Credentials> c = creds.get(m.credentials());
            if (c.isEmpty()) {
                out.add(new LiveTarget(sw, endpoint, null, sw.name() + ": credential '" + m.credentials()
                        + "' is not in " + credentialsFile));
                continue;
            }
            out.add(new LiveTarget(sw, endpoint, c.get(), null));
        }
        return out;
    }
}
