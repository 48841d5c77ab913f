package dev.weft.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one JSON writer: deterministic output for {@link Map}, {@link List}, {@link String}, whole
 * numbers, {@link BigDecimal}, {@link Boolean} and {@code null}, in one of two styles. Hand-written
 * so neither format moves with a library's defaults; anything else is refused rather than written
 * some way.
 */
public final class JsonWriter {

  /** How a document is laid out. */
  public enum Style {
    /**
     * Device files (SONiC {@code config_db.json}): keys sorted, four-space indent, as {@code
     * sonic-cfggen --print-data} writes them, only the escapes JSON requires.
     */
    CANONICAL("    ", true, false),
    /**
     * Reports (JSON, SARIF): keys in the order the reporter put them, two-space indent; also
     * escapes U+2028/U+2029 and DEL (legal JSON, but they break JavaScript consumers of a report).
     */
    REPORT("  ", false, true);

    private final String indent;
    private final boolean sortKeys;
    private final boolean escapeForScripts;

    Style(String indent, boolean sortKeys, boolean escapeForScripts) {
      this.indent = indent;
      this.sortKeys = sortKeys;
      this.escapeForScripts = escapeForScripts;
    }
  }

  private final Style style;
  private final StringBuilder out;

  private JsonWriter(Style style, StringBuilder out) {
    this.style = style;
    this.out = out;
  }

  /** {@code value} as a document in {@code style}, with a final newline. */
  public static String write(Object value, Style style) {
    StringBuilder out = new StringBuilder();
    new JsonWriter(style, out).value(value, 0);
    return out.append('\n').toString();
  }

  @SuppressWarnings("unchecked")
  private void value(Object value, int depth) {
    if (value instanceof Map<?, ?> map) {
      object((Map<String, Object>) map, depth);
    } else if (value instanceof List<?> list) {
      array(list, depth);
    } else if (value instanceof String s) {
      string(s);
    } else if (value == null
        || value instanceof Boolean
        || value instanceof Long
        || value instanceof Integer
        || value instanceof BigInteger
        || value instanceof BigDecimal) {
      out.append(value);
    } else {
      throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
    }
  }

  private void object(Map<String, Object> map, int depth) {
    if (map.isEmpty()) {
      out.append("{}");
      return;
    }
    Map<String, Object> ordered = style.sortKeys && !keysAscending(map) ? new TreeMap<>(map) : map;
    out.append('{');
    boolean first = true;
    for (Map.Entry<String, Object> e : ordered.entrySet()) {
      out.append(first ? "\n" : ",\n");
      first = false;
      pad(depth + 1);
      string(e.getKey());
      out.append(": ");
      value(e.getValue(), depth + 1);
    }
    out.append('\n');
    pad(depth);
    out.append('}');
  }

  private void array(List<?> list, int depth) {
    if (list.isEmpty()) {
      out.append("[]");
      return;
    }
    out.append('[');
    boolean first = true;
    for (Object item : list) {
      out.append(first ? "\n" : ",\n");
      first = false;
      pad(depth + 1);
      value(item, depth + 1);
    }
    out.append('\n');
    pad(depth);
    out.append(']');
  }

  /**
   * True when iterating {@code map} already gives its keys in {@link String#compareTo} order (no
   * copy needed).
   */
  private static boolean keysAscending(Map<String, Object> map) {
    String previous = null;
    for (String key : map.keySet()) {
      if (previous != null && previous.compareTo(key) >= 0) {
        return false;
      }
      previous = key;
    }
    return true;
  }

  private void pad(int depth) {
    for (int i = 0; i < depth; i++) {
      out.append(style.indent);
    }
  }

  /**
   * RFC 8259 string; a run of characters that need no escape is copied at once (most keys and
   * values).
   */
  private void string(String s) {
    out.append('"');
    int n = s.length();
    int clean = 0;
    while (clean < n && !needsEscape(s.charAt(clean))) {
      clean++;
    }
    out.append(s, 0, clean);
    for (int i = clean; i < n; i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append(style.escapeForScripts ? "\\b" : "\\u0008");
        case '\f' -> out.append(style.escapeForScripts ? "\\f" : "\\u000c");
        default -> {
          if (needsEscape(c)) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  private boolean needsEscape(char c) {
    return c == '"'
        || c == '\\'
        || c < 0x20
        || style.escapeForScripts && (c == '\u2028' || c == '\u2029' || c == 0x7f);
  }
}
