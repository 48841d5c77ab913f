package dev.weft.generate;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a valid rail-optimised RoCE inventory of any size, split the way a team would keep it: one
 * file for the fabric plan, one for profiles, one per scalable unit (its nodes, leaves and host
 * links), one per spine group (its spines and leaf-spine links) and, for a three-tier fabric, one
 * per super-spine group (its super-spines and spine-super-spine links). The wiring is {@link
 * RailPlanes}'. Output is a pure function of the shape, so the same size always gives
 * byte-identical files.
 */
public final class RoceFabricGenerator {

  private static final int FIRST_MGMT_PORT = 18301;

  /** Relative file path to YAML text, in writing order. */
  public Map<String, String> generate(String fabricName, RoceFabricShape shape) {
    return generate(fabricName, RailPlanes.of(shape));
  }

  /** Relative file path to YAML text, in writing order, for the given wiring. */
  public Map<String, String> generate(String fabricName, RailPlanes planes) {
    return generate(fabricName, planes, FabricHardware.uniform(SwitchModel.SN5600_O128));
  }

  /**
   * Relative file path to YAML text, in writing order, for the given wiring with each switch on the
   * hardware {@code hw} gives it (the ports a switch uses are the first of its model's).
   *
   * @throws IllegalArgumentException when a switch needs more ports than its model has, or a link
   *     would join two speeds
   */
  public Map<String, String> generate(String fabricName, RailPlanes planes, FabricHardware hw) {
    RoceFabricShape shape = planes.shape();
    Map<String, String> files = new LinkedHashMap<>();
    files.put("fabric.yaml", fabric(fabricName, shape, planes));
    files.put("profiles.yaml", profiles(shape, planes, hw));
    for (int su = 0; su < shape.scalableUnits(); su++) {
      files.put(String.format("units/su-%03d.yaml", su + 1), scalableUnit(shape, hw, su));
    }
    for (int group = 0; group < planes.spineGroups(); group++) {
      files.put(
          String.format("spines/group-%03d.yaml", group + 1), spineGroup(shape, planes, hw, group));
    }
    for (int rail = 0; rail < shape.railsPerNode(); rail++) {
      for (int g = 0; g < planes.superGroupsPerRail(); g++) {
        files.put(
            String.format("super-spines/rail-%d-group-%02d.yaml", rail, g + 1),
            superSpineGroup(shape, planes, hw, rail, g));
      }
    }
    return files;
  }

  private static String fabric(String name, RoceFabricShape shape, RailPlanes planes) {
    return "version: 1\n"
        + "fabric:\n"
        + "  name: "
        + name
        + "\n"
        + "  transport: roce-v2\n"
        + "  description: Synthetic rail-optimised RoCE fabric, "
        + shape.gpus()
        + " GPUs, "
        + shape.leaves()
        + " leaves, "
        + planes.spines()
        + " spines"
        + (planes.threeTier() ? ", " + planes.superSpines() + " super-spines" : "")
        + "\n"
        + "  mtu: { switch: 9216, nic: 4200, roce: 4096 }\n"
        + "  traffic-classes:\n"
        + "    - name: rdma\n"
        + "      dscp: [26]\n"
        + "      priority: 3\n"
        + "      lossless: true\n"
        + "      ecn: { min: 150KB, max: 1500KB, probability: 100 }\n"
        + "      scheduler: { type: dwrr, weight: 50 }\n"
        + "    - name: cnp\n"
        + "      dscp: [48]\n"
        + "      priority: 6\n"
        + "      scheduler: { type: strict }\n"
        + "      role: cnp\n"
        + "    - name: default\n"
        + "      dscp: default\n"
        + "      priority: 0\n"
        + "      scheduler: { type: dwrr, weight: 50 }\n"
        + "  pfc:\n"
        + "    watchdog: { enabled: true, detection: 200ms, restoration: 400ms, action: drop }\n"
        + "    link-pause: false\n"
        + "  congestion-control: dcqcn\n"
        + "  oversubscription: { leaf: \""
        + leafRatio(shape)
        // a spine's target only means something where it has uplinks: with three tiers
        + (planes.threeTier() ? ":1\", spine: \"1:1\" }\n" : ":1\" }\n")
        + "  ecmp:\n"
        + "    hash-fields: [src-ip, dst-ip, ip-protocol, l4-src-port, l4-dst-port]\n"
        + "  versions:\n"
        + "    switch-os: { sonic: \"202411\" }\n"
        + "    nic-firmware: { connectx-7: \"28.43.1014\" }\n";
  }

  /**
   * The leaves' host ports per uplink as built (400G both), rounded up to the schema's two
   * decimals.
   */
  private static String leafRatio(RoceFabricShape shape) {
    BigDecimal ratio =
        BigDecimal.valueOf(shape.nodesPerSu())
            .divide(BigDecimal.valueOf(shape.uplinksPerLeaf()), 2, RoundingMode.CEILING);
    return ratio.stripTrailingZeros().toPlainString();
  }

  /**
   * A host-facing and a fabric profile per port speed the hardware uses, in the order the speeds
   * first appear (leaves by rail, then spines); one speed gives the two lines it always has.
   */
  private static String profiles(RoceFabricShape shape, RailPlanes planes, FabricHardware hw) {
    java.util.Set<String> speeds = new java.util.LinkedHashSet<>();
    for (int rail = 0; rail < shape.railsPerNode(); rail++) {
      speeds.add(hw.leaf(rail).speed());
    }
    for (int group = 0; group < planes.spineGroups(); group++) {
      for (int s = 0; s < planes.spinesPerGroup(); s++) {
        speeds.add(hw.spine(group, s).speed());
      }
    }
    StringBuilder y = new StringBuilder("profiles:\n");
    for (String speed : speeds) {
      String suffix = speed.toLowerCase(java.util.Locale.ROOT);
      y.append("  host-")
          .append(suffix)
          .append(": { speed: ")
          .append(speed)
          .append(", role: host-facing }\n")
          .append("  fabric-")
          .append(suffix)
          .append(": { speed: ")
          .append(speed)
          .append(", role: fabric }\n");
    }
    return y.toString();
  }

  private static String scalableUnit(RoceFabricShape shape, FabricHardware hw, int su) {
    StringBuilder y = new StringBuilder(64 * 1024);
    y.append("# Scalable unit ")
        .append(su + 1)
        .append(": ")
        .append(shape.nodesPerSu())
        .append(" nodes, ")
        .append(shape.railsPerNode())
        .append(" rail leaves\n");
    y.append("switches:\n");
    for (int rail = 0; rail < shape.railsPerNode(); rail++) {
      int leaf = su * shape.railsPerNode() + rail;
      SwitchModel model = hw.leaf(rail);
      y.append("  - name: ")
          .append(leafName(leaf))
          .append('\n')
          .append("    role: leaf\n    rail: ")
          .append(rail)
          .append("\n    scalable-unit: su-")
          .append(su + 1)
          .append("\n");
      hardware(y, model);
      y.append("    management: { host: 127.0.0.1, port: ")
          .append(FIRST_MGMT_PORT + leaf)
          .append(", credentials: lab }\n")
          .append("    ports:\n");
      for (int p = 0; p < shape.nodesPerSu(); p++) {
        y.append("      - { name: ")
            .append(model.port(p))
            .append(", profile: host-")
            .append(model.profileSuffix())
            .append(" }\n");
      }
      for (int u = 0; u < shape.uplinksPerLeaf(); u++) {
        y.append("      - { name: ")
            .append(model.port(shape.nodesPerSu() + u))
            .append(", profile: fabric-")
            .append(model.profileSuffix())
            .append(" }\n");
      }
    }
    y.append("hosts:\n");
    for (int n = 0; n < shape.nodesPerSu(); n++) {
      int node = su * shape.nodesPerSu() + n;
      y.append("  - name: ").append(nodeName(node)).append('\n').append("    nics:\n");
      for (int rail = 0; rail < shape.railsPerNode(); rail++) {
        y.append("      - { name: eth")
            .append(rail)
            .append(", rdma-device: mlx5_")
            .append(rail)
            .append(", model: connectx-7, firmware: \"28.43.1014\", speed: ")
            .append(hw.leaf(rail).speed())
            .append(", rail: ")
            .append(rail)
            .append(" }\n");
      }
    }
    y.append("links:\n");
    for (int n = 0; n < shape.nodesPerSu(); n++) {
      int node = su * shape.nodesPerSu() + n;
      for (int rail = 0; rail < shape.railsPerNode(); rail++) {
        int leaf = su * shape.railsPerNode() + rail;
        y.append("  - { a: ")
            .append(leafName(leaf))
            .append(':')
            .append(hw.leaf(rail).port(n))
            .append(", b: ")
            .append(nodeName(node))
            .append(":eth")
            .append(rail)
            .append(", cable-length: 3m }\n");
      }
    }
    return y.toString();
  }

  private static String spineGroup(
      RoceFabricShape shape, RailPlanes planes, FabricHardware hw, int group) {
    int pod = group / planes.groupsPerPod();
    int firstRail = (group % planes.groupsPerPod()) * planes.railsPerGroup();
    int down = planes.spineDownPorts(group);
    StringBuilder y = new StringBuilder(64 * 1024);
    y.append("# Spine group ")
        .append(group + 1)
        .append(": ")
        .append(planes.spinesPerGroup())
        .append(" spines for rail");
    if (planes.railsPerGroup() == 1) {
      y.append(' ').append(firstRail);
    } else {
      y.append("s ").append(firstRail).append('-').append(firstRail + planes.railsPerGroup() - 1);
    }
    if (planes.threeTier()) {
      y.append(" of pod ").append(pod + 1);
    }
    y.append(", each reaching every one of ").append(down).append(" leaves once\n");
    y.append("switches:\n");
    for (int s = 0; s < planes.spinesPerGroup(); s++) {
      int spine = group * planes.spinesPerGroup() + s;
      SwitchModel model = hw.spine(group, s);
      switchHeader(y, spineName(spine), "spine", model, FIRST_MGMT_PORT + shape.leaves() + spine);
      for (int p = 0; p < down; p++) {
        fabricPort(y, model, p);
      }
      for (int u = 0; u < planes.spineUplinks(); u++) {
        fabricPort(y, model, planes.firstSpineUplinkPort() + u);
      }
    }
    y.append("links:\n");
    for (int p = 0; p < down; p++) {
      int su = pod * planes.unitsPerPod() + p / planes.railsPerGroup();
      int rail = firstRail + p % planes.railsPerGroup();
      int leaf = su * shape.railsPerNode() + rail;
      for (int s = 0; s < planes.spinesPerGroup(); s++) {
        SwitchModel spine = hw.spine(group, s);
        sameSpeed(hw.leaf(rail), spine);
        link(
            y,
            leafName(leaf),
            hw.leaf(rail).port(shape.nodesPerSu() + s),
            spineName(group * planes.spinesPerGroup() + s),
            spine.port(p),
            p,
            s);
      }
    }
    return y.toString();
  }

  /**
   * Super-spine group {@code superGroup} of {@code rail}: its super-spines and every link from the
   * rail's spines dealt to it (the rail's k-th spine, counted pod by pod, goes to group k modulo
   * the group count, so every pod reaches every group).
   */
  private static String superSpineGroup(
      RoceFabricShape shape, RailPlanes planes, FabricHardware hw, int rail, int superGroup) {
    int groups = planes.superGroupsPerRail();
    int spinesOfRail = planes.pods() * planes.spinesPerGroup();
    int first = (rail * groups + superGroup) * planes.superSpinesPerGroup();
    int portsUsed = (spinesOfRail - superGroup + groups - 1) / groups;
    StringBuilder y = new StringBuilder(64 * 1024);
    y.append("# Super-spine group ")
        .append(superGroup + 1)
        .append(" of rail ")
        .append(rail)
        .append(": ")
        .append(planes.superSpinesPerGroup())
        .append(" super-spines, each reaching every one of ")
        .append(portsUsed)
        .append(" spines of the rail once\n");
    y.append("switches:\n");
    SwitchModel model = hw.superSpine(rail);
    for (int x = 0; x < planes.superSpinesPerGroup(); x++) {
      switchHeader(
          y,
          superSpineName(first + x),
          "super-spine",
          model,
          FIRST_MGMT_PORT + shape.leaves() + planes.spines() + first + x);
      for (int p = 0; p < portsUsed; p++) {
        fabricPort(y, model, p);
      }
    }
    y.append("links:\n");
    for (int k = superGroup; k < spinesOfRail; k += groups) {
      int pod = k / planes.spinesPerGroup();
      int group = pod * planes.groupsPerPod() + rail;
      int spine = group * planes.spinesPerGroup() + k % planes.spinesPerGroup();
      SwitchModel spineModel = hw.spine(group, k % planes.spinesPerGroup());
      sameSpeed(spineModel, model);
      for (int x = 0; x < planes.superSpinesPerGroup(); x++) {
        link(
            y,
            spineName(spine),
            spineModel.port(planes.firstSpineUplinkPort() + x),
            superSpineName(first + x),
            model.port(k / groups),
            k / groups,
            x);
      }
    }
    return y.toString();
  }

  private static void switchHeader(
      StringBuilder y, String name, String role, SwitchModel model, int mgmtPort) {
    y.append("  - name: ").append(name).append("\n    role: ").append(role).append("\n");
    hardware(y, model);
    y.append("    management: { host: 127.0.0.1, port: ")
        .append(mgmtPort)
        .append(", credentials: lab }\n")
        .append("    ports:\n");
  }

  /** A fabric link; its length spread over 20..99 m deterministically, as rows of a hall differ. */
  private static void link(
      StringBuilder y, String a, String aPort, String b, String bPort, int row, int column) {
    int metres = 20 + ((row * 31 + column * 17) % 80);
    y.append("  - { a: ")
        .append(a)
        .append(':')
        .append(aPort)
        .append(", b: ")
        .append(b)
        .append(':')
        .append(bPort)
        .append(", cable-length: ")
        .append(metres)
        .append("m }\n");
  }

  private static String leafName(int i) {
    return String.format("leaf-%04d", i + 1);
  }

  private static String spineName(int i) {
    return String.format("spine-%04d", i + 1);
  }

  private static String superSpineName(int i) {
    return String.format("super-spine-%04d", i + 1);
  }

  private static String nodeName(int i) {
    return String.format("gpu-%05d", i + 1);
  }

  private static void hardware(StringBuilder y, SwitchModel model) {
    y.append("    platform: sonic\n    asic: ")
        .append(model.asic())
        .append("\n    hwsku: ")
        .append(model.hwsku())
        .append("\n    os-version: \"202411\"\n");
  }

  private static void fabricPort(StringBuilder y, SwitchModel model, int i) {
    y.append("      - { name: ")
        .append(model.port(i))
        .append(", profile: fabric-")
        .append(model.profileSuffix())
        .append(" }\n");
  }

  /** A link joins two ports at one speed: hardware that would not is refused, not written. */
  private static void sameSpeed(SwitchModel a, SwitchModel b) {
    if (!a.speed().equals(b.speed())) {
      throw new IllegalArgumentException(
          a.hwsku()
              + " ("
              + a.speed()
              + ") and "
              + b.hwsku()
              + " ("
              + b.speed()
              + ") would be linked: give the spines of a group the speed of its rails' leaves");
    }
  }
}
