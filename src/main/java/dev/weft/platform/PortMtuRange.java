package dev.weft.platform;

import java.util.Objects;

/**
 * The port MTUs a platform's configuration model accepts, both ends included, and the model that
 * says so: a rendered MTU outside it is refused by the device (and by yanglint or netconfd on the
 * vendor's YANG), so the {@code mtu-platform-range} rule stops it at validate time.
 *
 * @param min the smallest MTU the model accepts, in bytes
 * @param max the largest MTU the model accepts, in bytes
 * @param source the vendored model and leaf (or type) that states the range, as a repository path
 *     and name, e.g. {@code yang/vendor/sonic/sonic-port.yang: PORT_LIST/mtu}
 */
public record PortMtuRange(int min, int max, String source) {
  public PortMtuRange {
    Objects.requireNonNull(source, "source");
    if (min > max) {
      throw new IllegalArgumentException("MTU range " + min + ".." + max + " is empty");
    }
  }

  /** True when {@code mtu} lies in the range. */
  public boolean accepts(int mtu) {
    return mtu >= min && mtu <= max;
  }
}
