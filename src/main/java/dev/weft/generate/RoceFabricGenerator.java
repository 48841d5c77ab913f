package dev.weft.generate;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a valid rail-optimised RoCE inventory of any size, split the way a team would keep it: one
 * file for the fabric plan, one for profiles, one per scalable unit (its nodes, leaves and host
 * links) and one per spine block (its spines and leaf-spine links). Output is a pure function of
 * the shape, so the same size always gives byte-identical files.
 */
public final class RoceFabricGenerator {

  private static final int FIRST_MGMT_PORT = 18301;

  /** Relative file path to YAML text, in writing order. */
  public Map<String, String> generate(String fabricName, RoceFabricShape shape) {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("fabric.yaml", fabric(fabricName, shape));
    files.put("profiles.yaml", PROFILES);
    for (int su = 0; su < shape.scalableUnits(); su++) {
      files.put(String.format("units/su-%03d.yaml", su + 1), scalableUnit(shape, su));
    }
    for (int block = 0; block < shape.blocks(); block++) {
      files.put(String.format("spines/block-%02d.yaml", block + 1), spineBlock(shape, block));
    }
    return files;
  }

  private static String fabric(String name, RoceFabricShape shape) {
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
        + shape.spines()
        + " spines\n"
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
        + ":1\" }\n"
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

  private static final String PROFILES =
      "profiles:\n"
          + "  host-400g: { speed: 400G, role: host-facing }\n"
          + "  fabric-400g: { speed: 400G, role: fabric }\n";

  private static String scalableUnit(RoceFabricShape shape, int su) {
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
      y.append("  - name: ")
          .append(leafName(leaf))
          .append('\n')
          .append("    role: leaf\n    rail: ")
          .append(rail)
          .append("\n    scalable-unit: su-")
          .append(su + 1)
          .append(
              "\n    platform: sonic\n    asic: spectrum-4\n    hwsku: Mellanox-SN5600-O128\n    os-version: \"202411\"\n")
          .append("    management: { host: 127.0.0.1, port: ")
          .append(FIRST_MGMT_PORT + leaf)
          .append(", credentials: lab }\n")
          .append("    ports:\n");
      for (int p = 0; p < shape.nodesPerSu(); p++) {
        y.append("      - { name: ").append(port(p)).append(", profile: host-400g }\n");
      }
      for (int u = 0; u < shape.uplinksPerLeaf(); u++) {
        y.append("      - { name: ")
            .append(port(shape.nodesPerSu() + u))
            .append(", profile: fabric-400g }\n");
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
            .append(", model: connectx-7, firmware: \"28.43.1014\", speed: 400G, rail: ")
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
            .append(port(n))
            .append(", b: ")
            .append(nodeName(node))
            .append(":eth")
            .append(rail)
            .append(", cable-length: 3m }\n");
      }
    }
    return y.toString();
  }

  private static String spineBlock(RoceFabricShape shape, int block) {
    int firstLeaf = block * shape.leavesPerBlock();
    int leavesHere = Math.min(shape.leavesPerBlock(), shape.leaves() - firstLeaf);
    StringBuilder y = new StringBuilder(64 * 1024);
    y.append("# Spine block ")
        .append(block + 1)
        .append(": ")
        .append(shape.spinesPerBlock())
        .append(" spines, each reaching every one of ")
        .append(leavesHere)
        .append(" leaves once\n");
    y.append("switches:\n");
    for (int s = 0; s < shape.spinesPerBlock(); s++) {
      int spine = block * shape.spinesPerBlock() + s;
      y.append("  - name: ")
          .append(spineName(spine))
          .append('\n')
          .append(
              "    role: spine\n    platform: sonic\n    asic: spectrum-4\n    hwsku: Mellanox-SN5600-O128\n    os-version: \"202411\"\n")
          .append("    management: { host: 127.0.0.1, port: ")
          .append(FIRST_MGMT_PORT + shape.leaves() + spine)
          .append(", credentials: lab }\n")
          .append("    ports:\n");
      for (int p = 0; p < leavesHere; p++) {
        y.append("      - { name: ").append(port(p)).append(", profile: fabric-400g }\n");
      }
    }
    y.append("links:\n");
    for (int l = 0; l < leavesHere; l++) {
      for (int s = 0; s < shape.spinesPerBlock(); s++) {
        int spine = block * shape.spinesPerBlock() + s;
        // Spread lengths over 20..99 m deterministically: rows of a real hall differ in distance.
        int metres = 20 + ((l * 31 + s * 17) % 80);
        y.append("  - { a: ")
            .append(leafName(firstLeaf + l))
            .append(':')
            .append(port(shape.nodesPerSu() + s))
            .append(", b: ")
            .append(spineName(spine))
            .append(':')
            .append(port(l))
            .append(", cable-length: ")
            .append(metres)
            .append("m }\n");
      }
    }
    return y.toString();
  }

  private static String leafName(int i) {
    return String.format("leaf-%04d", i + 1);
  }

  private static String spineName(int i) {
    return String.format("spine-%04d", i + 1);
  }

  private static String nodeName(int i) {
    return String.format("gpu-%05d", i + 1);
  }

  /** SONiC names a port after its first SerDes lane; with 8 lanes per cage the names step by 8. */
  private static String port(int i) {
    return "Ethernet" + (i * 8);
  }
}
