package dev.weft.model;

/** A named port profile; any field may be null (not set at this layer). */
public record Profile(String name, Speed speed, Integer mtu, PortRole role, String description, Provenance at) {}
