package dev.weft.platform;

/**
 * What a platform configures: a switch of the fabric, a GPU host's RDMA NICs, or a subnet manager.
 */
public enum DeviceKind {
  /** An Ethernet or InfiniBand switch: a {@code switches[].platform} value of the intent. */
  SWITCH,
  /** A GPU host's RDMA NICs: rendered for every host. */
  HOST,
  /** An InfiniBand subnet manager host: rendered for every subnet manager. */
  SUBNET_MANAGER
}
