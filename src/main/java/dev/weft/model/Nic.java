package dev.weft.model;

import dev.weft.units.Speed;

/** An RDMA NIC on a RoCE host; {@code rdmaDevice}, {@code model}, {@code firmware} may be null. */
public record Nic(
    String name, String rdmaDevice, String model, String firmware, Speed speed, Provenance at) {}
