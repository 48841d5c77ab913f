package dev.weft.model;

import java.util.List;

/**
 * A switch. {@code asic}, {@code osVersion}, {@code management} are optional (null);
 * {@code nodeGuid} is for InfiniBand switches only.
 *
 * @param role      {@code leaf}, {@code spine} or {@code super-spine}
 * @param platform  {@code sonic}, {@code cumulus}, {@code eos}, {@code openconfig} or {@code ib-quantum}
 * @param hashSeed  this switch's ECMP hash seed, overriding {@code fabric.ecmp.seeds} for its role; or null
 * @param exception a declared deviation from the fabric plan for every port of the switch, or null
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
        Provenance at,
        Long hashSeed,
        PlanException exception) {

    public Switch {
        ports = ports == null ? List.of() : List.copyOf(ports);
    }

    public Switch(String name, String role, String platform, String asic, String osVersion, Management management,
            List<Port> ports, String nodeGuid, Provenance at) {
        this(name, role, platform, asic, osVersion, management, ports, nodeGuid, at, null, null);
    }
}
