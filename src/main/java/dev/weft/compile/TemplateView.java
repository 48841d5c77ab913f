package dev.weft.compile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the plain-value views that templates read.
 *
 * <p>Why views and not the records themselves: Jinjava 2.8 resolves {@code a.b} through its
 * {@code BeanELResolver}, which uses {@code java.beans.Introspector} and so only sees
 * {@code getB()}/{@code isB()} bean getters. Record accessors ({@code b()}) are invisible to it, and
 * the sandbox must not allow method calls from templates anyway. So every compiled record offers
 * {@code toTemplateMap()}: an unmodifiable map with snake_case keys in sorted order whose values are
 * only strings, numbers, booleans, lists and maps (never null: absent values are left out, so
 * templates test them with {@code is defined}). Same input, same map, same iteration order.
 */
final class TemplateView {

    private TemplateView() {}

    /** A sorted, unmodifiable map from alternating key/value arguments; null values are left out. */
    static Map<String, Object> of(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must pair up");
        }
        TreeMap<String, Object> map = new TreeMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            Object value = keysAndValues[i + 1];
            if (value != null) {
                map.put((String) keysAndValues[i], value);
            }
        }
        return Collections.unmodifiableMap(map);
    }

    /** The template maps of a list of compiled parts, in list order. */
    static <T> List<Map<String, Object>> list(List<T> items, java.util.function.Function<T, Map<String, Object>> view) {
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

        <T> List<Map<String, Object>> list(List<T> items, java.util.function.Function<T, Map<String, Object>> view) {
            return views.computeIfAbsent(items, k -> TemplateView.list(items, view));
        }
    }
}
