package dev.weft.policy;

import dev.weft.finding.Location;
import dev.weft.model.Provenance;
import dev.weft.model.Sourced;
import dev.weft.schema.IntentFields;
import dev.weft.schema.IntentFields.IntentField;
import dev.weft.schema.IntentFields.IntentObject;
import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;
import dev.weft.units.TimeSpan;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The CEL fields that follow from the intent schema: for each field of an intent object that no
 * hand-written field of its CEL type covers, one field named as in YAML with {@code _} for {@code
 * -}, read from the record component of the same name ({@code gid-index} → {@code
 * Host.gidIndex()}), its doc the schema's description, its place the line that wrote the key. A new
 * intent field reaches site rules without an edit here; a field whose record has no such component
 * fails at start-up (and in {@code IntentModelTest}), so the schema and the records cannot drift
 * apart unseen.
 *
 * <p>Values are given to CEL in base units, as the hand-written fields are: sizes in bytes, speeds
 * in Gb/s, lengths in metres, times as durations, words for enums, dates as {@code YYYY-MM-DD}.
 */
final class DerivedFields {

  private final IntentFields schema;

  /** The CEL type of each record that is a struct of its own. */
  private final Map<Class<?>, String> types;

  DerivedFields(IntentFields schema, Map<Class<?>, String> types) {
    this.schema = schema;
    this.types = Map.copyOf(types);
  }

  static String celName(String key) {
    return key.replace('-', '_');
  }

  static String componentName(String key) {
    StringBuilder out = new StringBuilder();
    boolean upper = false;
    for (char ch : key.toCharArray()) {
      if (ch == '-') {
        upper = true;
      } else {
        out.append(upper ? Character.toUpperCase(ch) : ch);
        upper = false;
      }
    }
    return out.toString();
  }

  /**
   * Adds to {@code shape} a field for every field of the intent object {@code object} that neither
   * a field already declared nor {@code covered} (keys a hand-written field stands for) accounts
   * for.
   *
   * @param type the objects the shape reads
   * @param record the record that holds the intent object's values
   * @param recordOf the record of one object (null when absent)
   */
  <T> Shape.Builder add(
      Shape.Builder shape,
      Class<T> type,
      String object,
      Class<? extends Record> record,
      Function<T, ? extends Record> recordOf,
      Map<String, String> covered) {
    IntentObject o = schema.object(object);
    if (o == null) {
      throw new IllegalStateException("the intent schema has no object " + object);
    }
    RecordComponent at = component(record, Provenance.class);
    for (IntentField f : o.fields()) {
      String name = celName(f.key());
      if (shape.has(name) || covered.containsKey(object + "." + f.key())) {
        continue;
      }
      RecordComponent c = component(record, componentName(f.key()));
      if (c == null) {
        throw new IllegalStateException(
            "intent field "
                + object
                + "."
                + f.key()
                + " has no component "
                + componentName(f.key())
                + " in "
                + record.getSimpleName());
      }
      Method read = c.getAccessor();
      String key = f.key();
      shape.field(
          type,
          name,
          kind(c.getGenericType()),
          unit(c.getType()),
          doc(f),
          (t, ctx) -> value(call(read, recordOf.apply(t))),
          at == null ? null : (t, ctx) -> located(call(at.getAccessor(), recordOf.apply(t)), key));
    }
    return shape;
  }

  /**
   * A shape over the records of one intent object: the fields listed by intent key come first, in
   * the order listed, each with the doc (and, where its type does not say it, the unit) the rule
   * reference gives it; every other field of the object follows from the schema ({@link #add}).
   *
   * @param type the objects the shape reads
   * @param object the intent object, or null for a shape that shows only listed fields
   * @param record the record that holds the intent object's values
   * @param recordOf the record of one object (null when absent)
   * @param covers the keys whose CEL field is not named after the key ({@code object.key} → name)
   * @param readBy the keys whose accessor is not named after the key ({@code object.key} → method)
   */
  <T> Listing<T> shape(
      Shape.Builder shape,
      Class<T> type,
      String object,
      Class<? extends Record> record,
      Function<T, ? extends Record> recordOf,
      Map<String, String> covers,
      Map<String, String> readBy) {
    return new Listing<>(shape, type, object, record, recordOf, covers, readBy);
  }

  /** The shape of {@link #shape} under construction. */
  final class Listing<T> {
    private final Shape.Builder shape;
    private final Class<T> type;
    private final String object;
    private final Class<? extends Record> record;
    private final Function<T, ? extends Record> recordOf;
    private final Map<String, String> covers;
    private final Map<String, String> readBy;

    private Listing(
        Shape.Builder shape,
        Class<T> type,
        String object,
        Class<? extends Record> record,
        Function<T, ? extends Record> recordOf,
        Map<String, String> covers,
        Map<String, String> readBy) {
      this.shape = shape;
      this.type = type;
      this.object = object;
      this.record = record;
      this.recordOf = recordOf;
      this.covers = covers;
      this.readBy = readBy;
    }

    /** A field named after its intent key, its unit the one its type gives. */
    Listing<T> key(String key, String doc) {
      return field(key, null, null, null, doc);
    }

    /** A field named after its intent key whose type gives no unit (an MTU's bytes). */
    Listing<T> quantity(String key, String unit, String doc) {
      return field(key, null, null, unit, doc);
    }

    /** A second field read from one intent key ({@code cnp} → {@code cnp_priority}). */
    Listing<T> alsoFrom(String key, String name, String accessor, String doc) {
      return field(key, name, accessor, null, doc);
    }

    /** A field that is no intent key: a view computed from the model. */
    Listing<T> computed(
        String name,
        Shape.Kind kind,
        String doc,
        BiFunction<T, Context, Object> read,
        BiFunction<T, Context, Location> locate) {
      return computed(name, kind, "", doc, read, locate);
    }

    Listing<T> computed(
        String name,
        Shape.Kind kind,
        String unit,
        String doc,
        BiFunction<T, Context, Object> read,
        BiFunction<T, Context, Location> locate) {
      shape.field(type, name, kind, unit, doc, read, locate);
      return this;
    }

    /** The inventory file that declares the object. */
    Listing<T> file(Function<T, Provenance> at) {
      return computed(
          "file",
          Shape.STRING,
          "the inventory file that declares it",
          (t, ctx) -> {
            Provenance p = at.apply(t);
            return p == null || p.self() == null ? null : p.self().file();
          },
          null);
    }

    private Listing<T> field(String key, String name, String accessor, String unit, String doc) {
      String where = object + "." + key;
      String cel = name != null ? name : covers.getOrDefault(where, celName(key));
      String method = accessor != null ? accessor : readBy.getOrDefault(where, componentName(key));
      RecordComponent sourced = type.isRecord() ? component(type, method) : null;
      if (sourced != null && sourced.getType() == Sourced.class) {
        // An effective value: the value the layers resolved, at the line of the layer that set it.
        Type valueType = ((ParameterizedType) sourced.getGenericType()).getActualTypeArguments()[0];
        Method read = sourced.getAccessor();
        shape.field(
            type,
            cel,
            kind(valueType),
            unit != null ? unit : unit(raw(valueType)),
            doc,
            (t, ctx) -> call(read, t) instanceof Sourced<?> s ? value(s.value()) : null,
            (t, ctx) -> call(read, t) instanceof Sourced<?> s ? s.origin() : null);
        return this;
      }
      Method read = accessor(record, method);
      RecordComponent at = component(record, Provenance.class);
      shape.field(
          type,
          cel,
          kind(read.getGenericReturnType()),
          unit != null ? unit : unit(read.getReturnType()),
          doc,
          (t, ctx) -> value(call(read, recordOf.apply(t))),
          at == null ? null : (t, ctx) -> located(call(at.getAccessor(), recordOf.apply(t)), key));
      return this;
    }

    Listing<T> self(BiFunction<T, Context, Location> where) {
      shape.self(type, where);
      return this;
    }

    Listing<T> place(BiFunction<T, Context, Shape.Place> where) {
      shape.place(type, where);
      return this;
    }

    Listing<T> label(BiFunction<T, Context, String> text) {
      shape.label(type, text);
      return this;
    }

    /** The shape so far, with a field for every field of the intent object not listed. */
    Shape.Builder derived() {
      return object == null ? shape : add(shape, type, object, record, recordOf, covers);
    }

    Shape build() {
      return derived().build();
    }
  }

  private static Class<?> raw(Type type) {
    return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
  }

  private static Method accessor(Class<?> record, String name) {
    try {
      return record.getMethod(name);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(record.getSimpleName() + " has no accessor " + name, e);
    }
  }

  /**
   * The schema's description; for a field without one, its values or range when the type gives
   * them.
   */
  private static String doc(IntentField f) {
    if (!f.description().isEmpty()) {
      return f.description();
    }
    return f.type().contains("`") || f.type().contains("..") ? f.type() : "";
  }

  private static Location located(Object provenance, String key) {
    return provenance instanceof Provenance p ? p.of(key) : null;
  }

  private static Object call(Method accessor, Object owner) {
    if (owner == null) {
      return null;
    }
    try {
      return accessor.invoke(owner);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + accessor, e);
    }
  }

  private static RecordComponent component(Class<?> record, String name) {
    for (RecordComponent c : record.getRecordComponents()) {
      if (c.getName().equals(name)) {
        return c;
      }
    }
    return null;
  }

  private static RecordComponent component(Class<?> record, Class<?> type) {
    for (RecordComponent c : record.getRecordComponents()) {
      if (c.getType() == type) {
        return c;
      }
    }
    return null;
  }

  /** A record that only wraps a map (and its provenance), shown as the map itself. */
  private static RecordComponent wrappedMap(Class<?> record) {
    RecordComponent map = null;
    for (RecordComponent c : record.getRecordComponents()) {
      if (Map.class.isAssignableFrom(c.getType())) {
        map = map == null ? c : null;
      } else if (c.getType() != Provenance.class) {
        return null;
      }
    }
    return map;
  }

  private Shape.Kind kind(Type type) {
    if (type instanceof ParameterizedType p) {
      Type[] args = p.getActualTypeArguments();
      if (p.getRawType() == List.class) {
        return new Shape.ListOf(kind(args[0]));
      }
      if (p.getRawType() == Map.class) {
        return new Shape.MapOf("string", kind(args[1]));
      }
    }
    Class<?> c = (Class<?>) type;
    if (c == String.class || c.isEnum() || c == LocalDate.class) {
      return Shape.STRING;
    }
    if (c == Boolean.class || c == boolean.class) {
      return Shape.BOOL;
    }
    if (c == TimeSpan.class) {
      return Shape.DURATION;
    }
    if (Number.class.isAssignableFrom(c)
        || c.isPrimitive()
        || c == Size.class
        || c == Speed.class
        || c == Length.class) {
      return Shape.INT;
    }
    if (types.containsKey(c)) {
      return new Shape.Struct(types.get(c));
    }
    RecordComponent map = c.isRecord() ? wrappedMap(c) : null;
    if (map != null) {
      return kind(map.getGenericType());
    }
    throw new IllegalStateException("no CEL type for " + c.getName());
  }

  private static String unit(Class<?> c) {
    if (c == Size.class) {
      return "bytes";
    }
    if (c == Speed.class) {
      return "Gb/s";
    }
    if (c == Length.class) {
      return "metres";
    }
    return c == TimeSpan.class ? "duration" : "";
  }

  /** A record's value as the CEL field holds it (records of a struct type stay records). */
  private Object value(Object v) {
    if (v == null || v instanceof String || v instanceof Number || v instanceof Boolean) {
      return v;
    }
    if (v instanceof Size s) {
      return s.bytes();
    }
    if (v instanceof Speed s) {
      return s.gbps();
    }
    if (v instanceof Length l) {
      return l.metres();
    }
    if (v instanceof TimeSpan t) {
      return Duration.ofNanos(t.micros() * 1000);
    }
    if (v instanceof Enum<?> e) {
      return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
    if (v instanceof LocalDate d) {
      return d.toString();
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(item -> out.add(value(item)));
      return out;
    }
    if (v instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      m.forEach((k, item) -> out.put(k, value(item)));
      return out;
    }
    if (v instanceof Record r && !types.containsKey(r.getClass())) {
      RecordComponent map = wrappedMap(r.getClass());
      if (map != null) {
        return value(call(map.getAccessor(), r));
      }
    }
    return v;
  }
}
