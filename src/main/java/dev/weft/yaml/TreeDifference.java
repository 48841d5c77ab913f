package dev.weft.yaml;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The first place two trees of one file differ, in words, or null when they are the same: kinds,
 * keys in document order, positions, scalar values with their Java types, and scalar text. Used
 * where two parsers must agree ({@code WEFT_FAST=verify}).
 */
final class TreeDifference {

  private TreeDifference() {}

  static String between(Node fast, Node library) {
    if (fast == null || library == null) {
      return fast == library
          ? null
          : "one parser built no tree (" + (fast == null ? "fast path" : "snakeyaml-engine") + ")";
    }
    if (!Objects.equals(fast.location(), library.location())) {
      return "a node is at "
          + where(fast)
          + " in the fast path, at "
          + where(library)
          + " in snakeyaml-engine";
    }
    if (fast instanceof MapNode a && library instanceof MapNode b) {
      return maps(a, b);
    }
    if (fast instanceof ListNode a && library instanceof ListNode b) {
      return lists(a, b);
    }
    if (fast instanceof ScalarNode a && library instanceof ScalarNode b) {
      return scalars(a, b);
    }
    return "at "
        + where(fast)
        + " the fast path built a "
        + kind(fast)
        + ", snakeyaml-engine a "
        + kind(library);
  }

  private static String maps(MapNode a, MapNode b) {
    Iterator<Map.Entry<String, MapNode.Entry>> left = a.entries().entrySet().iterator();
    Iterator<Map.Entry<String, MapNode.Entry>> right = b.entries().entrySet().iterator();
    while (left.hasNext() && right.hasNext()) {
      MapNode.Entry x = left.next().getValue();
      MapNode.Entry y = right.next().getValue();
      if (!x.key().equals(y.key()) || !Objects.equals(x.keyLocation(), y.keyLocation())) {
        return "at "
            + where(a)
            + " the keys differ: '"
            + x.key()
            + "' (fast path) against '"
            + y.key()
            + "'";
      }
      String inner = between(x.value(), y.value());
      if (inner != null) {
        return inner;
      }
    }
    return left.hasNext() || right.hasNext()
        ? "the mapping at "
            + where(a)
            + " has "
            + a.entries().size()
            + " keys in the fast path, "
            + b.entries().size()
            + " in snakeyaml-engine"
        : null;
  }

  private static String lists(ListNode a, ListNode b) {
    List<Node> x = a.items();
    List<Node> y = b.items();
    for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
      String inner = between(x.get(i), y.get(i));
      if (inner != null) {
        return inner;
      }
    }
    return x.size() == y.size()
        ? null
        : "the list at "
            + where(a)
            + " has "
            + x.size()
            + " items in the fast path, "
            + y.size()
            + " in snakeyaml-engine";
  }

  private static String scalars(ScalarNode a, ScalarNode b) {
    if (!Objects.equals(a.value(), b.value()) || !sameType(a.value(), b.value())) {
      return "the value at "
          + where(a)
          + " is "
          + typed(a.value())
          + " in the fast path, "
          + typed(b.value())
          + " in snakeyaml-engine";
    }
    return Objects.equals(a.text(), b.text())
        ? null
        : "the text at "
            + where(a)
            + " is '"
            + a.text()
            + "' in the fast path, '"
            + b.text()
            + "' in snakeyaml-engine";
  }

  private static boolean sameType(Object a, Object b) {
    return a == null ? b == null : b != null && a.getClass() == b.getClass();
  }

  private static String typed(Object value) {
    return value == null ? "null" : value.getClass().getSimpleName() + " '" + value + "'";
  }

  private static String kind(Node node) {
    return node instanceof MapNode ? "mapping" : node instanceof ListNode ? "list" : "scalar";
  }

  private static String where(Node node) {
    return node.location().line() + ":" + node.location().column();
  }
}
