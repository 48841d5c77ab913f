package dev.weft.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The split of {@code --shard K/N} on a generated 1,000-switch inventory: every switch in exactly
 * one shard, sizes within one of each other, and few moves when a switch is added (docs/audit.md,
 * the trade-off).
 */
class ShardTest {

  /**
   * A generated inventory's switch names: leaves in racks and spines, as a large pod names them.
   */
  static List<String> switches(int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; out.size() < n; i++) {
      out.add(
          i % 16 == 15
              ? String.format("spine-%03d", i / 16)
              : String.format("rack%02d-leaf-%02d", i / 16, i % 16));
    }
    return out;
  }

  /** device → its 1-based shard of {@code count}. */
  static Map<String, Integer> partition(List<String> all, int count) {
    Map<String, Integer> owner = new TreeMap<>();
    for (int k = 1; k <= count; k++) {
      for (String d : new Shard(k, count).of(all)) {
        Integer before = owner.put(d, k);
        assertEquals(null, before, d + " in shard " + before + " and " + k);
      }
    }
    return owner;
  }

  @Test
  void everySwitchIsInExactlyOneShardAndTheSizesDifferByAtMostOne() {
    List<String> all = switches(1000);
    for (int count : new int[] {1, 2, 3, 4, 7, 8, 16, 33, 64}) {
      Map<String, Integer> owner = partition(all, count);
      assertEquals(new TreeSet<>(all), owner.keySet(), count + " shards cover every switch");
      int[] sizes = new int[count];
      owner.values().forEach(k -> sizes[k - 1]++);
      int min = Arrays.stream(sizes).min().orElseThrow();
      int max = Arrays.stream(sizes).max().orElseThrow();
      assertTrue(max - min <= 1, count + " shards: sizes " + min + ".." + max);
    }
  }

  @Test
  void sixSwitchesOverThreeShardsAreTwoEach() {
    List<String> pod = List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02");
    for (int k = 1; k <= 3; k++) {
      assertEquals(2, new Shard(k, 3).of(pod).size(), "shard " + k);
    }
  }

  @Test
  void addingOrRemovingASwitchMovesAtMostOneOtherSwitchPerCutToANeighbouringShard() {
    List<String> all = switches(1000);
    for (int count : new int[] {4, 16}) {
      Map<String, Integer> before = partition(all, count);
      for (String added : List.of("rack99-leaf-00", "aaa", "zzz-spine", "rack31-leaf-07b")) {
        List<String> more = new ArrayList<>(all);
        more.add(added);
        assertMovesFew(before, partition(more, count), count, "adding " + added);
      }
      List<String> fewer = new ArrayList<>(all);
      fewer.remove(500);
      assertMovesFew(before, partition(fewer, count), count, "removing " + all.get(500));
    }
  }

  private static void assertMovesFew(
      Map<String, Integer> before, Map<String, Integer> after, int count, String what) {
    int moved = 0;
    for (Map.Entry<String, Integer> e : before.entrySet()) {
      Integer now = after.get(e.getKey());
      if (now != null && !now.equals(e.getValue())) {
        moved++;
        assertEquals(
            1,
            Math.abs(now - e.getValue()),
            what + ": " + e.getKey() + " jumped from " + e.getValue() + " to " + now);
      }
    }
    assertTrue(
        moved <= count - 1, what + " over " + count + " shards moved " + moved + " switches");
  }

  @Test
  void theSplitDependsOnTheNamesNotOnTheirOrder() {
    List<String> all = switches(200);
    List<String> reversed = new ArrayList<>(all);
    Collections.reverse(reversed);
    assertEquals(partition(all, 5), partition(reversed, 5));
  }

  @Test
  void badShardsAreNamed() {
    assertEquals(new Shard(2, 4), Shard.parse("2/4"));
    for (String bad : List.of("0/4", "5/4", "2", "a/b", "2/4/8", "")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> Shard.parse(bad));
      assertTrue(e.getMessage().contains("--shard"), e.getMessage());
    }
  }
}
