package dev.weft.live;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The explicit registry of live profiles by switch {@code platform}. Adding a platform (e.g. SONiC's
 * native YANG over NETCONF) is one {@link DeviceProfile} class and one line here. Platforms without an
 * entry cannot be audited over NETCONF; {@link #missing(String)} says so in one line.
 */
public final class DeviceProfiles {

    private final Map<String, DeviceProfile> byPlatform;

    private DeviceProfiles(Map<String, DeviceProfile> byPlatform) {
        this.byPlatform = Map.copyOf(byPlatform);
    }

    /** The profiles Weft ships: {@code openconfig}. */
    public static DeviceProfiles builtIn() {
        Map<String, DeviceProfile> m = new TreeMap<>();
        DeviceProfile oc = new OpenConfigProfile();
        m.put(oc.name(), oc);
        return new DeviceProfiles(m);
    }

    public Optional<DeviceProfile> forPlatform(String platform) {
        return Optional.ofNullable(platform == null ? null : byPlatform.get(platform));
    }

    /** Why a platform cannot be audited, for the device's {@code error} status. */
    public String missing(String platform) {
        return "platform '" + platform + "' has no NETCONF live profile yet (profiles: "
                + String.join(", ", new TreeMap<>(byPlatform).keySet()) + "); it cannot be audited for drift";
    }
}
