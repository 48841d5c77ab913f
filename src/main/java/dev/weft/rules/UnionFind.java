package dev.weft.rules;

import java.util.HashMap;
import java.util.Map;

/**
 * Devices joined into components by the links between them (union-find with path compression), so
 * the path rules judge "every GPU-to-GPU path" in time linear in ports instead of enumerating
 * paths. One instance per rule run.
 */
public final class UnionFind {

  private final Map<String, String> parent = new HashMap<>();

  /** The representative of {@code node}'s component ({@code node} itself when never joined). */
  public String root(String node) {
    String root = node;
    for (String up = parent.get(root); up != null; up = parent.get(root)) {
      root = up;
    }
    while (!node.equals(root)) {
      String up = parent.get(node);
      parent.put(node, root);
      node = up;
    }
    return root;
  }

  /** Puts {@code a} and {@code b} in one component. */
  public void join(String a, String b) {
    String ra = root(a);
    String rb = root(b);
    if (!ra.equals(rb)) {
      parent.put(ra, rb);
    }
  }
}
