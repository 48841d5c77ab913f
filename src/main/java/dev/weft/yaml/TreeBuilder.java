package dev.weft.yaml;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.common.Anchor;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;

/**
 * Builds our {@link Node} tree from snakeyaml-engine's event stream, iteratively: a file nested
 * 10,000 levels deep meets the depth limit instead of the JVM's stack (snakeyaml's own composer is
 * recursive and has no depth limit). Anchors and aliases are resolved here by sharing the immutable
 * node, so an alias costs nothing to build; what an alias WOULD cost a consumer that walks the tree
 * is counted, and a file whose aliases expand past a budget is rejected (billion laughs).
 *
 * <p>One instance per file; not thread-safe.
 */
final class TreeBuilder {

  /** Raised to stop at the first problem after which the rest of the file cannot be trusted. */
  static final class Fatal extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient Finding finding;

    Fatal(Finding finding) {
      super(finding.message(), null, false, false);
      this.finding = finding;
    }
  }

  static final String RULE = "yaml-syntax";
  private static final String CORE = "tag:yaml.org,2002:";
  private static final long MIN_ALIAS_BUDGET = 1_000_000;
  private static final int ALIAS_BUDGET_FACTOR = 10;

  /**
   * Characters that aliases may repeat, at least: a 1 MB value aliased 100,000 times cost 100,000
   * nodes (within the node budget) but a hundred gigabytes to every consumer that reads the text
   * (schema patterns, messages).
   */
  private static final long MIN_ALIAS_CHAR_BUDGET = 4L * 1024 * 1024;

  private final String file;
  private final LoadLimits limits;
  private final List<Finding> problems = new ArrayList<>();
  private final ArrayDeque<Frame> stack = new ArrayDeque<>();
  private final Map<String, Built> anchors = new HashMap<>();
  private final Set<String> openAnchors = new HashSet<>();
  private int collectionAliases;
  private long builtNodes;
  private long aliasedNodes;
  private long builtChars;
  private long aliasedChars;
  private Node root;
  private boolean sawDocument;

  TreeBuilder(String file, LoadLimits limits) {
    this.file = file;
    this.limits = limits;
  }

  /** The one place snakeyaml's 0-based marks become our 1-based locations. */
  static Location location(String file, Optional<Mark> mark) {
    if (mark.isEmpty()) {
      return Location.ofFile(file);
    }
    return new Location(file, mark.get().getLine() + 1, mark.get().getColumn() + 1);
  }

  private Location at(Event event) {
    return location(file, event.getStartMark());
  }

  Finding error(String message, Location where) {
    return Finding.of(RULE, Severity.ERROR, message).at(where);
  }

  List<Finding> problems() {
    return problems;
  }

  /** The document's root node, or null when the stream held no document. */
  Node root() {
    return root;
  }

  void accept(Event event) {
    switch (event.getEventId()) {
      case StreamStart, StreamEnd, DocumentEnd, Comment -> {}
      case DocumentStart -> {
        if (sawDocument) {
          throw new Fatal(
              error(
                  "a second YAML document starts here; an inventory file holds exactly one "
                      + "(remove the '---' line or split the file)",
                  at(event)));
        }
        sawDocument = true;
      }
      case Scalar -> scalar((ScalarEvent) event);
      case Alias -> alias((AliasEvent) event);
      case MappingStart, SequenceStart -> open((CollectionStartEvent) event);
      case MappingEnd, SequenceEnd -> close();
      default -> throw new Fatal(error("unexpected YAML event " + event.getEventId(), at(event)));
    }
  }

  // ---- scalars -------------------------------------------------------------------------------

  private void scalar(ScalarEvent event) {
    Location where = at(event);
    String text = event.getValue();
    if (text.length() > limits.maxScalarChars()) {
      throw new Fatal(
          error(
              "a value of "
                  + text.length()
                  + " characters; values are limited to "
                  + limits.maxScalarChars()
                  + " characters (limit: value length)",
              where));
    }
    Object value;
    Optional<String> tag = event.getTag();
    if (tag.isEmpty() || tag.get().equals("!")) {
      value = event.isPlain() && tag.isEmpty() ? CoreScalars.resolve(text) : text;
    } else {
      value = explicitScalar(tag.get(), text, where);
    }
    ScalarNode node = new ScalarNode(where, value == CoreScalars.NULL ? null : value, text);
    builtNodes++;
    builtChars += text.length();
    complete(
        node,
        1,
        text.length(),
        event.getAnchor(),
        event.isPlain() && tag.isEmpty() && text.equals("<<"));
  }

  /** {@code !!str 42} is text, {@code !!int "42"} a number; any other tag is refused. */
  private Object explicitScalar(String tag, String text, Location where) {
    String name = tag.startsWith(CORE) ? tag.substring(CORE.length()) : null;
    if (name == null) {
      return refuseTag(tag, where, text);
    }
    Object resolved = CoreScalars.resolve(text);
    switch (name) {
      case "str":
        return text;
      case "int":
        if (resolved instanceof Long || resolved instanceof BigInteger) {
          return resolved;
        }
        return wrongTag(tag, "an integer", text, where);
      case "float":
        if (resolved instanceof Long l) {
          return BigDecimal.valueOf(l);
        }
        if (resolved instanceof BigInteger b) {
          return new BigDecimal(b);
        }
        if (resolved instanceof BigDecimal) {
          return resolved;
        }
        return wrongTag(tag, "a number", text, where);
      case "bool":
        return resolved instanceof Boolean ? resolved : wrongTag(tag, "true or false", text, where);
      case "null":
        return resolved == CoreScalars.NULL ? resolved : wrongTag(tag, "null", text, where);
      default:
        return refuseTag(tag, where, text);
    }
  }

  private Object wrongTag(String tag, String expected, String text, Location where) {
    // The value itself is not echoed: this parser also reads credential files, and reports must not
    // carry secrets.
    problems.add(
        error(
            "a value tagged " + shortTag(tag) + " is not " + expected + " (remove the tag)",
            where));
    return text;
  }

  private Object refuseTag(String tag, Location where, String text) {
    problems.add(
        error(
            "tag "
                + shortTag(tag)
                + " is not allowed; inventory files hold plain maps, lists, text, "
                + "numbers and booleans (remove the tag)",
            where));
    return text;
  }

  private static String shortTag(String tag) {
    return tag.startsWith(CORE) ? "!!" + tag.substring(CORE.length()) : tag;
  }

  // ---- aliases -------------------------------------------------------------------------------

  private void alias(AliasEvent event) {
    Location where = at(event);
    String name = event.getAlias().getValue();
    Built target = anchors.get(name);
    if (target == null) {
      String why =
          openAnchors.contains(name)
              ? "alias *" + name + " refers to a map or list that contains it (a recursive alias)"
              : "alias *" + name + " has no anchor &" + name + " before it";
      throw new Fatal(error(why, where));
    }
    if (!(target.node instanceof ScalarNode)) {
      collectionAliases++;
      if (collectionAliases > limits.maxAliases()) {
        throw new Fatal(
            error(
                "more than "
                    + limits.maxAliases()
                    + " aliases to maps or lists in one file; "
                    + "refusing to expand them (an alias bomb or a file that should use profiles)",
                where));
      }
    }
    aliasedNodes = saturatedAdd(aliasedNodes, target.size);
    long budget = Math.max(MIN_ALIAS_BUDGET, ALIAS_BUDGET_FACTOR * builtNodes);
    if (aliasedNodes > budget) {
      throw new Fatal(
          error(
              "aliases expand to more than "
                  + budget
                  + " values; refusing to expand them "
                  + "(an alias bomb: aliases nested inside aliased lists or maps)",
              where));
    }
    aliasedChars = saturatedAdd(aliasedChars, target.chars);
    long charBudget = Math.max(MIN_ALIAS_CHAR_BUDGET, ALIAS_BUDGET_FACTOR * builtChars);
    if (aliasedChars > charBudget) {
      throw new Fatal(
          error(
              "aliases repeat more than "
                  + charBudget
                  + " characters of text; refusing to expand"
                  + " them (limit: alias expansion; a large value aliased many times)",
              where));
    }
    complete(target.node, target.size, target.chars, Optional.empty(), false);
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE / 2 : sum;
  }

  // ---- collections ---------------------------------------------------------------------------

  private void open(CollectionStartEvent event) {
    Location where = at(event);
    if (stack.size() >= limits.maxDepth()) {
      throw new Fatal(
          error("maps and lists nest deeper than " + limits.maxDepth() + " levels", where));
    }
    Optional<String> tag = event.getTag();
    boolean isMap = event.getEventId() == Event.ID.MappingStart;
    if (tag.isPresent()
        && !tag.get().equals("!")
        && !tag.get().equals(CORE + (isMap ? "map" : "seq"))) {
      refuseTag(tag.get(), where, "");
    }
    Optional<Anchor> anchor = event.getAnchor();
    anchor.ifPresent(a -> openAnchors.add(a.getValue()));
    stack.push(isMap ? new MapFrame(where, anchor) : new ListFrame(where, anchor));
    builtNodes++;
  }

  private void close() {
    Frame frame = stack.pop();
    frame.anchor.ifPresent(a -> openAnchors.remove(a.getValue()));
    complete(frame.build(), frame.size, frame.chars, frame.anchor, false);
  }

  /** Hands a finished node to its parent (or makes it the root) and records its anchor. */
  private void complete(
      Node node, long size, long chars, Optional<Anchor> anchor, boolean mergeKey) {
    anchor.ifPresent(a -> anchors.put(a.getValue(), new Built(node, size, chars)));
    Frame parent = stack.peek();
    if (parent == null) {
      root = node;
    } else {
      parent.size = saturatedAdd(parent.size, size);
      parent.chars = saturatedAdd(parent.chars, chars);
      parent.add(node, mergeKey);
    }
  }

  /**
   * An anchored node, its size in nodes and in characters of text (what an alias to it repeats).
   */
  private record Built(Node node, long size, long chars) {}

  private abstract static class Frame {
    final Location location;
    final Optional<Anchor> anchor;
    long size = 1;
    long chars;

    Frame(Location location, Optional<Anchor> anchor) {
      this.location = location;
      this.anchor = anchor;
    }

    abstract void add(Node child, boolean mergeKey);

    abstract Node build();
  }

  private static final class ListFrame extends Frame {
    private final List<Node> items = new ArrayList<>();

    ListFrame(Location location, Optional<Anchor> anchor) {
      super(location, anchor);
    }

    @Override
    void add(Node child, boolean mergeKey) {
      items.add(child);
    }

    @Override
    Node build() {
      return new ListNode(location, items);
    }
  }

  private final class MapFrame extends Frame {
    private final LinkedHashMap<String, MapNode.Entry> entries = new LinkedHashMap<>();

    /** Keys that came from a {@code <<} merge and may still be overridden by an explicit key. */
    private Set<String> merged = Set.of();

    private Node pendingKey;
    private boolean pendingMerge;
    private boolean pendingBad;
    private boolean expectingKey = true;

    MapFrame(Location location, Optional<Anchor> anchor) {
      super(location, anchor);
    }

    @Override
    void add(Node child, boolean mergeKey) {
      if (expectingKey) {
        pendingKey = child;
        pendingMerge = mergeKey;
        pendingBad = !isTextKey(child);
        expectingKey = false;
        return;
      }
      expectingKey = true;
      if (pendingBad) {
        return;
      }
      if (pendingMerge) {
        merge(child);
        return;
      }
      ScalarNode key = (ScalarNode) pendingKey;
      String name = (String) key.value();
      MapNode.Entry earlier = entries.get(name);
      if (earlier != null && !merged.contains(name)) {
        problems.add(
            error(
                "duplicate key '"
                    + name
                    + "' on line "
                    + key.location().line()
                    + "; it is already set on line "
                    + earlier.keyLocation().line()
                    + " of the same mapping",
                key.location()));
        return;
      }
      if (earlier != null) {
        entries.remove(name);
        merged.remove(name);
      }
      entries.put(name, new MapNode.Entry(name, key.location(), child));
    }

    private boolean isTextKey(Node key) {
      if (key instanceof ScalarNode s && s.value() instanceof String) {
        return true;
      }
      String found =
          key instanceof ScalarNode s
              ? (s.value() == null ? "null" : kind(s.value())) + " (quote it to make it text)"
              : key instanceof MapNode ? "a mapping" : "a list";
      problems.add(error("mapping keys must be text, found " + found, key.location()));
      return false;
    }

    /** YAML merge key: explicit keys win, and the first merged map wins over later ones. */
    private void merge(Node source) {
      List<Node> maps = source instanceof ListNode list ? list.items() : List.of(source);
      for (Node m : maps) {
        if (!(m instanceof MapNode map)) {
          problems.add(
              error("a merge key '<<' takes a mapping or a list of mappings", m.location()));
          return;
        }
        if (merged.isEmpty()) {
          merged = new HashSet<>();
        }
        for (MapNode.Entry e : map.entries().values()) {
          if (!entries.containsKey(e.key())) {
            entries.put(e.key(), e);
            merged.add(e.key());
          }
        }
      }
    }

    @Override
    Node build() {
      return new MapNode(location, entries);
    }
  }

  private static String kind(Object value) {
    if (value instanceof Boolean) {
      return "a boolean";
    }
    return value instanceof BigDecimal ? "a number" : "an integer";
  }
}
