package dev.weft.model;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An unmodifiable map from {@code device:port} to a value, stored as device → port → value so
 * lookups by device and port build no key string ({@link #at}). 200,000 link ends used to cost
 * 200,000 concatenations to build the index and as many again to query it. As a {@code Map<String,
 * V>} it answers the same as a map keyed by {@link Endpoint#toString()}: device names cannot
 * contain {@code ':'} (schema), so the first colon splits.
 */
final class EndIndex<V> extends AbstractMap<String, V> {

  private final Map<String, Map<String, V>> byDevice;
  private final int size;

  private EndIndex(Map<String, Map<String, V>> byDevice, int size) {
    this.byDevice = byDevice;
    this.size = size;
  }

  /** Collects entries; the first value put for an end wins, like {@link Map#putIfAbsent}. */
  static final class Builder<V> {
    private final Map<String, Map<String, V>> byDevice;
    private int size;

    Builder(int expectedDevices) {
      byDevice = new LinkedHashMap<>(Math.max(16, expectedDevices * 4 / 3 + 1));
    }

    void putIfAbsent(String device, String port, V value) {
      Map<String, V> ports = byDevice.computeIfAbsent(device, d -> new HashMap<>(16));
      if (ports.putIfAbsent(port, value) == null) {
        size++;
      }
    }

    /** Adds a whole device's map as is; the device must not have been added before. */
    void putDevice(String device, Map<String, V> ports) {
      if (byDevice.putIfAbsent(device, ports) != null) {
        throw new IllegalStateException("device added twice: " + device);
      }
      size += ports.size();
    }

    EndIndex<V> build() {
      return new EndIndex<>(byDevice, size);
    }
  }

  /** The value at {@code device:port}, or null. */
  V at(String device, String port) {
    Map<String, V> ports = byDevice.get(device);
    return ports == null ? null : ports.get(port);
  }

  @Override
  public V get(Object key) {
    if (!(key instanceof String end)) {
      return null;
    }
    int colon = end.indexOf(':');
    return colon < 0 ? null : at(end.substring(0, colon), end.substring(colon + 1));
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public Set<Entry<String, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<String, V>> iterator() {
        Iterator<Entry<String, Map<String, V>>> devices = byDevice.entrySet().iterator();
        return new Iterator<>() {
          private String device;
          private Iterator<Entry<String, V>> ports = java.util.Collections.emptyIterator();

          @Override
          public boolean hasNext() {
            while (!ports.hasNext() && devices.hasNext()) {
              Entry<String, Map<String, V>> d = devices.next();
              device = d.getKey();
              ports = d.getValue().entrySet().iterator();
            }
            return ports.hasNext();
          }

          @Override
          public Entry<String, V> next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            Entry<String, V> p = ports.next();
            return new SimpleImmutableEntry<>(device + ":" + p.getKey(), p.getValue());
          }
        };
      }

      @Override
      public int size() {
        return size;
      }
    };
  }
}
