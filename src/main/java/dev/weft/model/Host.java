package dev.weft.model;

import java.util.List;

/**
 * A GPU node: RDMA NICs (RoCE) or HCAs (InfiniBand).
 *
 * @param gidIndex the GID index NCCL uses ({@code NCCL_IB_GID_INDEX}), or null: NCCL selects the
 *     RoCE v2 GID
 * @param management where {@code weft audit} logs in over SSH to read the NICs' counters, or null
 *     (not read)
 */
public record Host(
    String name,
    List<Nic> nics,
    List<Hca> hcas,
    Provenance at,
    Integer gidIndex,
    Management management) {
  public Host {
    nics = nics == null ? List.of() : List.copyOf(nics);
    hcas = hcas == null ? List.of() : List.copyOf(hcas);
  }

  /** Without management. */
  public Host(String name, List<Nic> nics, List<Hca> hcas, Provenance at, Integer gidIndex) {
    this(name, nics, hcas, at, gidIndex, null);
  }

  /** Without a pinned GID index. */
  public Host(String name, List<Nic> nics, List<Hca> hcas, Provenance at) {
    this(name, nics, hcas, at, null);
  }
}
