package dev.weft.compile;

/**
 * The two parts of a {@code device:port} peer, split once when a compiled port or NIC is made, so
 * rules that follow cables across 100,000+ ports do not split the string each time. Device names
 * cannot hold a colon.
 */
final class PeerEnd {

  private PeerEnd() {}

  /** The device part, or null when {@code peer} is null or has no {@code device:} prefix. */
  static String device(String peer, String given) {
    if (peer == null) {
      return null;
    }
    if (given != null) {
      return given;
    }
    int colon = peer.indexOf(':');
    return colon > 0 ? peer.substring(0, colon) : null;
  }

  /** The port part, or null likewise. */
  static String port(String peer, String given) {
    if (peer == null) {
      return null;
    }
    if (given != null) {
      return given;
    }
    int colon = peer.indexOf(':');
    return colon > 0 ? peer.substring(colon + 1) : null;
  }
}
