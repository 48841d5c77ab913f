package dev.weft.yaml;

import dev.weft.finding.Location;
import java.util.List;

/** A YAML sequence. */
public record ListNode(Location location, List<Node> items) implements Node {
  public ListNode {
    items = List.copyOf(items);
  }
}
