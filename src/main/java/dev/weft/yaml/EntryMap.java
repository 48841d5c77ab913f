package dev.weft.yaml;

import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The entries of a {@link MapNode}: an unmodifiable map in file order, stored as one array. Most
 * mappings of an inventory have two to six keys (a port, a link, a NIC): for those a linear search
 * beats hashing, and the array costs a fraction of a {@code LinkedHashMap}'s table and per-entry
 * nodes (a 32,768-GPU inventory has about a million mappings, all alive until the model is built).
 * Larger mappings also keep a hash index.
 */
final class EntryMap extends AbstractMap<String, MapNode.Entry> {

  /** From this many keys on, lookups go through a hash index. */
  private static final int INDEXED = 9;

  private final MapNode.Entry[] entries;
  private final Map<String, MapNode.Entry> index;

  private EntryMap(MapNode.Entry[] entries) {
    this.entries = entries;
    if (entries.length >= INDEXED) {
      Map<String, MapNode.Entry> byKey = new HashMap<>(entries.length * 4 / 3 + 1);
      for (MapNode.Entry e : entries) {
        byKey.put(e.key(), e);
      }
      this.index = byKey;
    } else {
      this.index = null;
    }
  }

  /**
   * An unmodifiable copy in iteration order. The map's keys must be unique and equal to each
   * entry's own key, as every caller's are (a parser rejects duplicate keys before it builds a
   * mapping).
   */
  static EntryMap copyOf(Map<String, MapNode.Entry> map) {
    if (map instanceof EntryMap already) {
      return already;
    }
    if (map instanceof StackSlices.EntrySlice slice) {
      return new EntryMap(slice.toEntryArray());
    }
    MapNode.Entry[] out = new MapNode.Entry[map.size()];
    int i = 0;
    for (Map.Entry<String, MapNode.Entry> e : map.entrySet()) {
      MapNode.Entry entry = e.getValue();
      if (!e.getKey().equals(entry.key())) {
        // never the case in Weft's own code; kept exact for any other caller
        entry = new MapNode.Entry(e.getKey(), entry.keyLocation(), entry.value());
      }
      out[i++] = entry;
    }
    return new EntryMap(out);
  }

  @Override
  public MapNode.Entry get(Object key) {
    if (index != null) {
      return index.get(key);
    }
    for (MapNode.Entry e : entries) {
      String k = e.key();
      if (k == key || k.equals(key)) {
        return e;
      }
    }
    return null;
  }

  @Override
  public boolean containsKey(Object key) {
    return get(key) != null;
  }

  @Override
  public int size() {
    return entries.length;
  }

  @Override
  public boolean isEmpty() {
    return entries.length == 0;
  }

  @Override
  public void forEach(BiConsumer<? super String, ? super MapNode.Entry> action) {
    for (MapNode.Entry e : entries) {
      action.accept(e.key(), e);
    }
  }

  @Override
  public Collection<MapNode.Entry> values() {
    return new AbstractCollection<>() {
      @Override
      public Iterator<MapNode.Entry> iterator() {
        return new Walk<>() {
          @Override
          MapNode.Entry at(MapNode.Entry e) {
            return e;
          }
        };
      }

      @Override
      public int size() {
        return entries.length;
      }
    };
  }

  @Override
  public Set<String> keySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<String> iterator() {
        return new Walk<>() {
          @Override
          String at(MapNode.Entry e) {
            return e.key();
          }
        };
      }

      @Override
      public boolean contains(Object key) {
        return containsKey(key);
      }

      @Override
      public int size() {
        return entries.length;
      }
    };
  }

  @Override
  public Set<Map.Entry<String, MapNode.Entry>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<String, MapNode.Entry>> iterator() {
        return new Walk<>() {
          @Override
          Map.Entry<String, MapNode.Entry> at(MapNode.Entry e) {
            return new SimpleImmutableEntry<>(e.key(), e);
          }
        };
      }

      @Override
      public int size() {
        return entries.length;
      }
    };
  }

  // Every change is refused, even one that would change nothing, as Collections.unmodifiableMap
  // does.

  @Override
  public MapNode.Entry put(String key, MapNode.Entry value) {
    throw refused();
  }

  @Override
  public MapNode.Entry remove(Object key) {
    throw refused();
  }

  @Override
  public void putAll(Map<? extends String, ? extends MapNode.Entry> m) {
    throw refused();
  }

  @Override
  public void clear() {
    throw refused();
  }

  @Override
  public void replaceAll(
      BiFunction<? super String, ? super MapNode.Entry, ? extends MapNode.Entry> function) {
    throw refused();
  }

  @Override
  public MapNode.Entry putIfAbsent(String key, MapNode.Entry value) {
    throw refused();
  }

  @Override
  public boolean remove(Object key, Object value) {
    throw refused();
  }

  @Override
  public boolean replace(String key, MapNode.Entry oldValue, MapNode.Entry newValue) {
    throw refused();
  }

  @Override
  public MapNode.Entry replace(String key, MapNode.Entry value) {
    throw refused();
  }

  @Override
  public MapNode.Entry computeIfAbsent(
      String key, Function<? super String, ? extends MapNode.Entry> f) {
    throw refused();
  }

  @Override
  public MapNode.Entry computeIfPresent(
      String key, BiFunction<? super String, ? super MapNode.Entry, ? extends MapNode.Entry> f) {
    throw refused();
  }

  @Override
  public MapNode.Entry compute(
      String key, BiFunction<? super String, ? super MapNode.Entry, ? extends MapNode.Entry> f) {
    throw refused();
  }

  @Override
  public MapNode.Entry merge(
      String key,
      MapNode.Entry value,
      BiFunction<? super MapNode.Entry, ? super MapNode.Entry, ? extends MapNode.Entry> f) {
    throw refused();
  }

  private static UnsupportedOperationException refused() {
    return new UnsupportedOperationException("a MapNode's entries cannot be changed");
  }

  /** An iterator over the entries in order, showing each as {@link #at}; it cannot remove. */
  private abstract class Walk<T> implements Iterator<T> {
    private int next;

    abstract T at(MapNode.Entry e);

    @Override
    public boolean hasNext() {
      return next < entries.length;
    }

    @Override
    public T next() {
      if (next >= entries.length) {
        throw new NoSuchElementException();
      }
      return at(entries[next++]);
    }
  }
}
