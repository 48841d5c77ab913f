package dev.weft.policy;

import dev.weft.finding.Location;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * One read-only CEL object type over one kind of model record ({@code weft.Port} over an effective
 * port, {@code weft.SwitchConfig} over a compiled switch): its fields with their CEL types, units
 * and docs, how each is read from the record, and where in the intent each was written. The same
 * table declares the type to the CEL checker, reads values at run time, points findings at the line
 * that set a value and writes the field reference of {@code docs/policies.md}, so the four cannot
 * drift apart.
 *
 * @param name the CEL type name, e.g. {@code weft.Port}
 * @param doc one line for the reference
 * @param fields in documentation order
 * @param self where the object itself was written (the fallback of every field)
 * @param place the device and port an object belongs to, or null to inherit the enclosing object's
 * @param label a short text naming one object in messages ({@code leaf-01 Ethernet0})
 */
record Shape(
    String name,
    String doc,
    Map<String, Field> fields,
    BiFunction<Object, Context, Location> self,
    BiFunction<Object, Context, Place> place,
    BiFunction<Object, Context, String> label) {

  Shape {
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  /** What a field holds. */
  sealed interface Kind permits Scalar, Struct, ListOf, MapOf {}

  /**
   * A CEL primitive: {@code int}, {@code string}, {@code bool}, {@code double}, {@code duration}.
   */
  record Scalar(String cel) implements Kind {}

  /** Another shape, by name (shapes refer to each other, so the name is resolved late). */
  record Struct(String shape) implements Kind {}

  record ListOf(Kind element) implements Kind {}

  /** A map with {@code int} or {@code string} keys. */
  record MapOf(String keyCel, Kind value) implements Kind {}

  static final Scalar INT = new Scalar("int");
  static final Scalar STRING = new Scalar("string");
  static final Scalar BOOL = new Scalar("bool");
  static final Scalar DURATION = new Scalar("duration");

  /** Where an object belongs: a device and maybe one of its ports (either may be null). */
  record Place(String device, String port) {
    static final Place NONE = new Place(null, null);
  }

  /**
   * One field.
   *
   * @param read the value as Weft holds it (a boxed number, text, boolean, {@link
   *     java.time.Duration}, a record of the field's shape, or a list or map of those), or null
   *     when not set
   * @param locate where the value was written; null when unknown (the object's own place is used
   *     then)
   */
  record Field(
      String name,
      Kind kind,
      String unit,
      String doc,
      BiFunction<Object, Context, Object> read,
      BiFunction<Object, Context, Location> locate) {}

  /** A shape under construction: fields in the order they are documented. */
  static final class Builder {
    private final String name;
    private final String doc;
    private final Map<String, Field> fields = new LinkedHashMap<>();
    private BiFunction<Object, Context, Location> self = (raw, ctx) -> null;
    private BiFunction<Object, Context, Place> place;
    private BiFunction<Object, Context, String> label;

    Builder(String name, String doc) {
      this.name = name;
      this.doc = doc;
    }

    @SuppressWarnings("unchecked")
    <T> Builder self(Class<T> type, BiFunction<T, Context, Location> where) {
      this.self = (raw, ctx) -> where.apply((T) raw, ctx);
      return this;
    }

    @SuppressWarnings("unchecked")
    <T> Builder place(Class<T> type, BiFunction<T, Context, Place> where) {
      this.place = (raw, ctx) -> where.apply((T) raw, ctx);
      return this;
    }

    @SuppressWarnings("unchecked")
    <T> Builder label(Class<T> type, BiFunction<T, Context, String> text) {
      this.label = (raw, ctx) -> text.apply((T) raw, ctx);
      return this;
    }

    @SuppressWarnings("unchecked")
    <T> Builder field(
        Class<T> type,
        String field,
        Kind kind,
        String unit,
        String fieldDoc,
        BiFunction<T, Context, Object> read,
        BiFunction<T, Context, Location> locate) {
      if (fields.put(
              field,
              new Field(
                  field,
                  kind,
                  unit,
                  fieldDoc,
                  (raw, ctx) -> read.apply((T) raw, ctx),
                  locate == null ? null : (raw, ctx) -> locate.apply((T) raw, ctx)))
          != null) {
        throw new IllegalStateException(name + "." + field + " declared twice");
      }
      return this;
    }

    /** Whether a field of this name is declared. */
    boolean has(String field) {
      return fields.containsKey(field);
    }

    Shape build() {
      return new Shape(name, doc, fields, self, place, label);
    }
  }

  static Builder named(String name, String doc) {
    return new Builder(name, doc);
  }
}
