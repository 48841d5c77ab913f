package dev.weft.yaml;

import dev.weft.finding.Location;
import java.util.Map;
import java.util.Optional;

/**
 * A YAML mapping. Keys are strings (the schema has no other kind); entry order is file order. The
 * entries are an unmodifiable copy of the map given (see {@link EntryMap}).
 */
public record MapNode(Location location, Map<String, Entry> entries) implements Node {

  /** One key with its own position (for "unknown key" messages) and its value. */
  public record Entry(String key, Location keyLocation, Node value) {}

  public MapNode {
    entries = EntryMap.copyOf(entries);
  }

  public Optional<Node> get(String key) {
    Entry e = entries.get(key);
    return e == null ? Optional.empty() : Optional.of(e.value());
  }

  public boolean has(String key) {
    return entries.containsKey(key);
  }
}
