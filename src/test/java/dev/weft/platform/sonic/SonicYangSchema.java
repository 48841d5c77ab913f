package dev.weft.platform.sonic;

import dev.weft.platform.sonic.YangStatements.Stmt;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What SONiC's {@code sonic-yang-mgmt} needs from the {@code sonic-yang-models} to translate
 * CONFIG_DB into YANG data: for every CONFIG_DB table, its module and the table's container (lists
 * with their key leaves in {@code key} order, leaves and leaf-lists with the JSON encoding their
 * type takes). Read from the published {@code .yang} files themselves (SONiC's modules follow one
 * layout: a top-level container named after the module whose child containers are the tables), so
 * the translation follows the vendored models, not a copy of them.
 */
final class SonicYangSchema {

  /** How a leaf's value is written in YANG JSON (RFC 7951 §6). */
  enum Encoding {
    /** int8..int32, uint8..uint32: a JSON number. */
    NUMBER,
    /** int64, uint64, decimal64, strings, enumerations, leafrefs to strings, ...: a JSON string. */
    STRING,
    /** boolean: JSON true/false. */
    BOOLEAN,
    /** empty: [null]. */
    EMPTY
  }

  /** A schema node of a table. */
  sealed interface Node permits Container, YList, Leaf {
    String name();
  }

  record Container(String name, List<Node> children) implements Node {
    Container {
      children = List.copyOf(children);
    }
  }

  /** A list; {@code keys} in the order of its {@code key} statement. */
  record YList(String name, List<String> keys, List<Node> children) implements Node {
    YList {
      keys = List.copyOf(keys);
      children = List.copyOf(children);
    }

    Leaf leaf(String name) {
      for (Node n : children) {
        if (n instanceof Leaf l && l.name().equals(name)) {
          return l;
        }
      }
      return null;
    }
  }

  /**
   * A leaf or leaf-list. {@code encodings} has one entry, or one per member type of a union (in
   * order).
   */
  record Leaf(String name, boolean leafList, List<Encoding> encodings, boolean hasDefault)
      implements Node {
    Leaf {
      encodings = List.copyOf(encodings);
    }
  }

  /** A CONFIG_DB table: the module that models it and its container. */
  record Table(String module, Container container) {}

  /** A model file that cannot be read; the message names file and line. */
  static final class SchemaException extends Exception {
    private static final long serialVersionUID = 1L;

    SchemaException(String message) {
      super(message);
    }
  }

  private static final Set<String> NUMBERS =
      Set.of("int8", "int16", "int32", "uint8", "uint16", "uint32");
  private static final Set<String> STRINGS =
      Set.of(
          "int64",
          "uint64",
          "decimal64",
          "string",
          "enumeration",
          "bits",
          "binary",
          "identityref",
          "instance-identifier");
  private static final int MAX_TYPE_DEPTH = 32;

  /**
   * The integer typedefs of RFC 6991 (ietf-yang-types, ietf-inet-types), which SONiC's models
   * import and libyang has built in: used when those modules are not in the folder. Every other
   * typedef there is a string (addresses, prefixes, dates), and 64-bit counters are written as
   * strings.
   */
  private static final Map<String, Encoding> IETF_TYPES =
      Map.ofEntries(
          Map.entry("ietf-inet-types:as-number", Encoding.NUMBER),
          Map.entry("ietf-inet-types:port-number", Encoding.NUMBER),
          Map.entry("ietf-inet-types:dscp", Encoding.NUMBER),
          Map.entry("ietf-inet-types:ipv6-flow-label", Encoding.NUMBER),
          Map.entry("ietf-yang-types:counter32", Encoding.NUMBER),
          Map.entry("ietf-yang-types:zero-based-counter32", Encoding.NUMBER),
          Map.entry("ietf-yang-types:gauge32", Encoding.NUMBER),
          Map.entry("ietf-yang-types:timeticks", Encoding.NUMBER),
          Map.entry("ietf-yang-types:timestamp", Encoding.NUMBER));

  private static final Set<String> BUILT_IN_MODULES = Set.of("ietf-inet-types", "ietf-yang-types");

  private record Module(String name, String file, Stmt stmt, Map<String, String> prefixes) {}

  private final Map<String, Module> modules = new TreeMap<>();
  private final Map<String, Table> tables = new TreeMap<>();

  private SonicYangSchema() {}

  /** Reads every {@code *.yang} file of a folder. */
  static SonicYangSchema load(Path folder) throws SchemaException {
    Map<String, String> texts = new TreeMap<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f :
          files.filter(p -> p.getFileName().toString().endsWith(".yang")).sorted().toList()) {
        texts.put(f.getFileName().toString(), Files.readString(f, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new SchemaException(folder + ": cannot read the YANG models: " + e.getMessage());
    }
    if (texts.isEmpty()) {
      throw new SchemaException(folder + ": no .yang files");
    }
    return of(texts);
  }

  /** From file name → YANG text. */
  static SonicYangSchema of(Map<String, String> files) throws SchemaException {
    SonicYangSchema schema = new SonicYangSchema();
    for (Map.Entry<String, String> f : files.entrySet()) {
      Stmt top;
      try {
        top = YangStatements.parse(f.getValue(), f.getKey());
      } catch (YangStatements.SyntaxException e) {
        throw new SchemaException(e.getMessage());
      }
      if (!top.keyword().equals("module")) {
        continue; // submodules are read through their module (SONiC's models have none)
      }
      Map<String, String> prefixes = new HashMap<>();
      prefixes.put(top.argOf("prefix"), top.arg());
      for (Stmt imp : top.all("import")) {
        prefixes.put(imp.argOf("prefix"), imp.arg());
      }
      schema.modules.put(top.arg(), new Module(top.arg(), f.getKey(), top, prefixes));
    }
    for (Module m : schema.modules.values()) {
      Stmt top = m.stmt().first("container");
      if (top == null) {
        continue; // types and extensions only
      }
      if (!top.arg().equals(m.name())) {
        throw new SchemaException(
            m.file()
                + ":"
                + top.line()
                + ": top-level container '"
                + top.arg()
                + "' is not named after its module "
                + m.name()
                + " (sonic-yang-mgmt requires it)");
      }
      for (Stmt table : top.all("container")) {
        Container c = (Container) schema.node(m, table, 0);
        Table before = schema.tables.put(table.arg(), new Table(m.name(), c));
        if (before != null) {
          throw new SchemaException(
              m.file()
                  + ":"
                  + table.line()
                  + ": table "
                  + table.arg()
                  + " is also modelled by "
                  + before.module());
        }
      }
    }
    return schema;
  }

  /** The table's model, or null when no loaded module models it. */
  Table table(String name) {
    return tables.get(name);
  }

  Map<String, Table> tables() {
    return Collections.unmodifiableMap(tables);
  }

  private Node node(Module m, Stmt s, int depth) throws SchemaException {
    if (depth > MAX_TYPE_DEPTH) {
      throw new SchemaException(m.file() + ":" + s.line() + ": schema nested too deeply");
    }
    switch (s.keyword()) {
      case "container" -> {
        return new Container(s.arg(), dataChildren(m, s, depth));
      }
      case "list" -> {
        String key = s.argOf("key");
        List<String> keys = key == null ? List.of() : List.of(key.trim().split("\\s+"));
        return new YList(s.arg(), keys, dataChildren(m, s, depth));
      }
      case "leaf", "leaf-list" -> {
        Stmt type = s.first("type");
        if (type == null) {
          throw new SchemaException(
              m.file() + ":" + s.line() + ": " + s.keyword() + " " + s.arg() + " has no type");
        }
        return new Leaf(
            s.arg(),
            s.keyword().equals("leaf-list"),
            encodings(m, type, 0),
            s.first("default") != null || hasTypedefDefault(m, type));
      }
      default ->
          throw new SchemaException(m.file() + ":" + s.line() + ": unexpected " + s.keyword());
    }
  }

  /**
   * Data-node children, with choice/case flattened and local groupings inlined (as libyang compiles
   * them).
   */
  private List<Node> dataChildren(Module m, Stmt parent, int depth) throws SchemaException {
    List<Node> out = new ArrayList<>();
    for (Stmt c : parent.children()) {
      switch (c.keyword()) {
        case "container", "list", "leaf", "leaf-list" -> out.add(node(m, c, depth + 1));
        case "choice", "case" -> out.addAll(dataChildren(m, c, depth + 1));
        case "uses" -> {
          Stmt grouping = grouping(m, c);
          out.addAll(dataChildren(m, grouping, depth + 1));
        }
        case "augment", "anydata", "anyxml" ->
            throw new SchemaException(
                m.file()
                    + ":"
                    + c.line()
                    + ": "
                    + c.keyword()
                    + " inside a table is not supported by Weft's translation");
        default -> {
          // description, key, must, when, config, ...: not data
        }
      }
    }
    return out;
  }

  private Stmt grouping(Module m, Stmt uses) throws SchemaException {
    String name = uses.arg();
    Module in = m;
    int colon = name.indexOf(':');
    if (colon > 0) {
      in = module(m, name.substring(0, colon), uses);
      name = name.substring(colon + 1);
    }
    for (Stmt g : in.stmt().all("grouping")) {
      if (g.arg().equals(name)) {
        return g;
      }
    }
    throw new SchemaException(
        m.file() + ":" + uses.line() + ": grouping " + uses.arg() + " not found");
  }

  private List<Encoding> encodings(Module m, Stmt type, int depth) throws SchemaException {
    if (depth > MAX_TYPE_DEPTH) {
      throw new SchemaException(m.file() + ":" + type.line() + ": typedefs nested too deeply");
    }
    String name = type.arg();
    if (NUMBERS.contains(name)) {
      return List.of(Encoding.NUMBER);
    }
    if (STRINGS.contains(name)) {
      return List.of(Encoding.STRING);
    }
    switch (name) {
      case "boolean" -> {
        return List.of(Encoding.BOOLEAN);
      }
      case "empty" -> {
        return List.of(Encoding.EMPTY);
      }
      case "union" -> {
        List<Encoding> out = new ArrayList<>();
        for (Stmt member : type.all("type")) {
          out.addAll(encodings(m, member, depth + 1));
        }
        return out;
      }
      case "leafref" -> {
        return leafref(m, type, depth);
      }
      default -> {
        Module in = m;
        String local = name;
        int colon = name.indexOf(':');
        if (colon > 0) {
          String imported = m.prefixes().get(name.substring(0, colon));
          if (imported != null
              && BUILT_IN_MODULES.contains(imported)
              && !modules.containsKey(imported)) {
            return List.of(
                IETF_TYPES.getOrDefault(
                    imported + ":" + name.substring(colon + 1), Encoding.STRING));
          }
          in = module(m, name.substring(0, colon), type);
          local = name.substring(colon + 1);
        }
        for (Stmt t : in.stmt().all("typedef")) {
          if (t.arg().equals(local)) {
            Stmt inner = t.first("type");
            if (inner == null) {
              throw new SchemaException(
                  in.file() + ":" + t.line() + ": typedef " + local + " has no type");
            }
            return encodings(in, inner, depth + 1);
          }
        }
        throw new SchemaException(m.file() + ":" + type.line() + ": unknown type " + name);
      }
    }
  }

  private boolean hasTypedefDefault(Module m, Stmt type) throws SchemaException {
    String name = type.arg();
    int colon = name.indexOf(':');
    if (colon > 0
        && BUILT_IN_MODULES.contains(m.prefixes().get(name.substring(0, colon)))
        && !modules.containsKey(m.prefixes().get(name.substring(0, colon)))) {
      return false;
    }
    Module in = colon > 0 ? module(m, name.substring(0, colon), type) : m;
    String local = colon > 0 ? name.substring(colon + 1) : name;
    for (Stmt t : in.stmt().all("typedef")) {
      if (t.arg().equals(local)) {
        return t.first("default") != null;
      }
    }
    return false;
  }

  /** A leafref takes its target's encoding; a path Weft cannot follow (relative) is a string. */
  private List<Encoding> leafref(Module m, Stmt type, int depth) throws SchemaException {
    String path = type.argOf("path");
    if (path == null || !path.startsWith("/")) {
      return List.of(Encoding.STRING);
    }
    Module target = null;
    Stmt at = null;
    for (String segment : path.substring(1).split("/")) {
      String seg = segment.replaceAll("\\[.*\\]", "").trim();
      int colon = seg.indexOf(':');
      String local = colon > 0 ? seg.substring(colon + 1) : seg;
      if (target == null) {
        target = colon > 0 ? module(m, seg.substring(0, colon), type) : m;
        at = target.stmt();
      }
      Stmt next = null;
      for (Stmt c : at.children()) {
        if (local.equals(c.arg())
            && Set.of("container", "list", "leaf", "leaf-list").contains(c.keyword())) {
          next = c;
          break;
        }
      }
      if (next == null) {
        throw new SchemaException(
            m.file() + ":" + type.line() + ": leafref path " + path + " not found");
      }
      at = next;
    }
    Stmt targetType = at.first("type");
    if (targetType == null) {
      throw new SchemaException(
          m.file() + ":" + type.line() + ": leafref path " + path + " is not a leaf");
    }
    return encodings(target, targetType, depth + 1);
  }

  private Module module(Module from, String prefix, Stmt where) throws SchemaException {
    String name = from.prefixes().get(prefix);
    Module m = name == null ? null : modules.get(name);
    if (m == null) {
      throw new SchemaException(
          from.file()
              + ":"
              + where.line()
              + ": prefix '"
              + prefix
              + "' names no loaded module"
              + (name == null ? "" : " (" + name + " is not among the models)"));
    }
    return m;
  }

  /** The names of the modules read, for messages. */
  List<String> modules() {
    return List.copyOf(modules.keySet());
  }

  /** For tests: the table's list names in order. */
  Map<String, List<String>> listsOf(String table) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    Table t = tables.get(table);
    if (t != null) {
      for (Node n : t.container().children()) {
        if (n instanceof YList l) {
          out.put(l.name(), l.keys());
        }
      }
    }
    return out;
  }
}
