package dev.weft.model;

/**
 * A named port profile; any field may be null (not set at this layer).
 *
 * @param xoff the PFC headroom xoff configured with {@code headroom: { xoff: <size> }}, or null (computed)
 */
public record Profile(String name, Speed speed, Integer mtu, PortRole role, String description, Size xoff, Provenance at) {

    /** A profile without a headroom override. */
    public Profile(String name, Speed speed, Integer mtu, PortRole role, String description, Provenance at) {
        this(name, speed, mtu, role, description, null, at);
    }
}
