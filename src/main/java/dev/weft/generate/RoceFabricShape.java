package dev.weft.generate;

/**
 * The shape of a synthetic rail-optimised RoCE fabric.
 *
 * <p>Each node has {@code railsPerNode} GPUs, each with its own RDMA NIC on its own rail. A
 * scalable unit (SU) of {@code nodesPerSu} nodes has one leaf per rail; every leaf has one host
 * port per node of its SU and as many uplinks. The RoCE fabric wires those uplinks to spine groups
 * that follow the rails ({@link RailPlanes}); the InfiniBand fat tree groups leaves into blocks of
 * {@code leavesPerBlock}, each block with one spine per leaf uplink, every leaf of the block
 * reaching every spine of the block once.
 */
public record RoceFabricShape(int gpus, int railsPerNode, int nodesPerSu, int leavesPerBlock) {

  public RoceFabricShape {
    if (gpus <= 0 || gpus % railsPerNode != 0) {
      throw new IllegalArgumentException(
          "--gpus must be a positive multiple of " + railsPerNode + ", found " + gpus);
    }
    if (nodes(gpus, railsPerNode) % nodesPerSu != 0 && nodes(gpus, railsPerNode) > nodesPerSu) {
      throw new IllegalArgumentException(
          "--gpus must fill whole scalable units of "
              + nodesPerSu
              + " nodes ("
              + nodesPerSu * railsPerNode
              + " GPUs), found "
              + gpus);
    }
  }

  /** The defaults used for the published sizes (1,024 / 8,192 / 32,768 GPUs). */
  public static RoceFabricShape forGpus(int gpus) {
    return new RoceFabricShape(gpus, 8, Math.min(32, Math.max(1, gpus / 8)), 64);
  }

  private static int nodes(int gpus, int rails) {
    return gpus / rails;
  }

  public int nodes() {
    return gpus / railsPerNode;
  }

  public int scalableUnits() {
    return nodes() / nodesPerSu;
  }

  public int leaves() {
    return scalableUnits() * railsPerNode;
  }

  /** Uplinks per leaf equal host ports per leaf: non-blocking. */
  public int uplinksPerLeaf() {
    return nodesPerSu;
  }

  /** Leaf blocks of the InfiniBand fat tree. */
  public int blocks() {
    return (leaves() + leavesPerBlock - 1) / leavesPerBlock;
  }

  public int spinesPerBlock() {
    return uplinksPerLeaf();
  }

  /** Spines of the InfiniBand fat tree (the RoCE fabric's are {@link RailPlanes#spines()}). */
  public int spines() {
    return blocks() * spinesPerBlock();
  }
}
