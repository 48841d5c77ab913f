package dev.weft.compile;

/**
 * What the headroom of one lossless PG depends on.
 *
 * @param speedGbps port speed in Gb/s
 * @param cableMetres cable length in metres
 * @param portMtu the port's L3 MTU in bytes (SONiC {@code PORT.mtu})
 * @param losslessMtu the largest lossless packet in bytes (SONiC {@code
 *     LOSSLESS_TRAFFIC_PATTERN.mtu}); the compiler passes the fabric's NIC MTU, the largest packet
 *     a RoCE sender emits
 */
public record HeadroomInput(long speedGbps, long cableMetres, long portMtu, long losslessMtu) {
  public HeadroomInput {
    if (speedGbps <= 0 || cableMetres < 0 || portMtu <= 0 || losslessMtu <= 0) {
      throw new IllegalArgumentException(
          "headroom input out of range: speed "
              + speedGbps
              + "G, cable "
              + cableMetres
              + "m, port MTU "
              + portMtu
              + ", lossless MTU "
              + losslessMtu);
    }
  }
}
