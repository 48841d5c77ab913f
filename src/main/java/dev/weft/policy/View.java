package dev.weft.policy;

import dev.weft.finding.Location;
import java.util.AbstractMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A model record as CEL sees it: a read-only map from the shape's field names to values, computed
 * when read (a rule that reads one field of 100,000 ports builds nothing else). A field that was
 * not written is absent, so {@code has(port.link)} tells whether the port has a link, and reading
 * an absent field is an evaluation error, as for any CEL map.
 *
 * <p>Two views are equal when they show the same record; the record's own fields are not compared
 * (the model is a graph: a port's link leads back to the port).
 */
final class View extends AbstractMap<String, Object> {

  private final Shape shape;
  private final Object raw;
  private final Context ctx;
  private final Shape.Place place;

  View(Shape shape, Object raw, Context ctx, Shape.Place enclosing) {
    this.shape = shape;
    this.raw = raw;
    this.ctx = ctx;
    this.place = shape.place() == null ? enclosing : shape.place().apply(raw, ctx);
  }

  Shape shape() {
    return shape;
  }

  Object raw() {
    return raw;
  }

  Shape.Place place() {
    return place;
  }

  @Override
  public boolean containsKey(Object key) {
    Shape.Field f = key instanceof String s ? shape.fields().get(s) : null;
    return f != null && f.read().apply(raw, ctx) != null;
  }

  @Override
  public Object get(Object key) {
    Shape.Field f = key instanceof String s ? shape.fields().get(s) : null;
    return f == null ? null : ctx.toCel(f.kind(), f.read().apply(raw, ctx), place);
  }

  @Override
  public Set<Map.Entry<String, Object>> entrySet() {
    Map<String, Object> present = new LinkedHashMap<>();
    for (Shape.Field f : shape.fields().values()) {
      Object v = get(f.name());
      if (v != null) {
        present.put(f.name(), v);
      }
    }
    return present.entrySet();
  }

  /**
   * Where a field's value was written; where the object was, when the field has no place of its
   * own.
   */
  Location locate(String field) {
    Shape.Field f = shape.fields().get(field);
    Location at = f == null || f.locate() == null ? null : f.locate().apply(raw, ctx);
    return at != null ? at : self();
  }

  /** Where the object was written, or null. */
  Location self() {
    return shape.self().apply(raw, ctx);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof View v && v.raw == raw && v.shape == shape;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(raw);
  }

  @Override
  public String toString() {
    return shape.label() == null ? shape.name() : shape.label().apply(raw, ctx);
  }
}
