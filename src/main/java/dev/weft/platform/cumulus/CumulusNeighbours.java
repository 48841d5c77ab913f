package dev.weft.platform.cumulus;

import dev.weft.platform.LldpdJson;

/**
 * Cumulus Linux's neighbours: it runs lldpd, so {@code lldpctl -f json} lists them (NVUE's {@code
 * nv show interface <swp> lldp -o json} reads the same daemon, one interface per command).
 */
public final class CumulusNeighbours extends LldpdJson {}
