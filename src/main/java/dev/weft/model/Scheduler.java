package dev.weft.model;

/** Egress scheduling for a class: strict, or DWRR with a weight (null for strict). */
public record Scheduler(Type type, Integer weight, Provenance at) {
  public enum Type {
    STRICT,
    DWRR
  }
}
