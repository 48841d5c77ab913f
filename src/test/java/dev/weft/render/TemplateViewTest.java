package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.compile.FrozenSortedMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The array-backed views against the TreeMaps they replace: same entries, same order, same
 * behaviour.
 */
class TemplateViewTest {

  /**
   * What {@code TemplateView.of} built before: a TreeMap of the non-null pairs, later keys winning.
   */
  private static Map<String, Object> treeOf(Object... keysAndValues) {
    TreeMap<String, Object> map = new TreeMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      if (keysAndValues[i + 1] != null) {
        map.put((String) keysAndValues[i], keysAndValues[i + 1]);
      }
    }
    return map;
  }

  private static void assertSame(Map<String, Object> expected, Map<String, Object> actual) {
    assertEquals(List.copyOf(expected.entrySet()), List.copyOf(actual.entrySet()));
    assertEquals(expected, actual);
    assertEquals(expected.hashCode(), actual.hashCode());
    assertEquals(expected.toString(), actual.toString());
    List<String> walked = new ArrayList<>();
    actual.forEach((k, v) -> walked.add(k + "=" + v));
    assertEquals(
        expected.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList(), walked);
    for (String key : expected.keySet()) {
      assertEquals(expected.get(key), actual.get(key), key);
    }
    assertEquals(null, actual.get("not-a-key"));
    assertEquals(
        null, ((Map<?, ?>) actual).get(42), "a key that is not text: a template may look one up");
    assertThrows(UnsupportedOperationException.class, () -> actual.put("x", 1));
  }

  @Test
  void viewsAreSortedLikeATreeMapWhateverTheArgumentOrder() {
    Random random = new Random(11);
    String[] names = {
      "name",
      "mtu",
      "speed_gbps",
      "speed_mbps",
      "pfc",
      "pfc_priorities",
      "pfc_priorities_csv",
      "a",
      "_",
      "Z",
      "queue",
      "queues",
      "x1",
      "x10",
      "x2"
    };
    for (int round = 0; round < 2000; round++) {
      int pairs = random.nextInt(names.length + 3);
      Object[] args = new Object[pairs * 2];
      for (int i = 0; i < pairs; i++) {
        args[2 * i] = names[random.nextInt(names.length)]; // repeats happen
        args[2 * i + 1] = random.nextInt(4) == 0 ? null : (Object) random.nextInt(100);
      }
      assertSame(treeOf(args), TemplateView.of(args));
    }
    assertThrows(IllegalArgumentException.class, () -> TemplateView.of("odd"));
  }

  @Test
  void withAddsOrReplacesOneEntryInOrder() {
    Map<String, Object> queue =
        TemplateView.of("queue", 3, "scheduler", "dwrr", "lossless", true, "weight", 50);
    for (String key : List.of("port", "a", "zz", "queue", "scheduler", "weight", "lossless", "m")) {
      TreeMap<String, Object> expected = new TreeMap<>(queue);
      expected.put(key, "Ethernet0");
      assertSame(expected, TemplateView.with(queue, key, "Ethernet0"));
    }
    assertSame(treeOf("port", "p"), TemplateView.with(Map.of(), "port", "p"));
    // a map that is not in key order still gives a sorted view
    Map<String, Object> unsorted = new java.util.LinkedHashMap<>();
    unsorted.put("b", 1);
    unsorted.put("a", 2);
    assertEquals(
        List.copyOf(treeOf("a", 2, "b", 1, "port", "p").entrySet()),
        List.copyOf(TemplateView.with(unsorted, "port", "p").entrySet()));
  }

  @Test
  void viewsAreKnownToHaveOnlyStringKeysAndOtherMapsAreNot() {
    Map<String, Object> view = TemplateView.of("mtu", 9100, "name", "Ethernet0", "peer", null);
    org.junit.jupiter.api.Assertions.assertTrue(
        dev.weft.render.fast.TemplateKeys.onlyStrings(view));
    org.junit.jupiter.api.Assertions.assertTrue(
        dev.weft.render.fast.TemplateKeys.onlyStrings(TemplateView.with(view, "speed", 400)));
    org.junit.jupiter.api.Assertions.assertFalse(
        dev.weft.render.fast.TemplateKeys.onlyStrings(Map.of("mtu", 9100)));
    org.junit.jupiter.api.Assertions.assertFalse(
        dev.weft.render.fast.TemplateKeys.onlyStrings(
            FrozenSortedMap.of(new TreeMap<>(Map.of(3, "x")))));
  }

  @Test
  void aKeyIsFoundByIdentityOrByValueAlike() {
    Map<String, Object> view = TemplateView.of("a", 1, "b", 2, "c", 3);
    String copy = new String("b");
    assertEquals(2, view.get("b"));
    assertEquals(2, view.get(copy), "an equal but not identical key");
    assertEquals(null, view.get("d"));
    assertEquals(
        null, ((Map<?, ?>) view).get(42), "a key that is not text: a template may look one up");
  }
}
