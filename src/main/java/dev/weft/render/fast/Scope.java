package dev.weft.render.fast;

import java.util.Map;

/**
 * The variables of one render: the template data at the bottom (read, never written), then one
 * level per running for loop, as Jinjava scopes them ({@code set} writes to the innermost level, a
 * loop's variables disappear when it ends). One render's own object: never shared between threads.
 */
final class Scope {
  private final Map<String, Object> data;
  private final Scope parent;

  /** When the render must stop (System.nanoTime), shared by every level of one render. */
  final long deadline;

  private String[] names = new String[4];
  private Object[] values = new Object[4];
  private int size;

  private Scope(Map<String, Object> data, Scope parent, long deadline) {
    this.data = data;
    this.parent = parent;
    this.deadline = deadline;
  }

  static Scope top(Map<String, Object> data) {
    return top(data, Long.MAX_VALUE);
  }

  static Scope top(Map<String, Object> data, long deadline) {
    return new Scope(data, null, deadline);
  }

  Scope child() {
    return new Scope(null, this, deadline);
  }

  /**
   * The value of a name, or null when no level defines it (Jinjava's undefined). Names are interned
   * (the compiled program interns every name it uses), so they compare by identity. A name read
   * from the data is remembered in the bottom level: the data does not change during a render, and
   * a later {@code set} of the same name overwrites the remembered value as it would shadow the
   * data.
   */
  Object get(String name) {
    for (Scope s = this; s != null; s = s.parent) {
      for (int i = 0; i < s.size; i++) {
        if (s.names[i] == name) {
          return s.values[i];
        }
      }
      if (s.data != null) {
        Object value = s.data.get(name);
        s.put(name, value);
        return value;
      }
    }
    return null;
  }

  /** Binds an interned name in this level. */
  void put(String name, Object value) {
    for (int i = 0; i < size; i++) {
      if (names[i] == name) {
        values[i] = value;
        return;
      }
    }
    if (size == names.length) {
      names = java.util.Arrays.copyOf(names, size * 2);
      values = java.util.Arrays.copyOf(values, size * 2);
    }
    names[size] = name;
    values[size] = value;
    size++;
  }
}
