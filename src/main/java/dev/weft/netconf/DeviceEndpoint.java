package dev.weft.netconf;

import java.util.Objects;

/**
 * Where a device's NETCONF server listens.
 *
 * @param name device name used in messages (e.g. {@code leaf-1})
 * @param host address or host name
 * @param port SSH port of the NETCONF subsystem (830 by convention)
 */
public record DeviceEndpoint(String name, String host, int port) {

  public DeviceEndpoint {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(host, "host");
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port must be 1..65535, got " + port);
    }
  }

  /** {@code name (host:port)}, with IPv6 hosts in brackets; the prefix of every message. */
  public String label() {
    String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
    return name + " (" + h + ":" + port + ")";
  }
}
