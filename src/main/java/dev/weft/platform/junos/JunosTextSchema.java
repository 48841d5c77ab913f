package dev.weft.platform.junos;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shape of the Junos configuration subtrees {@link JunosReader} reads, as the vendored Junos
 * YANG gives it ({@code text-schema.txt}, written by {@code scripts/junos-text-schema} from {@code
 * yang/vendor/juniper}): which statement is a list and its key, a leaf with a value, an empty leaf,
 * a leaf-list or a container. {@link JunosText} needs it because Junos's text writes several
 * statements on one line ({@code class NO-LOSS queue-num 4 no-loss pfc-priority 3;}) and a list
 * entry and a leaf alike ({@code dscp mydscp;} is an entry, {@code scheduler-map sm1;} a leaf).
 */
final class JunosTextSchema {

  /** What a statement is. */
  enum Kind {
    CONTAINER,
    PRESENCE,
    LIST,
    LEAF,
    EMPTY,
    LEAF_LIST
  }

  /**
   * One schema node.
   *
   * @param keys a list's key leaves, in order
   * @param elided a list whose own name the text leaves out ({@code interfaces { et-0/0/0 {...} }})
   * @param children by name, in YANG order
   */
  record Node(
      String name, Kind kind, List<String> keys, boolean elided, Map<String, Node> children) {

    Node child(String name) {
      return children.get(name);
    }

    /** The list child whose name the text leaves out, or null. */
    Node elidedList() {
      for (Node c : children.values()) {
        if (c.elided) {
          return c;
        }
      }
      return null;
    }

    /**
     * The leaf a bare value sets when it follows the container's name ({@code ieee-802.1 pcp;} is
     * {@code classifier-name}, {@code transmit-rate 10g;} is {@code rate}): Junos's unnamed leaf,
     * which the YANG lists first; null when the first child is not a leaf taking a value.
     */
    Node positional() {
      if (kind != Kind.CONTAINER && kind != Kind.PRESENCE) {
        return null;
      }
      return children.values().stream().findFirst().filter(c -> c.kind == Kind.LEAF).orElse(null);
    }
  }

  private JunosTextSchema() {}

  /** The configuration root: class-of-service, interfaces and forwarding-options below it. */
  static Node root() {
    return Holder.ROOT;
  }

  /** Loaded once, on first use; never changed after. */
  private static final class Holder {
    static final Node ROOT = load();
  }

  private static Node load() {
    try (InputStream in = JunosTextSchema.class.getResourceAsStream("text-schema.txt")) {
      if (in == null) {
        throw new IllegalStateException("text-schema.txt is missing from the junos pack");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The indented {@code name kind [key...]} lines; built bottom-up into immutable nodes. */
  static Node parse(String text) {
    Deque<Builder> stack = new ArrayDeque<>();
    Builder root = new Builder("configuration", Kind.CONTAINER, List.of(), false);
    stack.push(root);
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int depth = 0;
      while (line.charAt(depth) == ' ') {
        depth++;
      }
      String[] f = line.strip().split(" ");
      while (stack.size() > depth + 1) {
        stack.pop();
      }
      String kind = f[1];
      Builder b =
          new Builder(
              f[0],
              switch (kind) {
                case "container" -> Kind.CONTAINER;
                case "presence" -> Kind.PRESENCE;
                case "list", "list*" -> Kind.LIST;
                case "leaf" -> Kind.LEAF;
                case "empty" -> Kind.EMPTY;
                case "leaf-list" -> Kind.LEAF_LIST;
                default -> throw new IllegalStateException("text-schema.txt: kind " + kind);
              },
              List.of(f).subList(2, f.length),
              kind.equals("list*"));
      stack.peek().children.put(f[0], b);
      stack.push(b);
    }
    return root.build();
  }

  private static final class Builder {
    final String name;
    final Kind kind;
    final List<String> keys;
    final boolean elided;
    final Map<String, Builder> children = new LinkedHashMap<>();

    Builder(String name, Kind kind, List<String> keys, boolean elided) {
      this.name = name;
      this.kind = kind;
      this.keys = List.copyOf(keys);
      this.elided = elided;
    }

    Node build() {
      Map<String, Node> built = new LinkedHashMap<>();
      children.forEach((n, b) -> built.put(n, b.build()));
      return new Node(name, kind, keys, elided, Collections.unmodifiableMap(built));
    }
  }
}
