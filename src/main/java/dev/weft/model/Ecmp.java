package dev.weft.model;

import java.util.List;

/** ECMP hash fields as written (e.g. {@code l4-src-port}). */
public record Ecmp(List<String> hashFields, Provenance at) {
    public Ecmp {
        hashFields = List.copyOf(hashFields);
    }
}
