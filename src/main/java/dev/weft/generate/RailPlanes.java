package dev.weft.generate;

/**
 * How the leaves of a rail-optimised RoCE fabric reach its spines, the way large rail-optimised
 * fabrics are wired: spine groups that follow the rails, so every leaf of a rail reaches the same
 * spines (rule rail-spines-differ) and same-rail traffic between scalable units has every spine of
 * the group as a path.
 *
 * <p>Two tiers while a spine has a port for every leaf of a rail ({@code scalableUnits <=
 * switchPorts}): a spine group serves as many rails as its spines have ports for ({@link
 * #railsPerGroup()}), and each leaf of those rails has one uplink to every spine of the group. With
 * 128-port spines that is one group at 1,024 GPUs and one group per rail at 32,768 (128 leaves per
 * rail). Beyond that no spine can reach every leaf of a rail, so the fabric gets a third tier, as
 * real fabrics of that size do: pods of {@code switchPorts / 2} scalable units, one spine group per
 * pod and rail (half its ports down to the pod's leaves of the rail, half up: non-blocking), and
 * super-spine groups per rail joining that rail's spines across pods. The leaves of one rail then
 * reach the same spines within their pod.
 *
 * @param shape the fabric's nodes, rails and scalable units
 * @param switchPorts ports per spine and super-spine switch (128 for the SN5600-O128 the generator
 *     writes; a smaller value gives the same wiring at a size a unit test can read)
 */
public record RailPlanes(RoceFabricShape shape, int switchPorts) {

  /** Ports of the Mellanox-SN5600-O128 (128 × 400G), the hwsku the generator writes. */
  public static final int SN5600_O128_PORTS = 128;

  public RailPlanes {
    if (switchPorts < 2 || switchPorts % 2 != 0) {
      throw new IllegalArgumentException(
          "switch ports must be even and at least 2: " + switchPorts);
    }
    if (shape.uplinksPerLeaf() > switchPorts / 2) {
      throw new IllegalArgumentException(
          "a leaf's "
              + shape.uplinksPerLeaf()
              + " uplinks do not fit a super-spine group of "
              + switchPorts
              + "-port switches");
    }
  }

  public static RailPlanes of(RoceFabricShape shape) {
    return new RailPlanes(shape, SN5600_O128_PORTS);
  }

  /** True when one spine cannot reach every leaf of a rail, so pods and super-spines are needed. */
  public boolean threeTier() {
    return shape.scalableUnits() > switchPorts;
  }

  /** Scalable units per pod: all of them with two tiers, half a spine's ports with three. */
  public int unitsPerPod() {
    return threeTier() ? switchPorts / 2 : shape.scalableUnits();
  }

  public int pods() {
    return (shape.scalableUnits() + unitsPerPod() - 1) / unitsPerPod();
  }

  /**
   * Rails sharing one spine group: with two tiers the largest divisor of the rail count whose
   * leaves fit a spine's ports; with three tiers one (each pod's rail has its own group).
   */
  public int railsPerGroup() {
    if (threeTier()) {
      return 1;
    }
    int rails = shape.railsPerNode();
    for (int d = rails; d > 1; d--) {
      if (rails % d == 0 && d * shape.scalableUnits() <= switchPorts) {
        return d;
      }
    }
    return 1;
  }

  /** Spine groups per pod. */
  public int groupsPerPod() {
    return shape.railsPerNode() / railsPerGroup();
  }

  public int spineGroups() {
    return pods() * groupsPerPod();
  }

  /** Every leaf has one uplink to every spine of its group. */
  public int spinesPerGroup() {
    return shape.uplinksPerLeaf();
  }

  public int spines() {
    return spineGroups() * spinesPerGroup();
  }

  /** The spine group of the leaf of scalable unit {@code su} and rail {@code rail}. */
  public int groupOf(int su, int rail) {
    return (su / unitsPerPod()) * groupsPerPod() + rail / railsPerGroup();
  }

  /** The scalable units of a group's pod. */
  public int unitsIn(int group) {
    int pod = group / groupsPerPod();
    return Math.min(unitsPerPod(), shape.scalableUnits() - pod * unitsPerPod());
  }

  /** The spine port (index) a leaf's uplink lands on: leaves ordered by unit, then rail. */
  public int spinePortOf(int su, int rail) {
    return (su % unitsPerPod()) * railsPerGroup() + rail % railsPerGroup();
  }

  /** Leaf ports (down) of each spine of a group. */
  public int spineDownPorts(int group) {
    return unitsIn(group) * railsPerGroup();
  }

  /** Uplinks of a spine to super-spines (three tiers only): half its ports. */
  public int spineUplinks() {
    return threeTier() ? switchPorts / 2 : 0;
  }

  /** A spine's first uplink port index: after every down port a pod's group can have. */
  public int firstSpineUplinkPort() {
    return switchPorts / 2;
  }

  /**
   * Super-spine groups per rail: each super-spine has a port for every spine of its group, and a
   * rail's spines are dealt over the groups so that every pod has spines in every group.
   */
  public int superGroupsPerRail() {
    if (!threeTier()) {
      return 0;
    }
    int spinesPerRail = pods() * spinesPerGroup();
    return (spinesPerRail + switchPorts - 1) / switchPorts;
  }

  /** Every spine has one uplink to every super-spine of its super-group. */
  public int superSpinesPerGroup() {
    return spineUplinks();
  }

  public int superSpines() {
    return shape.railsPerNode() * superGroupsPerRail() * superSpinesPerGroup();
  }
}
