package dev.weft.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code --shard auto} under each scheduler's variables gives the partition {@code --shard K/N}
 * gives.
 */
class SchedulerShardTest {

  private static final List<String> INVENTORY = ShardTest.switches(1000);

  /** The variables each scheduler sets for task {@code k} (1-based) of {@code n}. */
  private static Map<String, Map<String, String>> schedulers(int k, int n) {
    return Map.of(
        "slurm --array=0-" + (n - 1),
        Map.of(
            "SLURM_ARRAY_TASK_ID",
            String.valueOf(k - 1),
            "SLURM_ARRAY_TASK_MIN",
            "0",
            "SLURM_ARRAY_TASK_COUNT",
            String.valueOf(n),
            "SLURM_ARRAY_JOB_ID",
            "41"),
        "slurm --array=1-" + n,
        Map.of(
            "SLURM_ARRAY_TASK_ID",
            String.valueOf(k),
            "SLURM_ARRAY_TASK_MIN",
            "1",
            "SLURM_ARRAY_TASK_COUNT",
            String.valueOf(n)),
        "kubernetes indexed job",
        Map.of("JOB_COMPLETION_INDEX", String.valueOf(k - 1)),
        "gitlab parallel",
        Map.of("CI_NODE_INDEX", String.valueOf(k), "CI_NODE_TOTAL", String.valueOf(n)));
  }

  @Test
  void everySchedulersVariablesGiveTheSamePartitionAsShardKOfN() {
    int n = 6;
    for (int k = 1; k <= n; k++) {
      List<String> expected = Shard.parse(k + "/" + n).of(INVENTORY);
      for (Map.Entry<String, Map<String, String>> s : schedulers(k, n).entrySet()) {
        Integer countFlag = s.getKey().startsWith("kubernetes") ? n : null;
        Shard auto = SchedulerShard.from(s.getValue()::get, countFlag);
        assertEquals(new Shard(k, n), auto, s.getKey());
        assertEquals(expected, auto.of(INVENTORY), s.getKey() + " task " + k);
      }
    }
  }

  @Test
  void whatDoesNotMakeAShardIsNamed() {
    Map<Map<String, String>, String> bad =
        Map.of(
            Map.of(), "found no scheduler's shard variables",
            Map.of("JOB_COMPLETION_INDEX", "2"), "needs --shard-count",
            Map.of(
                    "SLURM_ARRAY_TASK_ID",
                    "8",
                    "SLURM_ARRAY_TASK_MIN",
                    "0",
                    "SLURM_ARRAY_TASK_COUNT",
                    "4"),
                "--array=A-B",
            Map.of("SLURM_ARRAY_TASK_ID", "1"),
                "SLURM_ARRAY_TASK_COUNT must be a whole number, found nothing",
            Map.of("CI_NODE_INDEX", "x", "CI_NODE_TOTAL", "4"),
                "CI_NODE_INDEX must be a whole number, found 'x'",
            Map.of("CI_NODE_INDEX", "0", "CI_NODE_TOTAL", "4"),
                "CI_NODE_INDEX=0, CI_NODE_TOTAL=4 is not shard K of N");
    bad.forEach(
        (env, says) -> {
          IllegalArgumentException e =
              assertThrows(
                  IllegalArgumentException.class, () -> SchedulerShard.from(env::get, null));
          assertTrue(e.getMessage().contains(says), env + ": " + e.getMessage());
        });
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SchedulerShard.from(Map.of("CI_NODE_INDEX", "1", "CI_NODE_TOTAL", "4")::get, 3));
    assertTrue(
        e.getMessage().contains("--shard-count 3 disagrees with CI_NODE_TOTAL=4"), e.getMessage());
  }
}
