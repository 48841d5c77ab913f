package dev.weft.platform.connectx;

import dev.weft.platform.LldpdJson;

/**
 * A GPU host's neighbours: hosts run Debian's lldpd on their RDMA NICs' netdevs, so {@code lldpctl
 * -f json} lists the leaf port each NIC is cabled to.
 */
public final class ConnectxNeighbours extends LldpdJson {}
