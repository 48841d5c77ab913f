package dev.weft.policy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One rule's outcomes by the values its expressions read ({@link AttributePaths}): objects that
 * agree on every value read get the same outcome without another evaluation. Exact, because CEL is
 * pure and every value is immutable: a key holds the values themselves for numbers, text, booleans
 * and small lists and maps of them, and the identity of a record otherwise (the same record, the
 * same content).
 *
 * <p>When keys rarely repeat (a rule that reads each port's name) the cache turns itself off after
 * a sample, so it never costs more than a small fraction of the evaluations it could not save.
 *
 * <p>One per rule and run, used by one thread.
 */
final class SubjectCache<V> {

  private static final int SAMPLE = 2_048;
  private static final int SMALL = 64;

  /** The value read where a path meets a field that is not set. */
  private static final Object ABSENT =
      new Object() {
        @Override
        public String toString() {
          return "absent";
        }
      };

  /**
   * A record compared by identity: the same record is the same value; a different one may not be.
   */
  private record Same(Object value) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Same s && s.value == value;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(value);
    }
  }

  /**
   * A path resolved once against the types: where it starts and the fields (or map keys) it steps
   * through.
   */
  private record Reader(int root, Object[] steps, boolean presence) {}

  /** A key with its hash computed once (keys are looked up once per object). */
  private static final class Key {
    private final Object[] parts;
    private final int hash;

    Key(Object[] parts) {
      this.parts = parts;
      this.hash = Arrays.hashCode(parts);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.hash == hash && Arrays.equals(k.parts, parts);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  private final Reader[] readers;
  private final Context ctx;
  private final Map<Key, V> outcomes = new HashMap<>();
  private boolean enabled;
  private int lookups;

  /**
   * @param paths what the rule's expressions read
   * @param roots the inputs a path can start at, in the order {@link #key} gets their values, with
   *     their types
   */
  SubjectCache(List<AttributePaths.Path> paths, Map<String, Shape.Kind> roots, Context ctx) {
    this.ctx = ctx;
    List<String> names = List.copyOf(roots.keySet());
    List<Reader> rs = new ArrayList<>();
    boolean resolvable = true;
    for (AttributePaths.Path p : paths) {
      Shape.Kind kind = roots.get(p.root());
      Object[] steps = new Object[p.fields().size()];
      for (int i = 0; i < steps.length && resolvable; i++) {
        String field = p.fields().get(i);
        Shape.Field f =
            kind instanceof Shape.Struct st
                ? ctx.shapes().shape(st.shape()).fields().get(field)
                : null;
        if (field.equals(AttributePaths.EACH) && kind instanceof Shape.ListOf l) {
          steps[i] = EACH;
          kind = l.element();
        } else if (field.equals(AttributePaths.EACH) && kind instanceof Shape.MapOf m) {
          steps[i] = KEYS;
          kind = new Shape.Scalar(m.keyCel());
        } else if (f != null) {
          steps[i] = f;
          kind = f.kind();
        } else if (kind instanceof Shape.MapOf m) {
          steps[i] = field;
          kind = m.value();
        } else {
          resolvable = false; // a path through dyn: not a key this cache can build
        }
      }
      rs.add(new Reader(names.indexOf(p.root()), steps, p.presence()));
    }
    this.readers = rs.toArray(Reader[]::new);
    this.enabled = resolvable && !paths.isEmpty();
  }

  boolean enabled() {
    return enabled;
  }

  /**
   * The key of one object, from the inputs' values as Weft holds them (in the order of the roots).
   */
  Object key(Object[] inputs) {
    Object[] parts = new Object[readers.length];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = read(readers[i], inputs[readers[i].root()]);
    }
    return new Key(parts);
  }

  V get(Object key) {
    lookups++;
    return outcomes.get((Key) key);
  }

  void put(Object key, V outcome) {
    outcomes.put((Key) key, outcome);
    if (lookups >= SAMPLE && outcomes.size() * 4L > lookups) {
      enabled = false;
      outcomes.clear();
    }
  }

  /** Steps of a reader that go through every element of a list, or every key of a map. */
  private static final Object EACH = new Object();

  private static final Object KEYS = new Object();

  private Object read(Reader r, Object raw) {
    return read(r, raw, 0);
  }

  private Object read(Reader r, Object raw, int from) {
    Object[] steps = r.steps();
    for (int i = from; i < steps.length; i++) {
      if (raw == null) {
        return r.presence() ? Boolean.FALSE : ABSENT;
      }
      Object step = steps[i];
      if (step == EACH || step == KEYS) {
        Collection<?> items =
            step == EACH
                ? (raw instanceof List<?> l ? l : List.of())
                : (raw instanceof Map<?, ?> m ? m.keySet() : List.of());
        List<Object> each = new ArrayList<>(items.size());
        for (Object item : items) {
          each.add(read(r, item, i + 1));
        }
        return each;
      }
      if (step instanceof Shape.Field f) {
        raw = f.read().apply(raw, ctx);
      } else {
        raw = raw instanceof Map<?, ?> map ? map.get(step) : null;
      }
    }
    if (r.presence()) {
      return raw != null;
    }
    return raw == null ? ABSENT : keyOf(raw);
  }

  static Object keyOf(Object v) {
    if (v == null) {
      return ABSENT;
    }
    if (v instanceof Number
        || v instanceof String
        || v instanceof Boolean
        || v instanceof Duration
        || v instanceof Instant
        || v instanceof Enum<?>) {
      return v;
    }
    if (v instanceof ConfigShapes.Located l) {
      return Arrays.asList(new Same(l.value()), l.at());
    }
    if (v instanceof ConfigShapes.PortIn p) {
      return new Same(p.port());
    }
    if (v instanceof IntentShapes.NicOf n) {
      return new Same(n.nic());
    }
    if (v instanceof IntentShapes.HcaOf h) {
      return new Same(h.hca());
    }
    if (v instanceof List<?> list && list.size() <= SMALL) {
      List<Object> keys = new ArrayList<>(list.size());
      list.forEach(e -> keys.add(keyOf(e)));
      return keys;
    }
    if (v instanceof Map<?, ?> map
        && map.size() <= SMALL
        && map.values().stream()
            .allMatch(x -> x instanceof String || x instanceof Number || x instanceof Boolean)) {
      return map;
    }
    return new Same(v);
  }
}
