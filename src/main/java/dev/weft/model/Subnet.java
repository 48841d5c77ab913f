package dev.weft.model;

/**
 * InfiniBand subnet intent (spec §5). Placeholder shape: the InfiniBand work fills in its fields.
 */
public record Subnet(Provenance at) {}
