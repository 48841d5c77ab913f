package dev.weft.model;

import java.util.List;

/**
 * A switch. {@code asic}, {@code osVersion}, {@code management} are optional (null);
 * {@code nodeGuid} is for InfiniBand switches only.
 *
 * @param role     {@code leaf}, {@code spine} or {@code super-spine}
 * @param platform {@code sonic}, {@code cumulus}, {@code eos}, {@code openconfig} or {@code ib-quantum}
 */
public record Switch(
        String name,
        String role,
        String platform,
        String asic,
        String osVersion,
        Management management,
        List<Port> ports,
        String nodeGuid,
        Provenance at) {

    public Switch {
        ports = ports == null ? List.of() : List.copyOf(ports);
    }
}
