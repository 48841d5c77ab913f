package dev.weft.model;

import dev.weft.units.Speed;

/** An InfiniBand HCA port on a host. */
public record Hca(String name, String portGuid, Speed speed, Provenance at) {}
