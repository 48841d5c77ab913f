package dev.weft.schema;

import dev.weft.finding.Location;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.util.List;

/**
 * Finds the node a JSON pointer names in our tree, keeping the entry that holds it so a message can
 * point at the key ("unknown key", "not allowed") or at the value. Used only for errors, so a walk
 * per error is cheaper than recording a pointer-to-location table for every value of a large file.
 *
 * @param node the node at the pointer, or the deepest node reached when the pointer runs past the
 *     tree
 * @param entry the mapping entry whose value is {@code node}, or null (root, list items)
 */
record NodeLookup(Node node, MapNode.Entry entry) {

  static NodeLookup find(MapNode root, List<Object> pointer) {
    Node current = root;
    MapNode.Entry entry = null;
    for (Object element : pointer) {
      String token = String.valueOf(element);
      if (current instanceof MapNode map && map.entries().containsKey(token)) {
        entry = map.entries().get(token);
        current = entry.value();
      } else if (current instanceof ListNode list
          && SchemaMessages.isIndex(element)
          && Integer.parseInt(token) < list.items().size()) {
        entry = null;
        current = list.items().get(Integer.parseInt(token));
      } else {
        break;
      }
    }
    return new NodeLookup(current, entry);
  }

  Location valueLocation(String file) {
    return node == null ? Location.ofFile(file) : node.location();
  }

  /** Where a key of this mapping is written, or the mapping itself when the key is not there. */
  Location keyLocation(String file, String key) {
    if (node instanceof MapNode map && map.entries().containsKey(key)) {
      return map.entries().get(key).keyLocation();
    }
    return valueLocation(file);
  }

  /** Where the key holding this value is written (for "is not allowed"), else the value. */
  Location ownKeyLocation(String file) {
    return entry == null ? valueLocation(file) : entry.keyLocation();
  }

  /**
   * The switch or host a pointer falls in ({@code /switches/3/...}), by its {@code name}, or null.
   */
  String deviceName(MapNode root, List<Object> pointer) {
    if (pointer.size() < 2
        || !("switches".equals(pointer.get(0)) || "hosts".equals(pointer.get(0)))) {
      return null;
    }
    Node device = find(root, pointer.subList(0, 2)).node();
    if (device instanceof MapNode map
        && map.get("name").orElse(null) instanceof ScalarNode s
        && s.value() instanceof String name) {
      return name;
    }
    return null;
  }
}
