package dev.weft.model;

/**
 * How drift reaches a switch: NETCONF over SSH at host:port with a named credential (never a
 * secret).
 *
 * @param cli the switch's CLI over SSH, read beside NETCONF for what its platform serves only there
 *     (EOS: the DSCP map, trust and ECMP hash), with host and credentials defaulting to these; null
 *     when the intent names none
 */
public record Management(String host, int port, String credentials, Provenance at, Management cli) {

  /** Without a CLI login. */
  public Management(String host, int port, String credentials, Provenance at) {
    this(host, port, credentials, at, null);
  }
}
