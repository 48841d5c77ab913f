package dev.weft.model;

/**
 * A switch port as written; {@code profile}, {@code speed}, {@code mtu}, {@code role}, {@code xoff} may be null.
 *
 * @param xoff the PFC headroom xoff configured with {@code headroom: { xoff: <size> }}, or null (computed)
 */
public record Port(String name, String profile, Speed speed, Integer mtu, PortRole role, String description, Size xoff,
        Provenance at) {

    /** A port without a headroom override. */
    public Port(String name, String profile, Speed speed, Integer mtu, PortRole role, String description, Provenance at) {
        this(name, profile, speed, mtu, role, description, null, at);
    }
}
