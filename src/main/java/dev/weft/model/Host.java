package dev.weft.model;

import java.util.List;

/**
 * A GPU node: RDMA NICs (RoCE) or HCAs (InfiniBand).
 *
 * @param gidIndex the GID index NCCL uses ({@code NCCL_IB_GID_INDEX}), or null: NCCL selects the RoCE v2 GID
 */
public record Host(String name, List<Nic> nics, List<Hca> hcas, Provenance at, Integer gidIndex) {
    public Host {
        nics = nics == null ? List.of() : List.copyOf(nics);
        hcas = hcas == null ? List.of() : List.copyOf(hcas);
    }

    /** Without a pinned GID index. */
    public Host(String name, List<Nic> nics, List<Hca> hcas, Provenance at) {
        this(name, nics, hcas, at, null);
    }
}
