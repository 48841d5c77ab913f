package dev.weft.platform.sonic;

import dev.weft.finding.Location;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The BUFFER_POOL entries a SKU's {@code buffers_defaults_t1.j2} gives, read the way SONiC's {@code
 * buffers_config.j2} renders it, by a small bounded reader rather than a Jinja engine: these files
 * only set string variables ({@code ingress_lossless_pool_size}), import a shared objects file and
 * define macros, and SONiC's own output for them is the {@code BUFFER_POOL} object of the macro
 * {@code generate_buffer_pool_and_profiles_with_inactive_ports} (else {@code
 * generate_buffer_pool_and_profiles}), possibly delegating to the imported file's macro of that
 * name. Weft's Jinjava engine is sandboxed for Weft's own templates and does not implement {@code
 * import ... with context}; a reader that knows exactly the statements these files use, and refuses
 * anything else at its line and column, cannot silently evaluate something differently.
 *
 * <p>The context is that of a switch loading a whole config in SONiC's traditional (static) buffer
 * model: no CONFIG_DB table is defined ({@code SYSTEM_DEFAULTS}, {@code DEVICE_METADATA}), {@code
 * dynamic_mode} is not defined, and no port is inactive ({@code port_names_inactive} is empty, as
 * every port Weft renders is configured). Conditions are conjunctions of {@code X is defined},
 * {@code X is not defined} and {@code port_names_inactive|length > 0}; a conjunct after a false one
 * is not evaluated, as Jinja does not.
 */
final class SonicBufferDefaults {

  /** Largest template read. */
  static final int MAX_BYTES = 1 << 20;

  /** The macros that write BUFFER_POOL, in the order SONiC's buffers_config.j2 prefers them. */
  static final List<String> POOL_MACROS =
      List.of(
          "generate_buffer_pool_and_profiles_with_inactive_ports",
          "generate_buffer_pool_and_profiles");

  /** One pool as the rendered template gives it. */
  record Pool(String name, String type, String mode, long size) {}

  /**
   * The pools, by name, and the {@code set} statements whose values the pools used ({@code name at
   * file:line}), for the profile's source line.
   */
  record Result(Map<String, Pool> pools, List<String> used, String macroFile) {}

  /** A file's text by its name in the SKU folder; null when absent. */
  interface Files {
    String read(String name) throws HwskuImportException;
  }

  private enum Kind {
    TEXT,
    EXPR,
    STMT
  }

  private record Token(Kind kind, String text, Location at) {}

  private record Macro(List<Token> body, String file) {}

  private static final Pattern SET =
      Pattern.compile(
          "set\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*(?:'([^']*)'|\"([^\"]*)\"|(.*))",
          Pattern.DOTALL);
  private static final Pattern IMPORT =
      Pattern.compile(
          "import\\s+'([^']+)'\\s+as\\s+([A-Za-z_][A-Za-z0-9_]*)(?:\\s+with\\s+context)?");
  private static final Pattern MACRO =
      Pattern.compile("macro\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*\\(.*\\)");
  private static final Pattern CALL =
      Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\.([A-Za-z_][A-Za-z0-9_]*)\\s*\\(.*\\)");
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private final Map<String, String> vars = new LinkedHashMap<>();
  private final Map<String, Location> setAt = new LinkedHashMap<>();
  private final List<String> used = new ArrayList<>();

  private SonicBufferDefaults() {}

  /** Reads {@code file} (e.g. {@code buffers_defaults_t1.j2}) of the SKU folder {@code files}. */
  static Result read(Files files, String file) throws HwskuImportException {
    return new SonicBufferDefaults().run(files, file);
  }

  private Result run(Files files, String file) throws HwskuImportException {
    String text = files.read(file);
    Map<String, Macro> macros = new LinkedHashMap<>();
    Map<String, String> imports = new LinkedHashMap<>();
    topLevel(tokens(file, text), file, macros, imports);
    Macro macro = null;
    for (String name : POOL_MACROS) {
      macro = macros.get(name);
      if (macro != null) {
        break;
      }
    }
    if (macro == null) {
      throw new HwskuImportException(
          Location.ofFile(file),
          "no macro writes BUFFER_POOL",
          "a macro " + String.join(" or ", POOL_MACROS),
          "macros " + macros.keySet());
    }
    StringBuilder out = new StringBuilder();
    String written = render(macro, out, files, imports, 0);
    Map<String, Pool> pools = pools(out.toString(), written);
    return new Result(pools, List.copyOf(used), written);
  }

  /** The statements outside macros: set, import, include, if/elif/else/endif, macro. */
  private void topLevel(
      List<Token> tokens, String file, Map<String, Macro> macros, Map<String, String> imports)
      throws HwskuImportException {
    Conditions conditions = new Conditions();
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.kind() != Kind.STMT) {
        continue;
      }
      String s = t.text();
      if (conditions.handles(s, t.at(), this)) {
        continue;
      }
      if (!conditions.active()) {
        if (s.startsWith("macro ")) {
          i = endOf(tokens, i);
        }
        continue;
      }
      Matcher m;
      if ((m = SET.matcher(s)).matches()) {
        String value = m.group(2) != null ? m.group(2) : m.group(3);
        if (value != null) {
          vars.put(m.group(1), value);
          setAt.put(m.group(1), t.at());
        } else {
          vars.remove(m.group(1)); // a dict or expression: no pool size is ever one
        }
      } else if ((m = IMPORT.matcher(s)).matches()) {
        imports.put(m.group(2), m.group(1));
      } else if (s.startsWith("include ")) {
        continue; // port lists (buffer_ports.j2): no pool comes from them
      } else if ((m = MACRO.matcher(s)).matches()) {
        int end = endOf(tokens, i);
        macros.put(m.group(1), new Macro(tokens.subList(i + 1, end), file));
        i = end;
      } else {
        throw new HwskuImportException(
            t.at(),
            "a statement the buffer-defaults reader does not evaluate",
            "set, import, include, macro or if",
            "{% " + s + " %}");
      }
    }
  }

  /** The index of the {@code endmacro} closing the macro at {@code start}. */
  private static int endOf(List<Token> tokens, int start) throws HwskuImportException {
    for (int j = start + 1; j < tokens.size(); j++) {
      Token t = tokens.get(j);
      if (t.kind() == Kind.STMT && t.text().equals("endmacro")) {
        return j;
      }
      if (t.kind() == Kind.STMT && t.text().startsWith("macro ")) {
        break;
      }
    }
    throw new HwskuImportException(
        tokens.get(start).at(), "macro without its endmacro", "{% endmacro %}", "none");
  }

  /**
   * Renders {@code macro} into {@code out} until its BUFFER_POOL object is closed; returns the file
   * whose macro wrote it.
   */
  private String render(
      Macro macro, StringBuilder out, Files files, Map<String, String> imports, int depth)
      throws HwskuImportException {
    Conditions conditions = new Conditions();
    for (Token t : macro.body()) {
      if (t.kind() == Kind.STMT && conditions.handles(t.text(), t.at(), this)) {
        continue;
      }
      if (!conditions.active()) {
        continue;
      }
      switch (t.kind()) {
        case TEXT -> out.append(t.text());
        case EXPR -> {
          Matcher call = CALL.matcher(t.text());
          if (call.matches() && imports.containsKey(call.group(1)) && depth == 0) {
            String file = imports.get(call.group(1));
            Map<String, Macro> macros = new LinkedHashMap<>();
            topLevelOf(files, file, macros);
            Macro inner = macros.get(call.group(2));
            if (inner == null) {
              throw new HwskuImportException(
                  t.at(),
                  "the imported file has no such macro",
                  "macro " + call.group(2) + " in " + file,
                  "macros " + macros.keySet());
            }
            return render(inner, out, files, imports, depth + 1);
          }
          if (!NAME.matcher(t.text()).matches()) {
            throw new HwskuImportException(
                t.at(),
                "an expression the buffer-defaults reader does not evaluate",
                "a variable name",
                "{{ " + t.text() + " }}");
          }
          String value = vars.get(t.text());
          if (value == null) {
            throw new HwskuImportException(
                t.at(),
                "variable " + t.text() + " is not set by the buffer defaults",
                "{% set " + t.text() + " = '...' %}",
                "none");
          }
          Location at = setAt.get(t.text());
          String note = t.text() + " at " + at;
          if (!used.contains(note)) {
            used.add(note);
          }
          out.append(value);
        }
        case STMT ->
            throw new HwskuImportException(
                t.at(),
                "a statement the buffer-defaults reader does not evaluate inside the pool macro",
                "if, elif, else or endif",
                "{% " + t.text() + " %}");
      }
      if (closed(out)) {
        return macro.file();
      }
    }
    if (!closed(out)) {
      throw new HwskuImportException(
          Location.ofFile(macro.file()),
          "the pool macro writes no complete BUFFER_POOL object",
          "\"BUFFER_POOL\": { ... }",
          out.length() > 80 ? out.substring(0, 80) + "..." : out.toString());
    }
    return macro.file();
  }

  private void topLevelOf(Files files, String file, Map<String, Macro> macros)
      throws HwskuImportException {
    String text = files.read(file);
    if (text == null) {
      throw new HwskuImportException(
          Location.ofFile(file), "the imported file is missing", file, "no such file");
    }
    // only its macros: the rest of the shared file (port lists built from CONFIG_DB) writes no
    // pool,
    // and its macros see the importer's variables ("with context")
    List<Token> tokens = tokens(file, text);
    for (int i = 0; i < tokens.size(); i++) {
      Matcher m;
      if (tokens.get(i).kind() == Kind.STMT
          && (m = MACRO.matcher(tokens.get(i).text())).matches()) {
        int end = endOf(tokens, i);
        macros.put(m.group(1), new Macro(tokens.subList(i + 1, end), file));
        i = end;
      }
    }
  }

  /** Whether the text holds a BUFFER_POOL object whose braces are closed. */
  private static boolean closed(StringBuilder out) {
    return poolObject(out.toString()) != null;
  }

  private static String poolObject(String text) {
    int key = text.indexOf("\"BUFFER_POOL\"");
    if (key < 0) {
      return null;
    }
    int open = text.indexOf('{', key);
    if (open < 0) {
      return null;
    }
    int depth = 0;
    boolean inString = false;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' && text.charAt(i - 1) != '\\') {
        inString = !inString;
      } else if (!inString && c == '{') {
        depth++;
      } else if (!inString && c == '}' && --depth == 0) {
        return text.substring(open, i + 1);
      }
    }
    return null;
  }

  private static Map<String, Pool> pools(String rendered, String file) throws HwskuImportException {
    String object = poolObject(rendered);
    Object parsed;
    try {
      parsed = Json.parse(object);
    } catch (JsonException e) {
      throw new HwskuImportException(
          Location.ofFile(file),
          "the rendered BUFFER_POOL is not JSON: " + e.getMessage(),
          "a JSON object",
          object.length() > 120 ? object.substring(0, 120) + "..." : object);
    }
    Map<String, Pool> out = new TreeMap<>();
    if (!(parsed instanceof Map<?, ?> map)) {
      throw new HwskuImportException(
          Location.ofFile(file), "BUFFER_POOL is not an object", "an object", object);
    }
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String name = String.valueOf(e.getKey());
      if (!(e.getValue() instanceof Map<?, ?> pool)) {
        throw new HwskuImportException(
            Location.ofFile(file), "pool " + name + " is not an object", "an object", "other");
      }
      String size = String.valueOf(pool.get("size"));
      String type = String.valueOf(pool.get("type"));
      String mode = String.valueOf(pool.get("mode"));
      if (!size.matches("[0-9]{1,15}")
          || !type.matches("ingress|egress")
          || !mode.matches("static|dynamic")) {
        throw new HwskuImportException(
            Location.ofFile(file),
            "pool " + name + " is not a sized pool",
            "size (bytes), type ingress|egress, mode static|dynamic",
            "size " + size + ", type " + type + ", mode " + mode);
      }
      out.put(name, new Pool(name, type, mode, Long.parseLong(size)));
    }
    return out;
  }

  /** The if/elif/else/endif stack of one scope. */
  private static final class Conditions {
    /** Per open if: whether its current branch is active, and whether one branch was taken. */
    private final List<boolean[]> stack = new ArrayList<>();

    boolean active() {
      return stack.stream().allMatch(b -> b[0]);
    }

    private boolean outerActive() {
      return stack.subList(0, stack.size() - 1).stream().allMatch(b -> b[0]);
    }

    boolean handles(String s, Location at, SonicBufferDefaults reader) throws HwskuImportException {
      if (s.startsWith("if ")) {
        boolean value = active() && reader.condition(s.substring(3), at);
        stack.add(new boolean[] {value, value});
        return true;
      }
      if (s.startsWith("elif ") || s.equals("else") || s.equals("endif")) {
        if (stack.isEmpty()) {
          throw new HwskuImportException(at, s + " without its if", "an open {% if %}", s);
        }
        boolean[] top = stack.get(stack.size() - 1);
        if (s.equals("endif")) {
          stack.remove(stack.size() - 1);
        } else if (top[1]) {
          top[0] = false;
        } else if (s.equals("else")) {
          top[0] = true;
          top[1] = true;
        } else {
          boolean value = outerActive() && reader.condition(s.substring(5), at);
          top[0] = value;
          top[1] = value;
        }
        return true;
      }
      return false;
    }
  }

  /** A condition in the documented context (see the class comment). */
  boolean condition(String text, Location at) throws HwskuImportException {
    for (String part : conjuncts(unwrap(text.strip()))) {
      String c = unwrap(part.strip());
      Boolean value;
      Matcher m;
      if ((m = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*) is not defined").matcher(c)).matches()) {
        value = !vars.containsKey(m.group(1));
      } else if ((m = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*) is defined").matcher(c))
          .matches()) {
        value = vars.containsKey(m.group(1));
      } else if (c.replace(" ", "").equals("port_names_inactive|length>0")) {
        value = false;
      } else {
        throw new HwskuImportException(
            at,
            "a condition the buffer-defaults reader does not evaluate",
            "X is defined, X is not defined or port_names_inactive|length > 0, joined by and",
            c);
      }
      if (!value) {
        return false; // Jinja does not evaluate what follows a false conjunct
      }
    }
    return true;
  }

  private static String unwrap(String s) {
    while (s.startsWith("(") && s.endsWith(")") && balanced(s.substring(1, s.length() - 1))) {
      s = s.substring(1, s.length() - 1).strip();
    }
    return s;
  }

  private static boolean balanced(String s) {
    int depth = 0;
    for (char c : s.toCharArray()) {
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (depth < 0) {
        return false;
      }
    }
    return depth == 0;
  }

  private static List<String> conjuncts(String s) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (depth == 0 && s.startsWith(" and ", i)) {
        out.add(s.substring(start, i));
        start = i + 5;
      }
    }
    out.add(s.substring(start));
    return out;
  }

  /** Text, {@code {{ }}} and {@code {% %}} tokens with their places; comments dropped. */
  private static List<Token> tokens(String file, String text) throws HwskuImportException {
    List<Token> out = new ArrayList<>();
    int i = 0;
    int line = 1;
    int lineStart = 0;
    while (i < text.length()) {
      int open = text.indexOf('{', i);
      while (open >= 0 && open + 1 < text.length() && "{%#".indexOf(text.charAt(open + 1)) < 0) {
        open = text.indexOf('{', open + 1);
      }
      if (open < 0 || open + 1 >= text.length()) {
        out.add(new Token(Kind.TEXT, text.substring(i), null));
        break;
      }
      if (open > i) {
        out.add(new Token(Kind.TEXT, text.substring(i, open), null));
      }
      for (int k = i; k < open; k++) {
        if (text.charAt(k) == '\n') {
          line++;
          lineStart = k + 1;
        }
      }
      Location at = new Location(file, line, open - lineStart + 1);
      char kind = text.charAt(open + 1);
      String close = kind == '{' ? "}}" : kind == '%' ? "%}" : "#}";
      int end = text.indexOf(close, open + 2);
      if (end < 0) {
        throw new HwskuImportException(at, "unclosed tag", close, "end of file");
      }
      String inner = text.substring(open + 2, end);
      inner = inner.startsWith("-") || inner.startsWith("+") ? inner.substring(1) : inner;
      inner =
          inner.endsWith("-") || inner.endsWith("+")
              ? inner.substring(0, inner.length() - 1)
              : inner;
      inner = inner.strip();
      if (kind == '{') {
        out.add(new Token(Kind.EXPR, inner, at));
      } else if (kind == '%') {
        out.add(new Token(Kind.STMT, inner, at));
      }
      for (int k = open; k < end; k++) {
        if (text.charAt(k) == '\n') {
          line++;
          lineStart = k + 1;
        }
      }
      i = end + 2;
    }
    return out;
  }
}
