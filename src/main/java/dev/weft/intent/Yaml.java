package dev.weft.intent;

import dev.weft.finding.Location;
import dev.weft.model.Provenance;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.math.BigDecimal;
import java.util.List;

/**
 * Typed reads from a schema-checked node tree. Every accessor tolerates a missing key or an
 * unexpected kind by answering null or empty, so the mapper cannot throw whatever it is given.
 */
final class Yaml {

  private Yaml() {}

  static MapNode mapping(MapNode parent, String key) {
    return parent != null && parent.get(key).orElse(null) instanceof MapNode m ? m : null;
  }

  static List<Node> list(MapNode parent, String key) {
    return parent != null && parent.get(key).orElse(null) instanceof ListNode l
        ? l.items()
        : List.of();
  }

  static ScalarNode scalar(MapNode parent, String key) {
    return parent != null && parent.get(key).orElse(null) instanceof ScalarNode s ? s : null;
  }

  /** The scalar's value, whatever its type (for the unit parsers), or null. */
  static Object raw(MapNode parent, String key) {
    ScalarNode s = scalar(parent, key);
    return s == null ? null : s.value();
  }

  static String string(MapNode parent, String key) {
    ScalarNode s = scalar(parent, key);
    return s != null && s.value() instanceof String text ? text : null;
  }

  static Integer integer(MapNode parent, String key) {
    return integer(scalar(parent, key));
  }

  /**
   * A whole number that fits an int, also when written {@code 3.0} (JSON Schema counts that as an
   * integer).
   */
  static Integer integer(Node node) {
    if (!(node instanceof ScalarNode s) || !(s.value() instanceof Number n)) {
      return null;
    }
    try {
      BigDecimal exact = n instanceof BigDecimal d ? d : new BigDecimal(n.toString());
      return exact.intValueExact();
    } catch (ArithmeticException | NumberFormatException notAnInt) {
      return null;
    }
  }

  static boolean bool(MapNode parent, String key, boolean fallback) {
    ScalarNode s = scalar(parent, key);
    return s != null && s.value() instanceof Boolean b ? b : fallback;
  }

  static List<String> strings(MapNode parent, String key) {
    return list(parent, key).stream()
        .filter(n -> n instanceof ScalarNode s && s.value() instanceof String)
        .map(n -> (String) ((ScalarNode) n).value())
        .toList();
  }

  /** Where the value of {@code key} is written, or null. */
  static Location at(MapNode parent, String key) {
    if (parent == null) {
      return null;
    }
    MapNode.Entry e = parent.entries().get(key);
    return e == null ? null : e.value().location();
  }

  /** Where {@code key} itself is written, or null. */
  static Location keyAt(MapNode parent, String key) {
    if (parent == null) {
      return null;
    }
    MapNode.Entry e = parent.entries().get(key);
    return e == null ? null : e.keyLocation();
  }

  /**
   * The mapping's own location plus every key's value location: what rules use to point at a field.
   */
  static Provenance provenance(MapNode node) {
    // A view, not a copy: this runs for every object of inventories with 100k+ ports.
    return new Provenance(node.location(), new ValueLocations(node.entries()));
  }
}
