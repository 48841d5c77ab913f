package dev.weft.compile;

import dev.weft.finding.Location;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A GPU host's effective RDMA config: one entry per NIC, in natural name order.
 *
 * @param provenance field (snake_case) → intent location that owns the value
 * @param gidIndex the GID index NCCL uses on the host's NICs, or null: NCCL's own choice of the
 *     RoCE v2 GID
 */
public record CompiledHost(
    String name, List<CompiledNic> nics, Map<String, Location> provenance, Integer gidIndex)
    implements CompiledDevice {

  public CompiledHost {
    List<CompiledNic> sorted = new ArrayList<>(nics);
    sorted.sort((a, b) -> NaturalOrder.INSTANCE.compare(a.name(), b.name()));
    nics = List.copyOf(sorted);
    provenance = FrozenSortedMap.of(provenance);
  }

  /** Without a pinned GID index. */
  public CompiledHost(String name, List<CompiledNic> nics, Map<String, Location> provenance) {
    this(name, nics, provenance, null);
  }
}
