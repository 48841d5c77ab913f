package dev.weft.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The coverage manifests of shard reports prove the split, or the merge names what is wrong. */
class CoverageTest {

  private static final List<String> INVENTORY = ShardTest.switches(1000);
  private static final String REVISION =
      Coverage.digest(List.of("inventories/big/fabric.yaml", "fabric: {}"));

  private static List<Coverage> shards(int n, String revision, List<String> inventory) {
    List<Coverage> out = new ArrayList<>();
    for (int k = 1; k <= n; k++) {
      out.add(Coverage.of(revision, new Shard(k, n), inventory));
    }
    return out;
  }

  @Test
  void allShardsMergeIntoACompleteCoverage() {
    Coverage merged = Coverage.merge(shards(4, REVISION, INVENTORY));
    assertTrue(merged.complete());
    assertEquals(1000, merged.devices().size());
    assertEquals(
        Coverage.of(REVISION, Shard.ALL, INVENTORY), merged, "as one unsharded run covers");
    assertTrue(
        !shards(4, REVISION, INVENTORY).get(0).complete(), "one shard alone is not complete");
  }

  @Test
  void aMissingShardIsRefusedByName() {
    List<Coverage> three = shards(4, REVISION, INVENTORY);
    three.remove(2);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Coverage.merge(three));
    assertEquals(
        "shard 3/4 is missing: no report for it among the 3 given, so 250 of 1000 devices were not audited"
            + " (did that task fail or not run?)",
        e.getMessage());
  }

  @Test
  void mixedRevisionsCountsOverlapsAndGapsAreRefused() {
    List<Coverage> mixedRevision = shards(2, REVISION, INVENTORY);
    mixedRevision.set(1, Coverage.of("sha256:other", new Shard(2, 2), INVENTORY));
    assertRefused(
        mixedRevision,
        "different inventory revisions: shard 1/2 read "
            + REVISION
            + ", shard 2/2 read sha256:other");

    List<Coverage> mixedCount = shards(2, REVISION, INVENTORY);
    mixedCount.add(Coverage.of(REVISION, new Shard(3, 3), INVENTORY));
    assertRefused(mixedCount, "different shard counts: shard 1/2 and shard 3/3");

    List<Coverage> twice = shards(2, REVISION, INVENTORY);
    twice.add(twice.get(0));
    assertRefused(twice, "shard 1/2 is given twice");

    Coverage first = Coverage.of(REVISION, new Shard(1, 2), INVENTORY);
    Coverage second = Coverage.of(REVISION, new Shard(2, 2), INVENTORY);
    List<String> overlapping = new ArrayList<>(second.devices());
    overlapping.add(first.devices().get(0));
    assertRefused(
        List.of(first, new Coverage(REVISION, 2, 2, overlapping, 1000, second.universe())),
        "device "
            + first.devices().get(0)
            + " is in shard 1/2 and in shard 2/2: the shards overlap");
    assertRefused(
        List.of(
            first,
            new Coverage(
                REVISION, 2, 2, second.devices().subList(1, 500), 1000, second.universe())),
        "the 2 shards together own 999 of 1000 devices: a gap");
  }

  private static void assertRefused(List<Coverage> shards, String says) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Coverage.merge(shards));
    assertTrue(e.getMessage().contains(says), e.getMessage());
  }
}
