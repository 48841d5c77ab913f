package dev.weft.schema;

import com.networknt.schema.regex.RegularExpressions;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A quick first pass of the intent schema straight over our node tree, answering only "certainly
 * valid" or "not sure". {@link SchemaValidator} runs the schema library (and its located,
 * plain-English messages) only on files this pass does not clear, so findings are identical by
 * construction: the pass is sound, never calling a file valid that the library would reject.
 *
 * <p>Why: on a 32,768-GPU inventory every file is valid, and the library spent most of its time on
 * evaluation bookkeeping (a path object per property and item) plus a Jackson copy of each tree;
 * this pass allocates nothing per node. It understands exactly the keywords {@code
 * intent.schema.json} uses, with the library's semantics (same regular-expression engine,
 * code-point string length, numeric equality of integers). A keyword it does not know, a {@code
 * $ref} outside the document, or a value it cannot judge exactly (a non-integral number where an
 * integer, minimum, {@code const} or {@code enum} is asked) makes the answer "not sure".
 */
final class SchemaPrecheck {

  /** Three-valued: {@code oneOf} and {@code if} need exact answers in both directions. */
  enum Verdict {
    VALID,
    INVALID,
    UNSURE
  }

  /** Keywords that never assert anything. */
  private static final Set<String> ANNOTATIONS =
      Set.of(
          "$schema",
          "$id",
          "$defs",
          "$comment",
          "title",
          "description",
          "examples",
          "default",
          "deprecated");

  private final Object document;
  private final Map<Object, Check> compiled = new IdentityHashMap<>();
  private final Check root;

  /**
   * @param schemaDocument the schema as {@code dev.weft.json.Json} parses it (maps, lists, strings,
   *     Long, BigDecimal, Boolean, null)
   */
  SchemaPrecheck(Object schemaDocument) {
    this.document = schemaDocument;
    this.root = compile(schemaDocument);
  }

  /** VALID only when the schema library would report no error for this file. */
  Verdict check(MapNode file) {
    return root.check(file);
  }

  // ------------------------------------------------------------------ compiled schema

  /** One compiled (sub)schema. */
  private interface Check {
    Verdict check(Node node);
  }

  private static final Check ALWAYS = node -> Verdict.VALID;
  private static final Check NEVER = node -> Verdict.INVALID;
  private static final Check UNKNOWN = node -> Verdict.UNSURE;

  /** A forward reference while a recursive schema is being compiled. */
  private static final class Ref implements Check {
    private Check target;

    @Override
    public Verdict check(Node node) {
      return target.check(node);
    }
  }

  private Check compile(Object schema) {
    Check known = compiled.get(schema);
    if (known != null) {
      return known;
    }
    Ref ref = new Ref();
    compiled.put(schema, ref);
    ref.target = build(schema);
    compiled.put(schema, ref.target);
    return ref.target;
  }

  private Check build(Object schema) {
    if (schema instanceof Boolean b) {
      return b ? ALWAYS : NEVER;
    }
    if (!(schema instanceof Map<?, ?>)) {
      return UNKNOWN;
    }
    List<Check> parts = new ArrayList<>();
    for (String keyword : object(schema).keySet()) {
      if (ANNOTATIONS.contains(keyword) || keyword.equals("then") || keyword.equals("else")) {
        continue; // then/else are compiled with their `if`
      }
      Check part = keyword(keyword, object(schema).get(keyword), schema);
      if (part == UNKNOWN) {
        return UNKNOWN;
      }
      parts.add(part);
    }
    if (parts.isEmpty()) {
      return ALWAYS;
    }
    Check[] all = parts.toArray(Check[]::new);
    return node -> allOf(all, node);
  }

  private Check keyword(String keyword, Object value, Object schema) {
    return switch (keyword) {
      case "type" -> type(value);
      case "$ref" -> ref(value);
      case "properties" -> properties(value, schema);
      case "additionalProperties" -> additionalProperties(value, schema);
      case "required" -> required(value);
      case "propertyNames" -> propertyNames(value);
      case "items" -> items(value);
      case "minItems" -> count(value, true);
      case "maxItems" -> count(value, false);
      case "uniqueItems" ->
          Boolean.FALSE.equals(value)
              ? ALWAYS
              : Boolean.TRUE.equals(value) ? SchemaPrecheck::uniqueItems : UNKNOWN;
      case "minimum" -> bound(value, true);
      case "maximum" -> bound(value, false);
      case "minLength" -> minLength(value);
      case "pattern" -> pattern(value);
      case "const" -> constant(value);
      case "enum" -> enumeration(value);
      case "allOf" -> allOfKeyword(value);
      case "oneOf" -> oneOf(value);
      case "if" -> conditional(value, object(schema).get("then"), object(schema).get("else"));
      default -> UNKNOWN;
    };
  }

  /** Every item must pass: INVALID at the first failure, else UNSURE if any item was unsure. */
  private static <T> Verdict every(
      Iterable<T> items, java.util.function.Function<T, Verdict> check) {
    Verdict result = Verdict.VALID;
    for (T item : items) {
      Verdict v = check.apply(item);
      if (v == Verdict.INVALID) {
        return Verdict.INVALID;
      }
      if (v == Verdict.UNSURE) {
        result = Verdict.UNSURE;
      }
    }
    return result;
  }

  private static Verdict allOf(Check[] checks, Node node) {
    Verdict result = Verdict.VALID;
    for (Check c : checks) {
      Verdict v = c.check(node);
      if (v == Verdict.INVALID) {
        return Verdict.INVALID;
      }
      if (v == Verdict.UNSURE) {
        result = Verdict.UNSURE;
      }
    }
    return result;
  }

  // ------------------------------------------------------------------ keywords

  private static final List<String> TYPES =
      List.of("object", "array", "string", "integer", "number", "boolean", "null");
  private static final int OBJECT = 1;
  private static final int ARRAY = 2;
  private static final int STRING = 4;
  private static final int INTEGER = 8;
  private static final int NUMBER = 16;
  private static final int BOOLEAN = 32;
  private static final int NULL = 64;

  private static Check type(Object value) {
    int allowed = 0;
    Collection<?> names = value instanceof List<?> list ? list : List.of(value);
    for (Object t : names) {
      int bit = t instanceof String name ? TYPES.indexOf(name) : -1;
      if (bit < 0) {
        return UNKNOWN;
      }
      allowed |= 1 << bit;
    }
    int mask = allowed;
    return node -> isType(node, mask);
  }

  private static Verdict isType(Node node, int allowed) {
    if (node instanceof MapNode) {
      return verdict((allowed & OBJECT) != 0);
    }
    if (node instanceof ListNode) {
      return verdict((allowed & ARRAY) != 0);
    }
    Object v = ((ScalarNode) node).value();
    if (v == null) {
      return verdict((allowed & NULL) != 0);
    }
    if (v instanceof String) {
      return verdict((allowed & STRING) != 0);
    }
    if (v instanceof Boolean) {
      return verdict((allowed & BOOLEAN) != 0);
    }
    if (isIntegral(v)) {
      return verdict((allowed & (INTEGER | NUMBER)) != 0);
    }
    if (v instanceof BigDecimal) {
      // 3.0 may count as an integer for the library: only "number" is certain
      return (allowed & NUMBER) != 0
          ? Verdict.VALID
          : (allowed & INTEGER) != 0 ? Verdict.UNSURE : Verdict.INVALID;
    }
    return Verdict.UNSURE; // a Double (inf/nan) or anything else: leave it to the library
  }

  private Check ref(Object value) {
    if (!(value instanceof String pointer) || !pointer.startsWith("#/")) {
      return UNKNOWN;
    }
    Object target = document;
    for (String token : pointer.substring(2).split("/", -1)) {
      String name = token.replace("~1", "/").replace("~0", "~");
      target = target instanceof Map<?, ?> map ? map.get(name) : null;
    }
    return target == null ? UNKNOWN : compile(target);
  }

  private Check properties(Object value, Object schema) {
    if (!(value instanceof Map<?, ?>)) {
      return UNKNOWN;
    }
    Map<String, Check> byName = new HashMap<>();
    object(value).forEach((name, sub) -> byName.put(name, compile(sub)));
    return node -> {
      if (!(node instanceof MapNode map)) {
        return Verdict.VALID;
      }
      Verdict result = Verdict.VALID;
      for (MapNode.Entry e : map.entries().values()) {
        Check c = byName.get(e.key());
        if (c != null) {
          Verdict v = c.check(e.value());
          if (v == Verdict.INVALID) {
            return Verdict.INVALID;
          }
          if (v == Verdict.UNSURE) {
            result = Verdict.UNSURE;
          }
        }
      }
      return result;
    };
  }

  private Check additionalProperties(Object value, Object schema) {
    if (object(schema).containsKey("patternProperties")) {
      return UNKNOWN;
    }
    Object props = object(schema).get("properties");
    Set<String> declared = new HashSet<>();
    if (props != null) {
      if (!(props instanceof Map<?, ?>)) {
        return UNKNOWN;
      }
      declared.addAll(object(props).keySet());
    }
    Check extra = compile(value);
    return node -> {
      if (!(node instanceof MapNode map)) {
        return Verdict.VALID;
      }
      Verdict result = Verdict.VALID;
      for (MapNode.Entry e : map.entries().values()) {
        if (!declared.contains(e.key())) {
          Verdict v = extra.check(e.value());
          if (v == Verdict.INVALID) {
            return Verdict.INVALID;
          }
          if (v == Verdict.UNSURE) {
            result = Verdict.UNSURE;
          }
        }
      }
      return result;
    };
  }

  private static Check required(Object value) {
    if (!(value instanceof List<?> list)) {
      return UNKNOWN;
    }
    List<String> names = new ArrayList<>();
    for (Object n : list) {
      if (!(n instanceof String name)) {
        return UNKNOWN;
      }
      names.add(name);
    }
    String[] all = names.toArray(String[]::new);
    return node -> {
      if (!(node instanceof MapNode map)) {
        return Verdict.VALID;
      }
      for (String name : all) {
        if (!map.entries().containsKey(name)) {
          return Verdict.INVALID;
        }
      }
      return Verdict.VALID;
    };
  }

  private Check propertyNames(Object value) {
    Check names = compile(value);
    java.util.function.Function<MapNode.Entry, Verdict> eachName =
        e -> names.check(new ScalarNode(e.keyLocation(), e.key(), e.key()));
    return node ->
        node instanceof MapNode map ? every(map.entries().values(), eachName) : Verdict.VALID;
  }

  private Check items(Object value) {
    if (!(value instanceof Map<?, ?>) && !(value instanceof Boolean)) {
      return UNKNOWN; // the pre-2020 array form means something else
    }
    Check item = compile(value);
    java.util.function.Function<Node, Verdict> eachItem = item::check;
    return node -> node instanceof ListNode list ? every(list.items(), eachItem) : Verdict.VALID;
  }

  private static Check count(Object value, boolean min) {
    if (!isInt(value)) {
      return UNKNOWN;
    }
    int limit = ((Long) value).intValue();
    return node -> {
      if (!(node instanceof ListNode list)) {
        return Verdict.VALID;
      }
      int n = list.items().size();
      return verdict(min ? n >= limit : n <= limit);
    };
  }

  private static Verdict uniqueItems(Node node) {
    if (!(node instanceof ListNode list)) {
      return Verdict.VALID;
    }
    Set<Object> seen = new HashSet<>();
    for (Node n : list.items()) {
      if (!(n instanceof ScalarNode s)) {
        return Verdict.UNSURE;
      }
      Object key;
      if (s.value() instanceof String text) {
        key = text;
      } else if (isIntegral(s.value())) {
        key = integral(s.value());
      } else {
        return Verdict.UNSURE;
      }
      if (!seen.add(key)) {
        return Verdict.INVALID;
      }
    }
    return Verdict.VALID;
  }

  private static Check bound(Object value, boolean min) {
    if (!(value instanceof Long) && !(value instanceof BigDecimal)) {
      return UNKNOWN;
    }
    BigDecimal limit = value instanceof Long l ? BigDecimal.valueOf(l) : (BigDecimal) value;
    return node -> {
      if (!(node instanceof ScalarNode s)
          || s.value() == null
          || s.value() instanceof String
          || s.value() instanceof Boolean) {
        return Verdict.VALID; // not a number: the keyword does not apply
      }
      if (!isIntegral(s.value())) {
        return Verdict.UNSURE;
      }
      int c = new BigDecimal(integral(s.value())).compareTo(limit);
      return verdict(min ? c >= 0 : c <= 0);
    };
  }

  private static Check minLength(Object value) {
    if (!isInt(value)) {
      return UNKNOWN;
    }
    int limit = ((Long) value).intValue();
    return node ->
        node instanceof ScalarNode s && s.value() instanceof String text
            ? verdict(text.codePointCount(0, text.length()) >= limit)
            : Verdict.VALID;
  }

  private static Check pattern(Object value) {
    if (!(value instanceof String regex)) {
      return UNKNOWN;
    }
    // The library's JDK engine compiles the pattern with its ECMA-262 adjustments and answers
    // Matcher.find();
    // the same Pattern and the same call give the same answer for every string. One Matcher per
    // thread,
    // reset per value: a Matcher and its arrays for each of a few hundred thousand strings was most
    // of this
    // pass's allocation.
    String jdkForm =
        RegularExpressions.replaceLongformCharacterProperties(
            RegularExpressions.replaceDollarAnchors(regex));
    SimplePattern simple = SimplePattern.compile(jdkForm);
    if (simple != null) {
      return node ->
          node instanceof ScalarNode s && s.value() instanceof String text
              ? verdict(simple.matches(text))
              : Verdict.VALID;
    }
    Pattern compiled = Pattern.compile(jdkForm);
    ThreadLocal<Matcher> matchers = ThreadLocal.withInitial(() -> compiled.matcher(""));
    return node ->
        node instanceof ScalarNode s && s.value() instanceof String text
            ? verdict(matchers.get().reset(text).find())
            : Verdict.VALID;
  }

  private static Check constant(Object value) {
    Object expected = scalarOf(value);
    if (expected == null) {
      return UNKNOWN;
    }
    return node -> same(node, expected);
  }

  private static Check enumeration(Object value) {
    if (!(value instanceof List<?> list)) {
      return UNKNOWN;
    }
    List<Object> options = new ArrayList<>();
    for (Object option : list) {
      Object o = scalarOf(option);
      if (o == null) {
        return UNKNOWN;
      }
      options.add(o);
    }
    Object[] all = options.toArray();
    return node -> {
      Verdict result = Verdict.INVALID;
      for (Object o : all) {
        Verdict v = same(node, o);
        if (v == Verdict.VALID) {
          return Verdict.VALID;
        }
        if (v == Verdict.UNSURE) {
          result = Verdict.UNSURE;
        }
      }
      return result;
    };
  }

  private Check allOfKeyword(Object value) {
    if (!(value instanceof List<?> list)) {
      return UNKNOWN;
    }
    List<Check> parts = new ArrayList<>();
    for (Object s : list) {
      parts.add(compile(s));
    }
    Check[] all = parts.toArray(Check[]::new);
    return node -> allOf(all, node);
  }

  private Check oneOf(Object value) {
    if (!(value instanceof List<?> list)) {
      return UNKNOWN;
    }
    List<Check> parts = new ArrayList<>();
    for (Object s : list) {
      parts.add(compile(s));
    }
    Check[] all = parts.toArray(Check[]::new);
    return node -> {
      int valid = 0;
      for (Check c : all) {
        Verdict v = c.check(node);
        if (v == Verdict.UNSURE) {
          return Verdict.UNSURE;
        }
        if (v == Verdict.VALID) {
          valid++;
        }
      }
      return verdict(valid == 1);
    };
  }

  private Check conditional(Object ifSchema, Object thenSchema, Object elseSchema) {
    Check condition = compile(ifSchema);
    Check then = thenSchema == null ? ALWAYS : compile(thenSchema);
    Check otherwise = elseSchema == null ? ALWAYS : compile(elseSchema);
    return node ->
        switch (condition.check(node)) {
          case VALID -> then.check(node);
          case INVALID -> otherwise.check(node);
          case UNSURE -> Verdict.UNSURE;
        };
  }

  // ------------------------------------------------------------------ values

  /**
   * A const/enum value we compare exactly: a String, Boolean, BigInteger or {@link #JSON_NULL};
   * else null.
   */
  private static Object scalarOf(Object value) {
    if (value instanceof String || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Long l) {
      return BigInteger.valueOf(l);
    }
    if (value == null) {
      return JSON_NULL;
    }
    return null; // a BigDecimal (even an integral one) or a structure: not compared here
  }

  /** A schema object's members. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Object schema) {
    return (Map<String, Object>) schema;
  }

  /** An integer that fits an int, as the schema's counts and lengths are. */
  private static boolean isInt(Object value) {
    return value instanceof Long l && l == (int) l.longValue();
  }

  private static final Object JSON_NULL = new Object();

  private static Verdict same(Node node, Object expected) {
    if (!(node instanceof ScalarNode s)) {
      return Verdict.INVALID; // an object or array never equals a scalar
    }
    Object v = s.value();
    if (v == null) {
      return verdict(expected == JSON_NULL);
    }
    if (v instanceof String || v instanceof Boolean) {
      return verdict(v.equals(expected));
    }
    if (isIntegral(v)) {
      return verdict(expected instanceof BigInteger big && big.equals(integral(v)));
    }
    return Verdict.UNSURE; // 4096.0 against 4096: leave numeric subtleties to the library
  }

  private static boolean isIntegral(Object v) {
    return v instanceof Long || v instanceof Integer || v instanceof BigInteger;
  }

  private static BigInteger integral(Object v) {
    return v instanceof BigInteger big ? big : BigInteger.valueOf(((Number) v).longValue());
  }

  private static Verdict verdict(boolean valid) {
    return valid ? Verdict.VALID : Verdict.INVALID;
  }
}
