package dev.weft.model;

import java.util.List;
import java.util.Map;

/**
 * ECMP hashing: the hash fields as written (e.g. {@code l4-src-port}), and optionally the hash seed
 * per switch role and whether the design is dual-plane (each NIC port pinned to one plane, so
 * consecutive tiers cannot polarise).
 *
 * @param seeds switch role ({@code leaf}, {@code spine}, {@code super-spine}) → hash seed; empty
 *     when not written
 * @param dualPlane true when {@code dual-plane: true} is declared
 */
public record Ecmp(
    List<String> hashFields, Map<String, Long> seeds, boolean dualPlane, Provenance at) {
  public Ecmp {
    hashFields = List.copyOf(hashFields);
    seeds = seeds == null ? Map.of() : Map.copyOf(seeds);
  }

  public Ecmp(List<String> hashFields, Provenance at) {
    this(hashFields, Map.of(), false, at);
  }
}
