package dev.weft.render;

import dev.weft.compile.FrozenSortedMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the plain-value views that templates read.
 *
 * <p>Why views and not the records themselves: Jinjava 2.8 resolves {@code a.b} through its {@code
 * BeanELResolver}, which uses {@code java.beans.Introspector} and so only sees {@code
 * getB()}/{@code isB()} bean getters. Record accessors ({@code b()}) are invisible to it, and the
 * sandbox must not allow method calls from templates anyway. So {@link TemplateData} gives every
 * compiled record a view: an unmodifiable map with snake_case keys in sorted order whose values are
 * only strings, numbers, booleans, lists and maps (never null: absent values are left out, so
 * templates test them with {@code is defined}). Same input, same map, same iteration order.
 */
public final class TemplateView {

  private TemplateView() {}

  /**
   * A sorted, unmodifiable map from alternating key/value arguments; null values are left out.
   *
   * <p>A sorted array map, not a TreeMap: a large fabric builds a million of these views per
   * render, and call sites pass their keys in (nearly) sorted order, so an insertion sort of the
   * pairs is a single pass of comparisons where a red-black tree allocated and re-balanced per key.
   */
  public static Map<String, Object> of(Object... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("keys and values must pair up");
    }
    int pairs = keysAndValues.length / 2;
    String[] keys = new String[pairs];
    Object[] values = new Object[pairs];
    int n = 0;
    for (int i = 0; i < keysAndValues.length; i += 2) {
      String key = (String) keysAndValues[i];
      Object value = keysAndValues[i + 1];
      int at = n;
      while (at > 0 && keys[at - 1].compareTo(key) >= 0) {
        at--;
      }
      if (value == null) {
        continue;
      }
      if (at < n && keys[at].equals(key)) {
        values[at] = value; // a repeated key: the later value wins, as with Map.put
        continue;
      }
      System.arraycopy(keys, at, keys, at + 1, n - at);
      System.arraycopy(values, at, values, at + 1, n - at);
      keys[at] = key;
      values[at] = value;
      n++;
    }
    if (n < pairs) {
      keys = java.util.Arrays.copyOf(keys, n);
      values = java.util.Arrays.copyOf(values, n);
    }
    return FrozenSortedMap.ofSorted(keys, values);
  }

  /**
   * {@code view} (a sorted view) with one more entry, or the entry replaced when the key is there:
   * a sorted, unmodifiable map like the views themselves, built by one merge pass, not a tree copy.
   */
  public static Map<String, Object> with(Map<String, Object> view, String key, Object value) {
    java.util.Objects.requireNonNull(value, "a view holds no null values");
    int size = view.size();
    String[] keys = new String[size + 1];
    Object[] values = new Object[size + 1];
    int n = 0;
    boolean placed = false;
    String previous = null;
    for (Map.Entry<String, Object> entry : view.entrySet()) {
      String k = entry.getKey();
      if (previous != null && previous.compareTo(k) >= 0) {
        TreeMap<String, Object> sorted = new TreeMap<>(view);
        sorted.put(key, value);
        return Collections.unmodifiableMap(sorted);
      }
      previous = k;
      if (!placed) {
        int c = key.compareTo(k);
        if (c <= 0) {
          keys[n] = key;
          values[n++] = value;
          placed = true;
          if (c == 0) {
            continue;
          }
        }
      }
      keys[n] = k;
      values[n++] = entry.getValue();
    }
    if (!placed) {
      keys[n] = key;
      values[n++] = value;
    }
    if (n < keys.length) {
      keys = java.util.Arrays.copyOf(keys, n);
      values = java.util.Arrays.copyOf(values, n);
    }
    return FrozenSortedMap.ofSorted(keys, values);
  }

  /** The template maps of a list of compiled parts, in list order. */
  static <T> List<Map<String, Object>> list(
      List<T> items, java.util.function.Function<T, Map<String, Object>> view) {
    List<Map<String, Object>> out = new ArrayList<>(items.size());
    for (T item : items) {
      out.add(view.apply(item));
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * List views shared within one device's view: ports built from one QoS plan hold the same queue
   * list, and ports with equal headroom inputs the same PG list, so each such list becomes one view
   * object however many ports hold it. Less to build, and the render fingerprint encodes a repeated
   * object once. Views are immutable, so sharing them is safe.
   */
  static final class Shared {
    private final Map<Object, List<Map<String, Object>>> views = new IdentityHashMap<>();

    private final Map<Object, Object> derived = new IdentityHashMap<>();

    <T> List<Map<String, Object>> list(
        List<T> items, java.util.function.Function<T, Map<String, Object>> view) {
      return views.computeIfAbsent(items, k -> TemplateView.list(items, view));
    }

    /**
     * {@code make.apply(source)} once per {@code source} object (immutable), then the same result.
     */
    @SuppressWarnings("unchecked")
    <S, V> V derived(S source, java.util.function.Function<S, V> make) {
      return (V) derived.computeIfAbsent(source, k -> make.apply(source));
    }
  }
}
