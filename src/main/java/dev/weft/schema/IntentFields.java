package dev.weft.schema;

import dev.weft.json.Json;
import dev.weft.json.JsonException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every object of the intent and its fields, read from {@code intent.schema.json}, the one
 * declaration of the intent format. Written once there (name, type, range, required, description),
 * a field is derived everywhere else: the schema check and its messages, the CEL types a site rule
 * sees ({@code policy/IntentShapes} adds a field for each one it does not spell by hand), and the
 * field reference of {@code docs/intent-format.md} ({@link #markdown()}, {@code weft schema
 * --format markdown}). The schema rather than annotated records is the declaration because it
 * already holds what records cannot say (patterns, ranges, conditionals) and what the error
 * messages are made of, so every message stays as it is; the records stay plain values, and a test
 * holds them to the schema field by field.
 *
 * <p>Objects are named by their {@code $defs} entry ({@code traffic-class}) or, when written
 * inline, by their owner and key ({@code nic-model.cnp}); the file's top level is {@code intent}.
 */
public final class IntentFields {

  /** The name of the file's top level. */
  public static final String TOP = "intent";

  /**
   * One object of the intent.
   *
   * @param name {@code $defs} name or {@code owner.key}
   * @param title the schema's title (what messages call it)
   * @param fields in schema order
   */
  public record IntentObject(String name, String title, List<IntentField> fields) {

    public IntentField field(String key) {
      return fields.stream().filter(f -> f.key().equals(key)).findFirst().orElse(null);
    }
  }

  /**
   * One field of an object.
   *
   * @param key as written in YAML ({@code gid-index})
   * @param type in words for the reference ({@code integer 0..255}, {@code list of port})
   * @param required whether the schema requires it (conditional requirements are in the
   *     description)
   * @param description the schema's description of the field, or of the type it refers to
   * @param object the object this field holds (itself, or as list items or map values), or null
   * @param shape {@code value}, {@code list} or {@code map}: how it holds {@code object}
   */
  public record IntentField(
      String key, String type, boolean required, String description, String object, String shape) {}

  private final Map<String, Object> defs;
  private final Map<String, IntentObject> objects = new LinkedHashMap<>();

  private IntentFields(Map<String, Object> root) {
    this.defs = map(root.get("$defs"));
    walk(TOP, root);
  }

  /** The fields of the schema Weft ships. */
  public static IntentFields shipped() {
    try {
      return new IntentFields(map(Json.parse(IntentSchema.raw())));
    } catch (JsonException e) {
      throw new IllegalStateException(IntentSchema.RESOURCE + " is not JSON: " + e.getMessage(), e);
    }
  }

  /** Every object, the top level first, then in the order the schema first reaches them. */
  public List<IntentObject> objects() {
    return List.copyOf(objects.values());
  }

  /** One object by name, or null. */
  public IntentObject object(String name) {
    return objects.get(name);
  }

  /** The field reference of {@code docs/intent-format.md}: one table per object. */
  public String markdown() {
    StringBuilder md = new StringBuilder();
    for (IntentObject o : objects.values()) {
      md.append("\n#### `").append(o.name()).append("`");
      if (!o.title().equals(o.name())) {
        md.append(" (").append(o.title()).append(')');
      }
      md.append("\n\n| key | type | required | description |\n|---|---|---|---|\n");
      for (IntentField f : o.fields()) {
        md.append("| `")
            .append(f.key())
            .append("` | ")
            .append(cell(f.type()))
            .append(" | ")
            .append(f.required() ? "yes" : "")
            .append(" | ")
            .append(cell(f.description()))
            .append(" |\n");
      }
    }
    return md.toString();
  }

  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }

  private void walk(String name, Map<String, Object> node) {
    if (objects.containsKey(name)) {
      return;
    }
    List<IntentField> fields = new ArrayList<>();
    // Put the object first so that objects reached from it come after it, and a cycle ends here.
    objects.put(name, null);
    Set<String> required = Set.copyOf(strings(node.get("required")));
    List<Map.Entry<String, Map<String, Object>>> nested = new ArrayList<>();
    for (Map.Entry<String, Object> p : map(node.get("properties")).entrySet()) {
      Map<String, Object> schema = map(p.getValue());
      Held held = held(name + "." + p.getKey(), schema);
      fields.add(
          new IntentField(
              p.getKey(),
              type(schema),
              required.contains(p.getKey()),
              description(schema),
              held == null ? null : held.object,
              held == null ? null : held.shape));
      if (held != null) {
        nested.add(Map.entry(held.object, held.schema));
      }
    }
    objects.put(name, new IntentObject(name, text(node.get("title"), name), List.copyOf(fields)));
    for (Map.Entry<String, Map<String, Object>> n : nested) {
      walk(n.getKey(), n.getValue());
    }
  }

  /** The object a field holds and how. */
  private record Held(String object, String shape, Map<String, Object> schema) {}

  private Held held(String inlineName, Map<String, Object> schema) {
    Object ref = schema.get("$ref");
    if (ref != null) {
      String def = defName(ref);
      Map<String, Object> target = map(defs.get(def));
      return target.containsKey("properties")
          ? new Held(def, "value", target)
          : heldIn(def, target);
    }
    if (schema.containsKey("properties")) {
      return new Held(inlineName, "value", schema);
    }
    return heldIn(inlineName, schema);
  }

  /** A list's items or a map's values that are objects, or null. */
  private Held heldIn(String inlineName, Map<String, Object> schema) {
    Object items = schema.get("items");
    Object values = schema.get("additionalProperties");
    String shape = items instanceof Map<?, ?> ? "list" : values instanceof Map<?, ?> ? "map" : null;
    if (shape == null) {
      return null;
    }
    Map<String, Object> inner = map(shape.equals("list") ? items : values);
    Object ref = inner.get("$ref");
    if (ref != null && map(defs.get(defName(ref))).containsKey("properties")) {
      return new Held(defName(ref), shape, map(defs.get(defName(ref))));
    }
    return inner.containsKey("properties") ? new Held(inlineName + ".*", shape, inner) : null;
  }

  /** A field's type in words. */
  private String type(Map<String, Object> schema) {
    Object ref = schema.get("$ref");
    if (ref != null) {
      Map<String, Object> target = map(defs.get(defName(ref)));
      return target.containsKey("properties") || !target.containsKey("$ref") && isScalarDef(target)
          ? defName(ref)
          : type(target);
    }
    List<String> enumeration = strings(schema.get("enum"));
    if (enumeration.equals(List.of(IntentSchema.PLATFORM_WORD))) {
      return "a switch platform (the platform packs' ids: `weft schema`)";
    }
    if (!enumeration.isEmpty()) {
      return enumeration.stream().map(w -> "`" + w + "`").collect(Collectors.joining(", "));
    }
    if (schema.get("const") != null) {
      return "`" + schema.get("const") + "`";
    }
    String types =
        schema.get("type") instanceof List<?> l ? joined(l) : text(schema.get("type"), "");
    if (schema.containsKey("items")) {
      return "list of "
          + type(map(schema.get("items")))
          + (types.contains("|") ? " or " + other(types) : "");
    }
    if (schema.get("additionalProperties") instanceof Map<?, ?> values) {
      Map<String, Object> names = map(schema.get("propertyNames"));
      return "map of " + (names.isEmpty() ? "string" : type(names)) + " to " + type(map(values));
    }
    return types + range(schema);
  }

  private static boolean isScalarDef(Map<String, Object> def) {
    return !def.containsKey("items") && !def.containsKey("additionalProperties");
  }

  private static String other(String types) {
    return List.of(types.split(" \\| ")).stream()
        .filter(t -> !t.equals("array"))
        .collect(Collectors.joining(" or "));
  }

  private static String joined(List<?> types) {
    return types.stream().map(String::valueOf).collect(Collectors.joining(" | "));
  }

  private static String range(Map<String, Object> schema) {
    Object min = schema.get("minimum");
    Object max = schema.get("maximum");
    if (min != null && max != null) {
      return " " + min + ".." + max;
    }
    return min != null ? " ≥ " + min : max != null ? " ≤ " + max : "";
  }

  private String description(Map<String, Object> schema) {
    Object own = schema.get("description");
    if (own != null) {
      return String.valueOf(own);
    }
    Object ref = schema.get("$ref");
    if (ref != null) {
      Map<String, Object> target = map(defs.get(defName(ref)));
      return target.containsKey("properties") ? "" : text(target.get("description"), "");
    }
    return "";
  }

  private static String defName(Object ref) {
    String text = String.valueOf(ref);
    return text.substring(text.lastIndexOf('/') + 1);
  }

  private static String text(Object value, String otherwise) {
    return value == null ? otherwise : String.valueOf(value);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  private static List<String> strings(Object value) {
    List<String> out = new ArrayList<>();
    if (value instanceof List<?> l) {
      l.forEach(v -> out.add(String.valueOf(v)));
    }
    return out;
  }
}
