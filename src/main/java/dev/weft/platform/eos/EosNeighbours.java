package dev.weft.platform.eos;

import dev.weft.platform.OpenConfigLldp;

/**
 * Arista EOS serves openconfig-lldp's operational state over NETCONF; its neighbours are read from
 * there.
 */
public final class EosNeighbours extends OpenConfigLldp {}
