package dev.weft.json;

import dev.weft.accel.Accelerators;
import dev.weft.accel.Divergence;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonFactory;

/**
 * Strict JSON reading (Jackson's streaming parser) and the canonical writer, so rendered device
 * files (SONiC {@code config_db.json}) and what devices print can be checked and read back.
 *
 * <p>Parsed values are {@code Map<String,Object>} (document order kept, duplicate keys refused),
 * {@code List<Object>}, {@code String}, {@code Long} (integers of at most 18 digits) or {@code
 * BigDecimal}, {@code Boolean} or {@code null}. The writer sorts object keys and indents by four
 * spaces, as {@code sonic-cfggen --print-data} does, so the same data always gives the same bytes.
 */
public final class Json {
  /** The accelerator name {@link #canonical(String, String, Accelerators)} is counted under. */
  public static final String FAST_PATH = "json";

  /**
   * Containers nested inside the root value; Jackson counts the root too, hence the {@code + 1}.
   */
  private static final int MAX_DEPTH = 64;

  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .streamReadConstraints(
              StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH + 1).build())
          .build();

  private final JsonParser parser;

  private Json(JsonParser parser) {
    this.parser = parser;
  }

  /** Parses a whole JSON document. */
  public static Object parse(String text) throws JsonException {
    try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), text)) {
      Json reader = new Json(parser);
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw reader.error("unexpected end of input", parser.currentLocation());
      }
      Object value = reader.value(first);
      if (parser.nextToken() != null) {
        throw reader.error("unexpected text after the JSON value", parser.currentTokenLocation());
      }
      return value;
    } catch (JacksonException e) {
      throw located(e);
    }
  }

  /**
   * The canonical UTF-8 bytes of a JSON text: exactly {@code write(parse(text)).getBytes(UTF_8)},
   * including the exception (and its line and column) for invalid JSON. With the fast path on,
   * plain ASCII JSON (what templates write) is re-written without building the maps, lists and
   * strings in between ({@link CanonicalJson}); {@code verify} runs both and reports a difference
   * for {@code file}.
   */
  public static byte[] canonical(String text, String file, Accelerators accelerators)
      throws JsonException {
    byte[] fast = accelerators.tryFast() ? CanonicalJson.rewrite(text) : null;
    if (fast == null) {
      if (accelerators.tryFast()) {
        accelerators.declined(FAST_PATH);
      }
      return write(parse(text)).getBytes(StandardCharsets.UTF_8);
    }
    accelerators.took(FAST_PATH);
    if (accelerators.verify()) {
      byte[] library = write(parse(text)).getBytes(StandardCharsets.UTF_8);
      if (!java.util.Arrays.equals(fast, library)) {
        accelerators.diverged(
            new Divergence(FAST_PATH, file, "canonical JSON differs from the library's"));
        return library;
      }
    }
    return fast;
  }

  /** {@link #canonical(String, String, Accelerators)} with the fast path on and nobody counting. */
  public static byte[] canonical(String text) throws JsonException {
    return canonical(text, "", Accelerators.on());
  }

  /** Writes {@code value} canonically: sorted keys, four-space indent, a final newline. */
  public static String write(Object value) {
    return JsonWriter.write(value, JsonWriter.Style.CANONICAL);
  }

  private Object value(JsonToken token) throws JsonException {
    return switch (token) {
      case START_OBJECT -> object();
      case START_ARRAY -> array();
      case VALUE_STRING -> parser.getString();
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> number();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      case VALUE_NULL -> null;
      default -> throw error("unexpected " + token, parser.currentTokenLocation());
    };
  }

  private Map<String, Object> object() throws JsonException {
    Map<String, Object> map = new LinkedHashMap<>();
    for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
      if (t == null) {
        throw error("unexpected end of input", parser.currentLocation());
      }
      String key = parser.currentName();
      TokenStreamLocation at = parser.currentTokenLocation();
      Object value = value(parser.nextToken());
      if (map.containsKey(key)) {
        throw error("duplicate key \"" + key + "\"", at);
      }
      map.put(key, value);
    }
    return map;
  }

  private List<Object> array() throws JsonException {
    List<Object> list = new ArrayList<>();
    for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
      if (t == null) {
        throw error("unexpected end of input", parser.currentLocation());
      }
      list.add(value(t));
    }
    return list;
  }

  /**
   * Integers of up to 18 digits are longs (they always fit); any other number keeps its exact
   * decimal value.
   */
  private Object number() throws JsonException {
    String raw = parser.getString();
    boolean integer = parser.currentToken() == JsonToken.VALUE_NUMBER_INT;
    if (integer && raw.length() - (raw.startsWith("-") ? 1 : 0) < 19) {
      return Long.parseLong(raw);
    }
    try {
      return new BigDecimal(raw);
    } catch (NumberFormatException e) {
      // grammatical but out of BigDecimal's range (an exponent beyond an int): still a user's text
      throw error("number out of range '" + raw + "'", parser.currentTokenLocation());
    }
  }

  private JsonException error(String message, TokenStreamLocation at) {
    return new JsonException(message, Math.max(1, at.getLineNr()), Math.max(1, at.getColumnNr()));
  }

  /** Jackson's message without its source excerpt, at Jackson's line and column. */
  private static JsonException located(JacksonException e) {
    TokenStreamLocation at = e.getLocation();
    int line = at == null ? 1 : Math.max(1, at.getLineNr());
    int column = at == null ? 1 : Math.max(1, at.getColumnNr());
    String message = e.getOriginalMessage();
    int cut = message.indexOf('\n');
    String first = cut < 0 ? message : message.substring(0, cut);
    // a limit's message names the Java method that sets it: a user needs the numbers only
    return new JsonException(first.replaceAll(", from `[^`]*`", ""), line, column);
  }
}
