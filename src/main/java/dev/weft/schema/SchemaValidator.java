package dev.weft.schema;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.path.PathType;
import dev.weft.accel.Accelerators;
import dev.weft.accel.Divergence;
import dev.weft.finding.Finding;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks one intent file against {@code intent.schema.json} (draft 2020-12). The only class that
 * touches the JSON Schema library: it converts our node tree to the library's tree, validates, and
 * turns each library error into one plain-English finding located at the offending YAML value.
 */
public final class SchemaValidator {

  private final String text;
  private final SchemaPrecheck precheck;
  private final Accelerators accelerators;

  /** The name the quick pass is counted and reported under ({@link Accelerators}). */
  public static final String FAST_PATH = "schema";

  /** The library's compiled schema, built the first time a file needs it (see the constructor). */
  private volatile Library library;

  private record Library(Schema schema, SchemaMessages messages) {}

  /**
   * Reads the schema once and builds the quick pass from it; the instance is immutable (but for the
   * once-built library schema) and safe to share between threads. The schema library and its
   * Jackson tree are compiled only when a file needs them: a valid inventory never does, and on a
   * cold JVM loading them was ~0.3 CPU s of every run.
   */
  public SchemaValidator(Collection<String> switchPlatforms) {
    this(switchPlatforms, Accelerators.on());
  }

  /**
   * With the run's fast-path switch: {@code off} sends every file to the library, {@code verify}
   * too, comparing.
   */
  public SchemaValidator(Collection<String> switchPlatforms, Accelerators accelerators) {
    this.accelerators = accelerators;
    this.text = IntentSchema.text(switchPlatforms);
    try {
      this.precheck = new SchemaPrecheck(Json.parse(text));
    } catch (JsonException e) {
      throw new IllegalStateException("intent schema in the jar is not JSON: " + e.getMessage(), e);
    }
  }

  private Library library() {
    Library built = library;
    if (built == null) {
      synchronized (this) {
        built = library;
        if (built == null) {
          SchemaRegistryConfig config =
              SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER).build();
          SchemaRegistry registry =
              SchemaRegistry.withDefaultDialect(
                  SpecificationVersion.DRAFT_2020_12, b -> b.schemaRegistryConfig(config));
          Schema schema =
              registry.getSchema(
                  SchemaLocation.of("https://weft.dev/schema/intent-1.json"),
                  text,
                  InputFormat.JSON);
          schema.initializeValidators();
          built = new Library(schema, new SchemaMessages(schema.getSchemaNode()));
          library = built;
        }
      }
    }
    return built;
  }

  /**
   * Findings for one parsed file, in document order. A file the quick pass clears has none; any
   * other file gets the library's full, located check (identical findings either way: {@link
   * SchemaPrecheck} is sound).
   */
  public List<Finding> validate(String file, MapNode root) {
    if (!accelerators.tryFast()) {
      return validateFully(file, root);
    }
    if (precheck.check(root) != SchemaPrecheck.Verdict.VALID) {
      accelerators.declined(FAST_PATH);
      return validateFully(file, root);
    }
    accelerators.took(FAST_PATH);
    if (accelerators.verify()) {
      List<Finding> library = validateFully(file, root);
      if (!library.isEmpty()) {
        accelerators.diverged(
            new Divergence(
                FAST_PATH,
                file,
                "the quick pass cleared the file, the schema library found "
                    + library.size()
                    + " problem(s), first: "
                    + library.get(0).message()));
      }
    }
    return List.of();
  }

  /**
   * The library's full check, without the quick pass: what {@link #validate} answers for a file it
   * does not clear.
   */
  List<Finding> validateFully(String file, MapNode root) {
    Library lib = library();
    try {
      List<Error> errors = lib.schema().validate(toJson(root));
      return lib.messages()
          .describe(file, root, errors.stream().map(SchemaValidator::problem).toList());
    } catch (RuntimeException defect) {
      // A defect of the schema library on some odd value must still be a finding for this file, not
      // a crash
      // of the run; the quick pass has already said the file is not valid.
      return List.of(
          Finding.of(
                  SchemaMessages.RULE,
                  dev.weft.finding.Severity.ERROR,
                  "the schema check failed on this file ("
                      + defect.getClass().getSimpleName()
                      + "); the file does not"
                      + " match the intent format; please report this with the file")
              .at(dev.weft.finding.Location.ofFile(file)));
    }
  }

  /**
   * Problems of the schema document itself against the draft 2020-12 meta-schema (bundled with the
   * library, so nothing is fetched): a test keeps the shipped schema well-formed for editors too.
   */
  static List<String> metaSchemaProblems(String schemaText) {
    SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    Schema meta =
        registry.getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));
    List<String> out = new ArrayList<>();
    for (Error e : meta.validate(schemaText, InputFormat.JSON)) {
      out.add(e.getInstanceLocation() + ": " + e.getMessage());
    }
    return out;
  }

  private static SchemaMessages.Problem problem(Error e) {
    return new SchemaMessages.Problem(
        e.getKeyword(),
        elements(e.getInstanceLocation()),
        elements(e.getSchemaLocation().getFragment()),
        e.getProperty());
  }

  private static List<Object> elements(NodePath path) {
    List<Object> out = new ArrayList<>(path == null ? 0 : path.getNameCount());
    if (path != null) {
      for (int i = 0; i < path.getNameCount(); i++) {
        out.add(path.getElement(i));
      }
    }
    return out;
  }

  /** The quick pass's verdict (tests: it must never clear a file the library rejects). */
  SchemaPrecheck.Verdict precheck(MapNode root) {
    return precheck.check(root);
  }

  /** The library's raw error count for a tree (tests). */
  int libraryErrorCount(MapNode root) {
    return library().schema().validate(toJson(root)).size();
  }

  static JsonNode toJson(Node node) {
    JsonNodeFactory json = JsonNodeFactory.instance;
    if (node instanceof MapNode map) {
      ObjectNode obj = json.objectNode();
      // forEach walks the backing map directly: no iterator objects on the hottest loop of a large
      // inventory
      map.entries().forEach((key, e) -> obj.set(key, toJson(e.value())));
      return obj;
    }
    if (node instanceof ListNode list) {
      ArrayNode arr = json.arrayNode(list.items().size());
      for (Node item : list.items()) {
        arr.add(toJson(item));
      }
      return arr;
    }
    Object v = ((ScalarNode) node).value();
    if (v == null) {
      return json.nullNode();
    }
    if (v instanceof String s) {
      return json.stringNode(s);
    }
    if (v instanceof Boolean b) {
      return json.booleanNode(b);
    }
    if (v instanceof Long l) {
      return json.numberNode(l.longValue());
    }
    if (v instanceof Integer i) {
      return json.numberNode(i.intValue());
    }
    if (v instanceof BigInteger bi) {
      return bi.bitLength() < 64 ? json.numberNode(bi.longValue()) : clamped(bi.signum());
    }
    if (v instanceof BigDecimal bd) {
      return (long) bd.precision() - bd.scale() > 18 ? clamped(bd.signum()) : json.numberNode(bd);
    }
    if (v instanceof Double d) {
      return json.numberNode(d.doubleValue());
    }
    return json.stringNode(String.valueOf(v));
  }

  /**
   * A number beyond the 64-bit range ({@code 1e309}, {@code 2^64}) as the library sees it: the
   * nearest long of its sign. The library converts numbers to long for {@code minimum}/{@code
   * maximum} and threw on these; every range in the schema lies well inside a long, so the clamped
   * value fails exactly the checks the real one fails, and messages quote the YAML text, not this
   * value.
   */
  private static JsonNode clamped(int signum) {
    return JsonNodeFactory.instance.numberNode(signum < 0 ? Long.MIN_VALUE : Long.MAX_VALUE);
  }
}
