package dev.weft.model;

import dev.weft.units.Length;

/**
 * A cable between two endpoints; {@code cableLength} may be null (not written).
 *
 * @param media the cable or optic class ({@code dac}, {@code aoc}, {@code sr}, {@code dr}, {@code
 *     fr}, {@code lr}), or null
 */
public record Link(Endpoint a, Endpoint b, Length cableLength, Provenance at, String media) {

  public Link(Endpoint a, Endpoint b, Length cableLength, Provenance at) {
    this(a, b, cableLength, at, null);
  }

  /** The other end of the link, or null when {@code end} is not one of its ends. */
  public Endpoint peerOf(String device, String port) {
    if (a.device().equals(device) && a.port().equals(port)) {
      return b;
    }
    if (b.device().equals(device) && b.port().equals(port)) {
      return a;
    }
    return null;
  }
}
