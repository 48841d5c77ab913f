package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Merges the files of one inventory (intent-format §1). Every node keeps the location it was
 * written at, so a finding on the merged tree still points at the right file and line. A top-level
 * value of the wrong kind, or an unknown top-level key, is left out here: the per-file schema check
 * reports it.
 */
final class InventoryMerger {

  private static final String RULE = "schema";

  private final String inventory;
  private final List<Finding> findings = new ArrayList<>();

  // what has been merged so far, keyed by top-level key, in order of first appearance
  private final LinkedHashMap<String, MapNode.Entry> singles = new LinkedHashMap<>();
  private final LinkedHashMap<String, Location> listStarts = new LinkedHashMap<>();
  private final Map<String, List<Node>> lists = new HashMap<>();
  private final Map<String, Map<String, Location>> namesSeen = new HashMap<>();
  private Location profilesStart;
  private final LinkedHashMap<String, MapNode.Entry> profiles = new LinkedHashMap<>();
  private final List<String> order = new ArrayList<>();

  InventoryMerger(String inventory) {
    this.inventory = inventory;
  }

  List<Finding> findings() {
    return findings;
  }

  /**
   * @param noFiles the inventory has no YAML file at all
   * @param someUnread some file did not parse: what it defines is unknown, so nothing is reported
   *     missing
   */
  MapNode merge(List<ParsedFile> files, boolean noFiles, boolean someUnread) {
    for (ParsedFile f : files) {
      for (MapNode.Entry e : f.root().entries().values()) {
        switch (e.key()) {
          case "version" -> version(e);
          case "fabric", "subnet" -> exactlyOnce(e);
          case "profiles" -> profiles(e);
          case "switches" -> keyedList(e, "switch");
          case "hosts" -> keyedList(e, "host");
          case "links", "waivers" -> list(e);
          default -> {} // unknown keys: reported by the per-file schema check
        }
      }
    }
    Location top = files.isEmpty() ? null : files.get(0).root().location();
    if (noFiles) {
      findings.add(
          Finding.of(
              RULE, Severity.ERROR, "inventory '" + inventory + "' has no .yaml or .yml files"));
    } else if (!files.isEmpty() && !someUnread) {
      if (!singles.containsKey("version")) {
        findings.add(
            Finding.of(
                    RULE,
                    Severity.ERROR,
                    "no file of inventory '"
                        + inventory
                        + "' states 'version: 1'; add it to one file")
                .at(top)
                .withPath("/version"));
      }
      if (!singles.containsKey("fabric")) {
        findings.add(
            Finding.of(
                    RULE,
                    Severity.ERROR,
                    "no file of inventory '"
                        + inventory
                        + "' defines 'fabric'; exactly one file must")
                .at(top)
                .withPath("/fabric"));
      }
    }
    LinkedHashMap<String, MapNode.Entry> entries = new LinkedHashMap<>();
    for (String key : order) {
      switch (key) {
        case "profiles" ->
            entries.put(
                key, new MapNode.Entry(key, profilesStart, new MapNode(profilesStart, profiles)));
        case "switches", "hosts", "links", "waivers" -> {
          Location at = listStarts.get(key);
          entries.put(key, new MapNode.Entry(key, at, new ListNode(at, lists.get(key))));
        }
        default -> entries.put(key, singles.get(key));
      }
    }
    return new MapNode(top == null ? Location.ofFile(inventory) : top, entries);
  }

  private void version(MapNode.Entry e) {
    MapNode.Entry first = singles.get("version");
    if (first == null) {
      first(e);
      singles.put("version", e);
      return;
    }
    Object a = first.value() instanceof ScalarNode s ? s.value() : null;
    Object b = e.value() instanceof ScalarNode s ? s.value() : null;
    if (!Objects.equals(a, b) || a == null) {
      findings.add(
          Finding.of(
                  RULE,
                  Severity.ERROR,
                  "version "
                      + text(e.value())
                      + " disagrees with version "
                      + text(first.value())
                      + " at "
                      + first.value().location()
                      + "; every file that states a version must agree")
              .at(e.value().location())
              .withPath("/version")
              .withValues(text(first.value()), text(e.value())));
    }
  }

  private void exactlyOnce(MapNode.Entry e) {
    MapNode.Entry first = singles.get(e.key());
    if (first != null) {
      findings.add(
          Finding.of(
                  RULE,
                  Severity.ERROR,
                  "'"
                      + e.key()
                      + "' is defined twice: here and at "
                      + first.keyLocation()
                      + "; exactly one file of the inventory defines it")
              .at(e.keyLocation())
              .withPath("/" + e.key()));
      return;
    }
    first(e);
    singles.put(e.key(), e);
  }

  private void profiles(MapNode.Entry e) {
    if (!(e.value() instanceof MapNode map)) {
      return;
    }
    if (profilesStart == null) {
      profilesStart = e.keyLocation();
      first(e);
    }
    for (MapNode.Entry p : map.entries().values()) {
      MapNode.Entry earlier = profiles.get(p.key());
      if (earlier != null) {
        findings.add(
            Finding.of(
                    RULE,
                    Severity.ERROR,
                    "profile '"
                        + p.key()
                        + "' is defined twice: here and at "
                        + earlier.keyLocation()
                        + "; profile names must be unique across the inventory")
                .at(p.keyLocation())
                .withPath("/profiles/" + pointer(p.key())));
      } else {
        profiles.put(p.key(), p);
      }
    }
  }

  private void keyedList(MapNode.Entry e, String what) {
    if (!(e.value() instanceof ListNode list)) {
      return;
    }
    List<Node> merged = start(e);
    Map<String, Location> seen = namesSeen.computeIfAbsent(e.key(), k -> new HashMap<>());
    for (Node item : list.items()) {
      if (item instanceof MapNode m
          && m.get("name").orElse(null) instanceof ScalarNode n
          && n.value() instanceof String name) {
        Location earlier = seen.putIfAbsent(name, n.location());
        if (earlier != null) {
          findings.add(
              Finding.of(
                      RULE,
                      Severity.ERROR,
                      what
                          + " '"
                          + name
                          + "' is defined twice: here and at "
                          + earlier
                          + "; "
                          + what
                          + " names must be unique across the inventory")
                  .at(n.location())
                  .onDevice(name)
                  .withPath("/" + e.key()));
          continue;
        }
      }
      merged.add(item);
    }
  }

  private void list(MapNode.Entry e) {
    if (e.value() instanceof ListNode list) {
      start(e).addAll(list.items());
    }
  }

  private List<Node> start(MapNode.Entry e) {
    if (!listStarts.containsKey(e.key())) {
      listStarts.put(e.key(), e.keyLocation());
      lists.put(e.key(), new ArrayList<>());
      first(e);
    }
    return lists.get(e.key());
  }

  private void first(MapNode.Entry e) {
    order.add(e.key());
  }

  private static String text(Node n) {
    return n instanceof ScalarNode s ? s.text() : n instanceof MapNode ? "(a mapping)" : "(a list)";
  }

  /** JSON-pointer escaping of one reference token (RFC 6901). */
  private static String pointer(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }
}
