package dev.weft.render;

import java.util.Set;
import java.util.TreeSet;

/**
 * What to render.
 *
 * @param devices only these devices (by name); empty means every device
 * @param threads how many devices render at once (at least 1)
 */
public record RenderOptions(Set<String> devices, int threads) {
  public RenderOptions {
    devices = Set.copyOf(new TreeSet<>(devices));
    threads = Math.max(1, threads);
  }

  /** Every device, on as many threads as there are processors (at most 8). */
  public static RenderOptions all() {
    return new RenderOptions(Set.of(), Math.min(8, Runtime.getRuntime().availableProcessors()));
  }

  /** The same options limited to the named devices. */
  public RenderOptions only(Set<String> names) {
    return new RenderOptions(names, threads);
  }

  /** Whether {@code device} is among those to render. */
  public boolean wants(String device) {
    return devices.isEmpty() || devices.contains(device);
  }
}
