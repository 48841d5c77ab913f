package dev.weft.model;

import java.util.Map;

/**
 * Shared-buffer pools as a share of the switch buffer ({@code buffer-pools: { roce-lossless: 50,
 * default-lossy: 50 }}, NVUE's {@code traffic-pool <name> memory-percent}).
 *
 * @param percent pool name → percent of the buffer, in written order
 */
public record BufferPools(Map<String, Integer> percent, Provenance at) {
  public BufferPools {
    percent = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(percent));
  }

  public int total() {
    return percent.values().stream().mapToInt(Integer::intValue).sum();
  }
}
