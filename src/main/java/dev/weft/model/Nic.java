package dev.weft.model;

import dev.weft.units.Speed;

/**
 * An RDMA NIC on a RoCE host; {@code rdmaDevice}, {@code model}, {@code firmware} may be null.
 *
 * @param rail the declared rail index, or null (not declared)
 */
public record Nic(
    String name,
    String rdmaDevice,
    String model,
    String firmware,
    Speed speed,
    Provenance at,
    Integer rail) {

  /** Without a declared rail. */
  public Nic(
      String name, String rdmaDevice, String model, String firmware, Speed speed, Provenance at) {
    this(name, rdmaDevice, model, firmware, speed, at, null);
  }
}
