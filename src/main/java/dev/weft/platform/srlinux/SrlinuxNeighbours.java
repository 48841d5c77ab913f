package dev.weft.platform.srlinux;

import dev.weft.platform.OpenConfigLldp;

/**
 * Nokia SR Linux serves openconfig-lldp's operational state over NETCONF (with the OpenConfig
 * management server on).
 */
public final class SrlinuxNeighbours extends OpenConfigLldp {}
