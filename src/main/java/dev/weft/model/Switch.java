package dev.weft.model;

import java.util.List;

/**
 * A switch. {@code asic}, {@code osVersion}, {@code management} are optional (null); {@code
 * nodeGuid} is for InfiniBand switches only.
 *
 * @param role {@code leaf}, {@code spine} or {@code super-spine}
 * @param platform the id of a registered platform pack (platform/Platforms)
 * @param hwsku the hardware SKU (SONiC's HWSKU name) whose platform profile gives port lanes and
 *     buffer pools, or null
 * @param hashSeed this switch's ECMP hash seed, overriding {@code fabric.ecmp.seeds} for its role;
 *     or null
 * @param exception a declared deviation from the fabric plan for every port of the switch, or null
 * @param rail the rail a leaf serves in a rail-optimised design, or null (not declared)
 * @param scalableUnit the scalable unit a leaf belongs to, or null (not declared)
 * @param trust {@code dscp} or {@code pcp}, overriding {@code fabric.trust} for this switch's
 *     ports, or null (not written: the fabric's)
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
    String hwsku,
    Long hashSeed,
    PlanException exception,
    Integer rail,
    String scalableUnit,
    String trust) {

  public Switch {
    ports = ports == null ? List.of() : List.copyOf(ports);
  }

  /** Without a rail or scalable unit. */
  public Switch(
      String name,
      String role,
      String platform,
      String asic,
      String osVersion,
      Management management,
      List<Port> ports,
      String nodeGuid,
      Provenance at,
      String hwsku,
      Long hashSeed,
      PlanException exception) {
    this(
        name,
        role,
        platform,
        asic,
        osVersion,
        management,
        ports,
        nodeGuid,
        at,
        hwsku,
        hashSeed,
        exception,
        null,
        null,
        null);
  }

  /** Without a hardware SKU, hash seed or exception. */
  public Switch(
      String name,
      String role,
      String platform,
      String asic,
      String osVersion,
      Management management,
      List<Port> ports,
      String nodeGuid,
      Provenance at) {
    this(
        name,
        role,
        platform,
        asic,
        osVersion,
        management,
        ports,
        nodeGuid,
        at,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  /** Without a hash seed or exception. */
  public Switch(
      String name,
      String role,
      String platform,
      String asic,
      String osVersion,
      Management management,
      List<Port> ports,
      String nodeGuid,
      Provenance at,
      String hwsku) {
    this(
        name,
        role,
        platform,
        asic,
        osVersion,
        management,
        ports,
        nodeGuid,
        at,
        hwsku,
        null,
        null,
        null,
        null,
        null);
  }
}
