package dev.weft.platform.sonic;

import dev.weft.platform.LldpdJson;

/**
 * SONiC's neighbours: its lldp container runs lldpd, so {@code lldpctl -f json} over the SSH
 * session lists them (SONiC's {@code show lldp neighbors} prints the same table as text).
 */
public final class SonicNeighbours extends LldpdJson {}
