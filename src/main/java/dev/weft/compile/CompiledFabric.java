package dev.weft.compile;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The vendor-neutral effective config of every device, compiled from the model: what templates
 * read, what drift compares, and what rules on rendered and live config check.
 *
 * @param fabric the fabric name, or null
 * @param devices switches first (natural name order), then hosts (natural name order)
 */
public record CompiledFabric(String fabric, List<CompiledDevice> devices) {

  public CompiledFabric {
    devices = NaturalOrder.sorted(devices, DEVICE_ORDER);
  }

  /** Switches before hosts, each in natural name order. */
  private static final java.util.Comparator<CompiledDevice> DEVICE_ORDER =
      (a, b) -> {
        int kind = Boolean.compare(a instanceof CompiledHost, b instanceof CompiledHost);
        return kind != 0 ? kind : NaturalOrder.INSTANCE.compare(a.name(), b.name());
      };

  /** Kept for callers of the placeholder contract. */
  public CompiledFabric(List<CompiledDevice> devices) {
    this(null, devices);
  }

  public List<CompiledSwitch> switches() {
    return devices.stream()
        .filter(CompiledSwitch.class::isInstance)
        .map(CompiledSwitch.class::cast)
        .toList();
  }

  public List<CompiledHost> hosts() {
    return devices.stream()
        .filter(CompiledHost.class::isInstance)
        .map(CompiledHost.class::cast)
        .toList();
  }

  /**
   * The device named {@code name} (a linear scan: callers with many lookups should use {@link
   * #byName()}).
   */
  public Optional<CompiledDevice> device(String name) {
    return devices.stream().filter(d -> d.name().equals(name)).findFirst();
  }

  /** Every device by name, in device order. */
  public Map<String, CompiledDevice> byName() {
    Map<String, CompiledDevice> map = new LinkedHashMap<>();
    devices.forEach(d -> map.putIfAbsent(d.name(), d));
    return Collections.unmodifiableMap(map);
  }
}
