package dev.weft.model;

import java.time.LocalDate;
import java.util.List;

/**
 * A waiver (spec §6). Scope lists may be empty: an empty scope matches everything of the rule.
 *
 * @param ports entries of the form {@code device:port}
 * @param files repository-relative paths or inventory-relative paths
 */
public record Waiver(
    String rule,
    String reason,
    LocalDate expires,
    List<String> devices,
    List<String> ports,
    List<String> files,
    Provenance at) {
  public Waiver {
    devices = List.copyOf(devices);
    ports = List.copyOf(ports);
    files = List.copyOf(files);
  }
}
