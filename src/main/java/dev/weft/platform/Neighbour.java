package dev.weft.platform;

import java.util.Objects;

/**
 * One neighbour a device reports on one of its ports (LLDP): the peer's system name and the peer's
 * port as the peer names it.
 *
 * @param port the local port, as the intent names it
 * @param peer the neighbour's system name (its hostname: the device name in the intent)
 * @param peerPort the neighbour's port (its LLDP port ID, or its description when the ID is a MAC
 *     address)
 */
public record Neighbour(String port, String peer, String peerPort)
    implements Comparable<Neighbour> {
  public Neighbour {
    Objects.requireNonNull(port, "port");
    Objects.requireNonNull(peer, "peer");
    Objects.requireNonNull(peerPort, "peerPort");
  }

  @Override
  public int compareTo(Neighbour o) {
    int c = port.compareTo(o.port);
    if (c == 0) {
      c = peer.compareTo(o.peer);
    }
    return c != 0 ? c : peerPort.compareTo(o.peerPort);
  }
}
