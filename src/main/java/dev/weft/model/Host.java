package dev.weft.model;

import java.util.List;

/** A GPU node: RDMA NICs (RoCE) or HCAs (InfiniBand). */
public record Host(String name, List<Nic> nics, List<Hca> hcas, Provenance at) {
    public Host {
        nics = nics == null ? List.of() : List.copyOf(nics);
        hcas = hcas == null ? List.of() : List.copyOf(hcas);
    }
}
