package dev.weft.cabling;

import dev.weft.model.Endpoint;

/** One end of a cable: a device's port. */
public record End(String device, String port) implements Comparable<End> {

  static End of(Endpoint e) {
    return new End(e.device(), e.port());
  }

  @Override
  public int compareTo(End o) {
    int c = device.compareTo(o.device);
    return c != 0 ? c : port.compareTo(o.port);
  }

  @Override
  public String toString() {
    return device + ":" + port;
  }
}
