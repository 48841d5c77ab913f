package dev.weft.compile;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * An unmodifiable map in ascending key order. Compiled records copy maps they are given, except maps that are
 * already frozen: the fabric-wide DSCP map is then shared by every switch and every NIC (tens of thousands of
 * devices) instead of being copied into each.
 */
final class FrozenSortedMap<K extends Comparable<K>, V> extends AbstractMap<K, V> {

    private final Map<K, V> entries;

    private FrozenSortedMap(TreeMap<K, V> entries) {
        this.entries = Collections.unmodifiableMap(entries);
    }

    /** {@code map} itself when already frozen, else a sorted unmodifiable copy without null values. */
    static <K extends Comparable<K>, V> Map<K, V> of(Map<K, V> map) {
        if (map instanceof FrozenSortedMap<K, V> frozen) {
            return frozen;
        }
        TreeMap<K, V> copy = new TreeMap<>();
        map.forEach((k, v) -> {
            if (v != null) {
                copy.put(k, v);
            }
        });
        return new FrozenSortedMap<>(copy);
    }

    @Override
    public Set<Entry<K, V>> entrySet() {
        return entries.entrySet();
    }

    @Override
    public V get(Object key) {
        return entries.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return entries.containsKey(key);
    }

    @Override
    public int size() {
        return entries.size();
    }
}
