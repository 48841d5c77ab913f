package dev.weft.model;

import dev.weft.units.Size;
import dev.weft.units.Speed;
/**
 * A named port profile; any field may be null (not set at this layer).
 *
 * @param headroomXoff an xoff configured by hand for every port of the profile, or null
 */
public record Profile(String name, Speed speed, Integer mtu, PortRole role, String description, Provenance at,
        Size headroomXoff) {

    /** A profile without a hand-configured headroom. */
    public Profile(String name, Speed speed, Integer mtu, PortRole role, String description, Provenance at) {
        this(name, speed, mtu, role, description, at, null);
    }
}
