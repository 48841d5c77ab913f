package dev.weft.model;

/** A switch port as written; {@code profile}, {@code speed}, {@code mtu}, {@code role} may be null. */
public record Port(String name, String profile, Speed speed, Integer mtu, PortRole role, String description, Provenance at) {}
