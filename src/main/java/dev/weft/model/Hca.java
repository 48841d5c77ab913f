package dev.weft.model;

/** An InfiniBand HCA port on a host. */
public record Hca(String name, String portGuid, Speed speed, Provenance at) {}
