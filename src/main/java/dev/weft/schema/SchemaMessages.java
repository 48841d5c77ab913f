package dev.weft.schema;

import dev.weft.finding.DidYouMean;
import dev.weft.finding.Excerpt;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;
import dev.weft.units.TimeSpan;
import dev.weft.units.UnitException;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * Turns the schema library's errors into one plain-English finding per real problem: the key, what
 * was expected and what was found, at the YAML position of the offending value (of the key, for
 * unknown keys). Wording comes from the schema itself ({@code title} names an object, {@code
 * description} says what a value must be) so the schema stays the single source of the contract.
 */
public final class SchemaMessages {

  /** A library error reduced to what we need; paths are lists of property names and indexes. */
  record Problem(String keyword, List<Object> instance, List<Object> schemaPath, String property) {}

  public static final String RULE = "schema";

  /**
   * Unit-typed definitions: their pattern errors are explained by the model's exact unit parsers.
   */
  private static final Map<String, Consumer<Object>> UNIT_PARSERS =
      Map.of(
          "size",
          Size::parse,
          "time",
          TimeSpan::parse,
          "length",
          Length::parse,
          "speed",
          Speed::parse);

  private final JsonNode schemaDoc;

  SchemaMessages(JsonNode schemaDoc) {
    this.schemaDoc = schemaDoc;
  }

  List<Finding> describe(String file, MapNode root, List<Problem> problems) {
    List<Problem> kept = collapse(problems);
    // A misspelt required key shows up twice (unknown `prioirty`, missing `priority`); the
    // "did you mean" finding explains both, so the missing-key one is dropped.
    Set<String> explainedByTypo = new HashSet<>();
    for (Problem p : kept) {
      if (p.keyword().equals("additionalProperties")) {
        String hint = unknownKeyHint(p);
        if (hint != null) {
          explainedByTypo.add(p.instance() + "|" + hint);
        }
      }
    }
    List<Finding> out = new ArrayList<>(kept.size());
    for (Problem p : kept) {
      if (p.keyword().equals("required")
          && explainedByTypo.contains(p.instance() + "|" + p.property())) {
        continue;
      }
      out.add(describe(file, root, p));
    }
    out.sort(Finding.ORDER);
    return out;
  }

  /**
   * One finding per real problem: drop the per-branch errors of a failed {@code oneOf}/{@code
   * anyOf} (the branch error itself explains it), everything under or beside a wrong-typed value,
   * and repeats.
   */
  private static List<Problem> collapse(List<Problem> problems) {
    Set<List<Object>> wrongType = new HashSet<>();
    for (Problem p : problems) {
      if (p.keyword().equals("type")) {
        wrongType.add(p.instance());
      }
    }
    Map<String, Problem> unique = new LinkedHashMap<>();
    for (Problem p : problems) {
      if (insideBranch(p.schemaPath())) {
        continue;
      }
      if (!p.keyword().equals("type") && underWrongType(p.instance(), wrongType)) {
        continue;
      }
      String key = p.instance() + "|" + p.keyword() + "|" + p.property();
      unique.putIfAbsent(key, p);
    }
    return new ArrayList<>(unique.values());
  }

  private static boolean insideBranch(List<Object> schemaPath) {
    for (int i = 0; i < schemaPath.size() - 1; i++) {
      Object e = schemaPath.get(i);
      if ("oneOf".equals(e) || "anyOf".equals(e) || "not".equals(e)) {
        return true;
      }
    }
    return false;
  }

  private static boolean underWrongType(List<Object> instance, Set<List<Object>> wrongType) {
    for (int n = instance.size(); n >= 0; n--) {
      if (wrongType.contains(instance.subList(0, n))) {
        return true;
      }
    }
    return false;
  }

  private Finding describe(String file, MapNode root, Problem p) {
    NodeLookup at = NodeLookup.find(root, p.instance());
    JsonNode owner = schemaAt(p.schemaPath().subList(0, Math.max(0, p.schemaPath().size() - 1)));
    String subject = subject(p.instance());
    String pointer = pointer(p.instance());
    Location location = at.valueLocation(file);
    String message;
    switch (p.keyword()) {
      case "additionalProperties" -> {
        String title = titleAt(p.schemaPath());
        String hint = unknownKeyHint(p);
        message =
            "unknown key `"
                + p.property()
                + "` in "
                + title
                + (hint == null ? "" : "; did you mean `" + hint + "`?");
        location = at.keyLocation(file, p.property());
        pointer = pointer + "/" + escape(p.property());
      }
      case "propertyNames" -> {
        JsonNode names = resolve(owner.path("propertyNames"));
        String title = titleAt(p.schemaPath());
        message = "key `" + p.property() + "` in " + title + " must be " + expectation(names);
        if (names.has("enum")) {
          String hint = DidYouMean.suggest(p.property(), enumWords(names));
          message += hint == null ? "" : "; did you mean `" + hint + "`?";
        }
        location = at.keyLocation(file, p.property());
        pointer = pointer + "/" + escape(p.property());
      }
      case "required" -> {
        String why = branchDescription(p.schemaPath());
        message =
            "missing required key `"
                + p.property()
                + "` in "
                + titleAt(p.schemaPath())
                + (why == null ? "" : " (" + why + ")");
      }
      case "false" -> {
        String why = branchDescription(p.schemaPath());
        message = subject + " is " + (why == null ? "not allowed here" : why);
        location = at.ownKeyLocation(file);
      }
      case "type" -> message = typeMessage(subject, owner, at.node());
      case "minimum", "maximum" ->
          message = subject + " must be " + range(owner) + ", found " + shown(at.node());
      case "enum" -> {
        message = subject + " must be one of " + enumList(owner) + ", found " + shown(at.node());
        if (at.node() instanceof ScalarNode s && s.value() instanceof String text) {
          String hint = DidYouMean.suggest(text, enumWords(owner));
          message += hint == null ? "" : "; did you mean `" + hint + "`?";
        }
      }
      case "const" ->
          message =
              subject
                  + " must be "
                  + owner.path("const").toString()
                  + ", found "
                  + shown(at.node());
      case "pattern" -> message = patternMessage(subject, p.schemaPath(), owner, at.node());
      case "minItems", "maxItems" ->
          message = subject + " must be " + itemsExpectation(owner) + ", found " + count(at.node());
      case "uniqueItems" -> message = subject + " lists the same value more than once";
      case "minLength" -> message = subject + " must not be empty";
      case "oneOf", "anyOf" ->
          message =
              titleAt(p.schemaPath())
                  + " "
                  + owner.path("description").asString("does not match any allowed form");
      default -> message = subject + " is not valid (" + p.keyword() + ")";
    }
    Finding f = Finding.of(RULE, Severity.ERROR, message).at(location).withPath(pointer);
    String device = at.deviceName(root, p.instance());
    return device == null ? f : f.onDevice(device);
  }

  /** The allowed key an unknown key is probably a typo of, or null. */
  private String unknownKeyHint(Problem p) {
    JsonNode owner = schemaAt(p.schemaPath().subList(0, Math.max(0, p.schemaPath().size() - 1)));
    return DidYouMean.suggest(p.property(), propertyNames(owner));
  }

  private String typeMessage(String subject, JsonNode owner, Node value) {
    List<String> types = new ArrayList<>();
    JsonNode t = owner.path("type");
    if (t.isArray()) {
      t.forEach(x -> types.add(x.asString()));
    } else {
      types.add(t.asString());
    }
    if (types.equals(List.of("string"))
        && value instanceof ScalarNode s
        && s.value() != null
        && !(s.value() instanceof String)) {
      return subject + " must be a string (quote it: \"" + s.text() + "\"), found " + found(value);
    }
    String expected =
        types.size() > 1 && owner.has("description")
            ? owner.path("description").asString()
            : types.stream().map(SchemaMessages::typeWord).collect(Collectors.joining(" or "));
    return subject + " must be " + expected + ", found " + found(value);
  }

  private static String patternMessage(
      String subject, List<Object> schemaPath, JsonNode owner, Node value) {
    Object raw = value instanceof ScalarNode s ? s.value() : null;
    if (schemaPath.size() == 3 && "$defs".equals(schemaPath.get(0))) {
      Consumer<Object> parser = UNIT_PARSERS.get(String.valueOf(schemaPath.get(1)));
      if (parser != null && raw != null) {
        try {
          parser.accept(raw);
        } catch (UnitException e) {
          return subject + ": " + e.getMessage();
        }
      }
    }
    return subject + " must be " + expectation(owner) + ", found " + found(value);
  }

  private static String expectation(JsonNode schema) {
    if (schema.has("description")) {
      return schema.path("description").asString();
    }
    if (schema.has("enum")) {
      return "one of " + enumList(schema);
    }
    if (schema.has("pattern")) {
      return "text matching " + schema.path("pattern").asString();
    }
    return typeWord(schema.path("type").asString("value"));
  }

  private static String range(JsonNode schema) {
    boolean hasMin = schema.has("minimum");
    boolean hasMax = schema.has("maximum");
    if (hasMin && hasMax) {
      return schema.path("minimum").asString() + ".." + schema.path("maximum").asString();
    }
    return hasMin
        ? "at least " + schema.path("minimum").asString()
        : "at most " + schema.path("maximum").asString();
  }

  private static String itemsExpectation(JsonNode schema) {
    if (schema.has("description")) {
      return schema.path("description").asString();
    }
    if (schema.has("minItems")
        && schema.has("maxItems")
        && schema.path("minItems").asInt() == schema.path("maxItems").asInt()) {
      return "a list of exactly " + schema.path("minItems").asInt() + " items";
    }
    if (schema.has("minItems")) {
      return "a list of at least "
          + schema.path("minItems").asInt()
          + " item"
          + (schema.path("minItems").asInt() == 1 ? "" : "s");
    }
    return "a list of at most " + schema.path("maxItems").asInt() + " items";
  }

  private static String count(Node value) {
    int n = value instanceof ListNode l ? l.items().size() : 0;
    return n + (n == 1 ? " item" : " items");
  }

  private static String enumList(JsonNode schema) {
    return String.join(", ", enumWords(schema));
  }

  private static List<String> enumWords(JsonNode schema) {
    List<String> words = new ArrayList<>();
    schema.path("enum").forEach(v -> words.add(v.asString()));
    return words;
  }

  private static Set<String> propertyNames(JsonNode schema) {
    Set<String> names = new java.util.TreeSet<>();
    schema.path("properties").propertyNames().forEach(names::add);
    return names;
  }

  private static String typeWord(String type) {
    return switch (type) {
      case "object" -> "a mapping";
      case "array" -> "a list";
      case "integer" -> "a whole number";
      case "number" -> "a number";
      case "string" -> "a string";
      case "boolean" -> "true or false";
      case "null" -> "empty";
      default -> type;
    };
  }

  /** A value as written, for messages about its value rather than its kind: 9, "dropp". */
  static String shown(Node value) {
    if (value instanceof ScalarNode s && s.value() != null && !(s.value() instanceof String)) {
      return s.text();
    }
    return found(value);
  }

  /** "number 9", "string \"x\"", "a list", "a mapping", "nothing": what the user actually wrote. */
  static String found(Node value) {
    if (value instanceof MapNode) {
      return "a mapping";
    }
    if (value instanceof ListNode) {
      return "a list";
    }
    if (value instanceof ScalarNode s) {
      Object v = s.value();
      if (v == null) {
        return "nothing";
      }
      if (v instanceof String text) {
        return "\""
            + Excerpt.cut(text)
            + "\""; // a 1 MB value once appeared in full in every finding
      }
      if (v instanceof Boolean) {
        return s.text();
      }
      return "number " + Excerpt.cut(s.text());
    }
    return "nothing";
  }

  /** How messages name the offending value: "`priority`", "an entry of `dscp`", "the file". */
  static String subject(List<Object> instance) {
    if (instance.isEmpty()) {
      return "the file";
    }
    int last = instance.size() - 1;
    if (isIndex(instance.get(last))) {
      int owner = last;
      while (owner >= 0 && isIndex(instance.get(owner))) {
        owner--;
      }
      return owner < 0 ? "an entry" : "an entry of `" + instance.get(owner) + "`";
    }
    return "`" + instance.get(last) + "`";
  }

  static boolean isIndex(Object element) {
    return element instanceof Integer
        || (element instanceof String s && !s.isEmpty() && s.chars().allMatch(Character::isDigit));
  }

  static String pointer(List<Object> instance) {
    StringBuilder sb = new StringBuilder();
    for (Object e : instance) {
      sb.append('/').append(escape(String.valueOf(e)));
    }
    return sb.toString();
  }

  private static String escape(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }

  private JsonNode schemaAt(List<Object> path) {
    JsonNode n = schemaDoc;
    for (Object e : path) {
      n = n.isArray() ? n.path(Integer.parseInt(String.valueOf(e))) : n.path(String.valueOf(e));
    }
    return n;
  }

  /** A {@code $ref} to a local definition, followed once (our schema never chains references). */
  private JsonNode resolve(JsonNode schema) {
    String ref = schema.path("$ref").asString("");
    if (ref.startsWith("#/")) {
      JsonNode n = schemaDoc;
      for (String part : ref.substring(2).split("/")) {
        n = n.path(part);
      }
      return n;
    }
    return schema;
  }

  /**
   * The nearest enclosing object schema's title: how messages name the mapping ("traffic class").
   */
  private String titleAt(List<Object> schemaPath) {
    for (int n = schemaPath.size(); n >= 0; n--) {
      JsonNode s = schemaAt(schemaPath.subList(0, n));
      if (s.has("title")) {
        return s.path("title").asString();
      }
    }
    return "the file's top level";
  }

  /**
   * For errors raised inside an if/then branch: the branch's description (why the key is required
   * or banned).
   */
  private String branchDescription(List<Object> schemaPath) {
    int then = schemaPath.lastIndexOf("then");
    if (then < 0) {
      return null;
    }
    JsonNode branch = schemaAt(schemaPath.subList(0, then + 1));
    return branch.has("description") ? branch.path("description").asString() : null;
  }
}
