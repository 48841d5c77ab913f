package dev.weft.generate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a valid InfiniBand fat-tree inventory (intent-format §5) the same size and shape as {@link
 * RoceFabricGenerator}'s rail-optimised RoCE fabric, for benchmarks and demos: each node has one
 * HCA per rail, each scalable unit one Quantum leaf per rail (host ports {@code 1..nodesPerSu},
 * uplinks after them), each block of leaves its own spines. Two subnet-manager hosts hang off the
 * first leaf (the port after its uplinks). One partition per scalable unit besides the Default one.
 * Output is a pure function of the shape, so the same size always gives byte-identical files.
 */
public final class IbFabricGenerator {

  /** Relative file path to YAML text, in writing order. */
  public Map<String, String> generate(String fabricName, RoceFabricShape shape) {
    Map<String, String> files = new LinkedHashMap<>();
    files.put(
        "fabric.yaml",
        "version: 1\nfabric:\n  name: "
            + fabricName
            + "\n  transport: infiniband\n"
            + "  description: Synthetic InfiniBand fat tree, "
            + shape.gpus()
            + " GPUs, "
            + shape.leaves()
            + " leaves, "
            + shape.spines()
            + " spines, 2 subnet managers\n");
    files.put("subnet.yaml", subnet(shape));
    for (int su = 0; su < shape.scalableUnits(); su++) {
      files.put(String.format("units/su-%03d.yaml", su + 1), scalableUnit(shape, su));
    }
    for (int block = 0; block < shape.blocks(); block++) {
      files.put(String.format("spines/block-%02d.yaml", block + 1), spineBlock(shape, block));
    }
    return files;
  }

  private static String subnet(RoceFabricShape shape) {
    StringBuilder y = new StringBuilder(16 * 1024);
    int smPort = shape.nodesPerSu() + shape.uplinksPerLeaf() + 1;
    y.append("version: 1\n");
    y.append("hosts:\n");
    for (int sm = 0; sm < 2; sm++) {
      y.append("  - { name: ufm-0")
          .append(sm + 1)
          .append(", hcas: [ { name: mlx5_0, port-guid: \"")
          .append(guid(0xc0000000L + sm))
          .append("\", speed: 400G } ] }\n");
    }
    y.append("links:\n");
    for (int sm = 0; sm < 2; sm++) {
      y.append("  - { a: ")
          .append(leafName(0))
          .append(':')
          .append(smPort + sm)
          .append(", b: ufm-0")
          .append(sm + 1)
          .append(":mlx5_0, cable-length: 3m }\n");
    }
    y.append("subnet:\n")
        .append("  prefix: \"0xfe80000000000000\"\n")
        .append("  subnet-managers:\n")
        .append("    - { host: ufm-01, port-guid: \"")
        .append(guid(0xc0000000L))
        .append("\", priority: 15 }\n")
        .append("    - { host: ufm-02, port-guid: \"")
        .append(guid(0xc0000001L))
        .append("\", priority: 14 }\n")
        .append("  routing-engine: [ftree, updn]\n")
        .append("  root-switches: [");
    for (int s = 0; s < shape.spines(); s++) {
      y.append(s == 0 ? "" : ", ").append(spineName(s));
    }
    y.append("]\n")
        .append("  lmc: 0\n  mtu: 4096\n  rate: 400G\n")
        .append("  qos:\n    enabled: true\n    max-vls: 8\n    high-limit: 0\n")
        .append("    vlarb-high: [ { vl: 0, weight: 64 }, { vl: 1, weight: 64 } ]\n")
        .append(
            "    vlarb-low:  [ { vl: 0, weight: 64 }, { vl: 1, weight: 64 }, { vl: 2, weight: 64 } ]\n")
        .append("    sl2vl: [0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\n")
        .append("    levels:\n      - { name: DEFAULT, sl: 0 }\n      - { name: storage, sl: 1 }\n")
        .append("  partitions:\n")
        .append(
            "    - { name: Default, pkey: \"0x7fff\", members: [ { all: true, membership: limited } ] }\n");
    for (int su = 0; su < shape.scalableUnits(); su++) {
      y.append("    - name: su-")
          .append(String.format("%03d", su + 1))
          .append('\n')
          .append("      pkey: \"")
          .append(String.format("0x%04x", 0x0101 + su))
          .append("\"\n")
          .append("      ipoib: true\n      mtu: 4096\n      rate: 400G\n      sl: 0\n")
          .append("      members:\n        - { hosts: [");
      for (int n = 0; n < shape.nodesPerSu(); n++) {
        y.append(n == 0 ? "" : ", ").append(nodeName(su * shape.nodesPerSu() + n));
      }
      y.append("], membership: full }\n");
    }
    y.append("  adaptive-routing: { enabled: false }\n  sharp: { enabled: true }\n");
    return y.toString();
  }

  private static String scalableUnit(RoceFabricShape shape, int su) {
    StringBuilder y = new StringBuilder(64 * 1024);
    y.append("version: 1\n# Scalable unit ")
        .append(su + 1)
        .append(": ")
        .append(shape.nodesPerSu())
        .append(" nodes, ")
        .append(shape.railsPerNode())
        .append(" rail leaves\n");
    y.append("switches:\n");
    for (int rail = 0; rail < shape.railsPerNode(); rail++) {
      int leaf = su * shape.railsPerNode() + rail;
      y.append("  - { name: ")
          .append(leafName(leaf))
          .append(", role: leaf, platform: ib-quantum, node-guid: \"")
          .append(guid(0xa0000000L + leaf))
          .append("\" }\n");
    }
    y.append("hosts:\n");
    for (int n = 0; n < shape.nodesPerSu(); n++) {
      int node = su * shape.nodesPerSu() + n;
      y.append("  - name: ").append(nodeName(node)).append('\n').append("    hcas:\n");
      for (int rail = 0; rail < shape.railsPerNode(); rail++) {
        y.append("      - { name: mlx5_")
            .append(rail)
            .append(", port-guid: \"")
            .append(guid(0xb0000000L + (long) node * shape.railsPerNode() + rail))
            .append("\", speed: 400G }\n");
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
            .append(n + 1)
            .append(", b: ")
            .append(nodeName(node))
            .append(":mlx5_")
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
    y.append("version: 1\n# Spine block ")
        .append(block + 1)
        .append(": ")
        .append(shape.spinesPerBlock())
        .append(" spines, each reaching every one of ")
        .append(leavesHere)
        .append(" leaves once\n");
    y.append("switches:\n");
    for (int s = 0; s < shape.spinesPerBlock(); s++) {
      int spine = block * shape.spinesPerBlock() + s;
      y.append("  - { name: ")
          .append(spineName(spine))
          .append(", role: spine, platform: ib-quantum, node-guid: \"")
          .append(guid(0xd0000000L + spine))
          .append("\" }\n");
    }
    y.append("links:\n");
    for (int l = 0; l < leavesHere; l++) {
      for (int s = 0; s < shape.spinesPerBlock(); s++) {
        int spine = block * shape.spinesPerBlock() + s;
        int metres = 20 + ((l * 31 + s * 17) % 80);
        y.append("  - { a: ")
            .append(leafName(firstLeaf + l))
            .append(':')
            .append(shape.nodesPerSu() + s + 1)
            .append(", b: ")
            .append(spineName(spine))
            .append(':')
            .append(l + 1)
            .append(", cable-length: ")
            .append(metres)
            .append("m }\n");
      }
    }
    return y.toString();
  }

  /** A Mellanox-OUI GUID (00:02:c9) with {@code n} in the low 32 bits: unique per role range. */
  private static String guid(long n) {
    return String.format("0x0002c903%08x", n);
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
}
