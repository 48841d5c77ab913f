package dev.weft.platform.openconfig;

import dev.weft.platform.OpenConfigLldp;

/** An OpenConfig target's neighbours: openconfig-lldp's operational state over NETCONF. */
public final class OpenConfigNeighbours extends OpenConfigLldp {}
