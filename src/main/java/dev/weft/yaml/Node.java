package dev.weft.yaml;

import dev.weft.finding.Location;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML value with the place it was written. The loader turns snakeyaml-engine's tree into these
 * so nothing past {@code intent} depends on the YAML library.
 */
public sealed interface Node permits MapNode, ListNode, ScalarNode {
  /** Where the value starts (1-based). */
  Location location();

  /**
   * The value without its places: maps as insertion-ordered maps, lists as lists, scalars as their
   * values with integers widened to {@code Long}, as the project's JSON reader gives numbers (so a
   * YAML tree and a JSON document of the same content are equal).
   */
  static Object plain(Node node) {
    if (node instanceof MapNode m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.entries().forEach((k, e) -> out.put(k, plain(e.value())));
      return out;
    }
    if (node instanceof ListNode l) {
      List<Object> out = new ArrayList<>();
      l.items().forEach(i -> out.add(plain(i)));
      return out;
    }
    Object v = ((ScalarNode) node).value();
    return v instanceof Integer i ? Long.valueOf(i) : v;
  }
}
