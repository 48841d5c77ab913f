package dev.weft.compile;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SortedMap;

/**
 * An unmodifiable map in ascending key order. Compiled records copy maps they are given, except
 * maps that are already frozen: the fabric-wide DSCP map is then shared by every switch and every
 * NIC (tens of thousands of devices) instead of being copied into each.
 *
 * <p>Backed by two sorted arrays, not a tree: a 32,768-GPU fabric compiles 130,000 of these
 * provenance maps, and building a red-black tree twice per port was a tenth of {@code weft
 * validate}'s CPU. {@link #ofSorted} lets the compiler fill a fixed, pre-sorted key layout without
 * comparing keys at all.
 */
public final class FrozenSortedMap<K extends Comparable<K>, V> extends AbstractMap<K, V> {

  private final Object[] keys;
  private final Object[] values;
  private final int size;

  /**
   * Whether every key is a String: true for the String[] key arrays template views are built on.
   */
  private final boolean stringKeys;

  /** Up to this many keys, a lookup first looks for the very key object. */
  private static final int IDENTITY_SCAN = 32;

  private FrozenSortedMap(Object[] keys, Object[] values, int size) {
    this.keys = keys;
    this.values = values;
    this.size = size;
    this.stringKeys = keys instanceof String[];
  }

  /**
   * Whether {@code map} is a frozen map whose keys are all strings (so a miss is a miss for any
   * lookup).
   */
  public static boolean hasStringKeys(Map<?, ?> map) {
    return map instanceof FrozenSortedMap<?, ?> frozen && frozen.stringKeys;
  }

  /**
   * {@code map} itself when already frozen, else a sorted unmodifiable copy without null values.
   */
  @SuppressWarnings("unchecked")
  public static <K extends Comparable<K>, V> Map<K, V> of(Map<K, V> map) {
    if (map instanceof FrozenSortedMap<K, V> frozen) {
      return frozen;
    }
    Object[] ks = new Object[map.size()];
    Object[] vs = new Object[map.size()];
    int[] n = {0};
    map.forEach(
        (k, v) -> {
          if (v != null) {
            ks[n[0]] = k;
            vs[n[0]++] = v;
          }
        });
    boolean naturallySorted = map instanceof SortedMap<?, ?> sorted && sorted.comparator() == null;
    if (!naturallySorted) {
      Integer[] order = new Integer[n[0]];
      Arrays.setAll(order, i -> i);
      Arrays.sort(order, (a, b) -> ((K) ks[a]).compareTo((K) ks[b]));
      Object[] sortedKeys = new Object[n[0]];
      Object[] sortedValues = new Object[n[0]];
      for (int i = 0; i < order.length; i++) {
        sortedKeys[i] = ks[order[i]];
        sortedValues[i] = vs[order[i]];
      }
      return new FrozenSortedMap<>(sortedKeys, sortedValues, n[0]);
    }
    return new FrozenSortedMap<>(ks, vs, n[0]);
  }

  /**
   * A map of {@code keys[i] → values[i]} for every non-null value.
   *
   * @param sortedKeys strictly ascending and never modified afterwards (may be shared by many maps)
   * @param values same length; taken over, not copied: the caller must not touch it afterwards
   */
  public static <K extends Comparable<K>, V> Map<K, V> ofSorted(K[] sortedKeys, V[] values) {
    if (sortedKeys.length != values.length) {
      throw new IllegalArgumentException(
          sortedKeys.length + " keys but " + values.length + " values");
    }
    int n = 0;
    for (V v : values) {
      if (v != null) {
        n++;
      }
    }
    if (n == values.length) {
      return new FrozenSortedMap<>(sortedKeys, values, n);
    }
    // same array type as the keys given, so String keys stay a String[]
    Object[] ks =
        (Object[]) java.lang.reflect.Array.newInstance(sortedKeys.getClass().getComponentType(), n);
    Object[] vs = new Object[n];
    int j = 0;
    for (int i = 0; i < values.length; i++) {
      if (values[i] != null) {
        ks[j] = sortedKeys[i];
        vs[j++] = values[i];
      }
    }
    return new FrozenSortedMap<>(ks, vs, n);
  }

  @SuppressWarnings("unchecked")
  private int indexOf(Object key) {
    if (key == null) {
      return -1;
    }
    // Template lookups name keys with the same (interned) strings the views were built with: an
    // identity
    // scan of a small map finds them without a string comparison.
    if (size <= IDENTITY_SCAN) {
      for (int i = 0; i < size; i++) {
        if (keys[i] == key) {
          return i;
        }
      }
    }
    int lo = 0;
    int hi = size - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c;
      try {
        c = ((K) keys[mid]).compareTo((K) key);
      } catch (ClassCastException otherType) {
        return -1;
      }
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V get(Object key) {
    int i = indexOf(key);
    return i < 0 ? null : (V) values[i];
  }

  @Override
  public boolean containsKey(Object key) {
    return indexOf(key) >= 0;
  }

  @Override
  public int size() {
    return size;
  }

  /** Without an entry object per pair: template wrapping walks every view this way. */
  @Override
  @SuppressWarnings("unchecked")
  public void forEach(java.util.function.BiConsumer<? super K, ? super V> action) {
    for (int i = 0; i < size; i++) {
      action.accept((K) keys[i], (V) values[i]);
    }
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<K, V>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < size;
          }

          @Override
          @SuppressWarnings("unchecked")
          public Entry<K, V> next() {
            if (next >= size) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>((K) keys[i], (V) values[i]);
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
