package dev.weft.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Location;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * EntryMap answers every read exactly as the LinkedHashMap it replaced, below and above the indexed
 * size.
 */
class EntryMapTest {

  private static Map<String, MapNode.Entry> linked(int size) {
    Map<String, MapNode.Entry> map = new LinkedHashMap<>();
    for (int i = size; i > 0; i--) { // not in key order: iteration must follow insertion
      String key = "key-" + i;
      map.put(
          key,
          new MapNode.Entry(
              key,
              new Location("f.yaml", i, 1),
              new ScalarNode(new Location("f.yaml", i, 8), "v" + i, "v" + i)));
    }
    return map;
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 8, 9, 40})
  void readsLikeTheLinkedHashMap(int size) {
    Map<String, MapNode.Entry> expected = linked(size);
    EntryMap map = EntryMap.copyOf(expected);

    assertEquals(expected, map);
    assertEquals(map, expected);
    assertEquals(expected.hashCode(), map.hashCode());
    assertEquals(expected.toString(), map.toString());
    assertEquals(expected.size(), map.size());
    assertEquals(expected.isEmpty(), map.isEmpty());
    assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(map.keySet()));
    assertEquals(new ArrayList<>(expected.values()), new ArrayList<>(map.values()));
    assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(map.entrySet()));
    List<String> visited = new ArrayList<>();
    map.forEach((k, v) -> visited.add(k + "=" + v.key()));
    List<String> wanted = new ArrayList<>();
    expected.forEach((k, v) -> wanted.add(k + "=" + v.key()));
    assertEquals(wanted, visited);
    for (String key : expected.keySet()) {
      assertSame(expected.get(key), map.get(key));
      assertTrue(map.containsKey(key));
      assertTrue(map.keySet().contains(key));
    }
    assertNull(map.get("absent"));
    assertNull(((Map<?, ?>) map).get(42), "a key that is not text");
    assertFalse(map.containsKey("absent"));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 3, 12})
  void cannotBeChanged(int size) {
    EntryMap map = EntryMap.copyOf(linked(size));
    MapNode.Entry e = new MapNode.Entry("x", null, null);
    assertThrows(UnsupportedOperationException.class, () -> map.put("x", e));
    assertThrows(UnsupportedOperationException.class, map::clear);
    Iterator<String> keys = map.keySet().iterator();
    if (keys.hasNext()) {
      keys.next();
      assertThrows(UnsupportedOperationException.class, keys::remove);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 5, 12})
  void aCopyOfACopyIsTheSameMapAndAMapNodeKeepsItsOwnCopy(int size) {
    Map<String, MapNode.Entry> source = linked(size);
    EntryMap map = EntryMap.copyOf(source);
    assertSame(map, EntryMap.copyOf(map));
    MapNode node = new MapNode(new Location("f.yaml", 1, 1), source);
    source.clear();
    assertEquals(
        size,
        node.entries().size(),
        "the node does not see later changes to the map it was built from");
  }
}
