package dev.weft.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ShardTest {

    private static List<String> devices(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            out.add(String.format("leaf-%05d", i));
        }
        return out;
    }

    @Test
    void everyDeviceIsInExactlyOneShardAndTheShardsAreBalanced() {
        List<String> all = devices(10_000);
        int[] sizes = new int[8];
        for (String d : all) {
            int hits = 0;
            for (int k = 1; k <= 8; k++) {
                if (new Shard(k, 8).selects(d)) {
                    hits++;
                    sizes[k - 1]++;
                }
            }
            assertEquals(1, hits, d);
        }
        for (int size : sizes) {
            assertTrue(Math.abs(size - 1250) < 125, "within 10 % of an even split: " + java.util.Arrays.toString(sizes));
        }
    }

    @Test
    void addingDevicesMovesNoOtherDevice() {
        Map<String, Integer> before = new TreeMap<>();
        devices(1000).forEach(d -> before.put(d, Shard.bucket(d, 4)));
        devices(1500).stream().limit(1000).forEach(d -> assertEquals(before.get(d), Shard.bucket(d, 4), d));
    }

    @Test
    void badShardsAreNamed() {
        assertEquals(new Shard(2, 4), Shard.parse("2/4"));
        for (String bad : List.of("0/4", "5/4", "2", "a/b", "2/4/8", "")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Shard.parse(bad));
            assertTrue(e.getMessage().contains("--shard"), e.getMessage());
        }
    }
}
