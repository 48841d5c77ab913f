package dev.weft.rules;

import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Partition;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Graph and port facts about an InfiniBand inventory that several {@code ib-*} rules need. */
final class IbTopology {

  private IbTopology() {}

  /**
   * One loop in the switch graph (hosts never forward, so only switch-to-switch links count;
   * parallel cables between the same two switches are not a loop), as the switch names around it
   * with the first repeated at the end; empty when the switches form a forest.
   */
  static Optional<List<String>> switchLoop(FabricModel model) {
    Map<String, String> parent = new HashMap<>();
    Map<String, List<String>> tree = new HashMap<>();
    Set<String> seenPairs = new LinkedHashSet<>();
    for (Link l : model.links()) {
      String a = l.a().device();
      String b = l.b().device();
      if (a.equals(b) || model.switchNamed(a).isEmpty() || model.switchNamed(b).isEmpty()) {
        continue;
      }
      String pair = a.compareTo(b) < 0 ? a + "\n" + b : b + "\n" + a;
      if (!seenPairs.add(pair)) {
        continue;
      }
      String ra = root(parent, a);
      String rb = root(parent, b);
      if (ra.equals(rb)) {
        List<String> path = treePath(tree, a, b);
        path.add(a);
        return Optional.of(path);
      }
      parent.put(ra, rb);
      tree.computeIfAbsent(a, k -> new ArrayList<>()).add(b);
      tree.computeIfAbsent(b, k -> new ArrayList<>()).add(a);
    }
    return Optional.empty();
  }

  private static String root(Map<String, String> parent, String n) {
    String r = n;
    while (parent.containsKey(r)) {
      r = parent.get(r);
    }
    return r;
  }

  /** The path from {@code from} to {@code to} in the spanning forest (they are connected). */
  private static List<String> treePath(Map<String, List<String>> tree, String from, String to) {
    Map<String, String> prev = new HashMap<>();
    Deque<String> queue = new ArrayDeque<>();
    queue.add(from);
    prev.put(from, from);
    while (!queue.isEmpty()) {
      String n = queue.poll();
      if (n.equals(to)) {
        break;
      }
      for (String m : tree.getOrDefault(n, List.of())) {
        if (!prev.containsKey(m)) {
          prev.put(m, n);
          queue.add(m);
        }
      }
    }
    List<String> rev = new ArrayList<>();
    for (String n = to; ; n = prev.get(n)) {
      rev.add(n);
      if (n.equals(from)) {
        break;
      }
    }
    java.util.Collections.reverse(rev);
    return rev;
  }

  /** Every HCA port of the inventory by port GUID (lower-case, as written), in host order. */
  static Map<String, Hca> hcaPortsByGuid(FabricModel model) {
    Map<String, Hca> out = new LinkedHashMap<>();
    for (Host h : model.hosts()) {
      for (Hca hca : h.hcas()) {
        if (hca.portGuid() != null) {
          out.putIfAbsent(normalGuid(hca.portGuid()), hca);
        }
      }
    }
    return out;
  }

  /** The number of HCA ports (end ports that take LIDs besides switches). */
  static long hcaPortCount(FabricModel model) {
    return model.hosts().stream().mapToLong(h -> h.hcas().size()).sum();
  }

  /**
   * The HCA ports a partition member stands for (switch members add switch port 0, not HCA ports);
   * unknown host names resolve to nothing (reported by the member rule).
   */
  static List<Hca> portsOf(FabricModel model, Partition.Member member) {
    if (member.all()) {
      return model.hosts().stream().flatMap(h -> h.hcas().stream()).toList();
    }
    List<Hca> out = new ArrayList<>();
    for (String host : member.hosts()) {
      model.hostNamed(host).ifPresent(h -> out.addAll(h.hcas()));
    }
    return out;
  }

  /** A GUID in one spelling: lower-case hex without {@code 0x} and leading zeros. */
  static String normalGuid(String guid) {
    String g = guid.trim().toLowerCase(java.util.Locale.ROOT);
    if (g.startsWith("0x")) {
      g = g.substring(2);
    }
    g = g.replaceFirst("^0+(?=.)", "");
    return g;
  }

  /** {@code /subnet/partitions/3} style JSON pointer for list item {@code i} of a subnet list. */
  static String pointer(String list, int i, String field) {
    return "/subnet/" + list + "/" + i + (field == null ? "" : "/" + field);
  }
}
