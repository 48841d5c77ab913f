package dev.weft.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.git.GitHistory;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On an InfiniBand inventory the configs that change are the subnet manager's files, which depend
 * on the whole subnet: a P_Key edit must show up as a partitions.conf diff on every SM host.
 */
class DiffInfinibandTest {

  private static final String INVENTORY = "inventories/ib-pod-b";

  @TempDir Path tmp;

  @Test
  void aPkeyChangeShowsAsAPartitionsDiffOnEverySubnetManager() throws Exception {
    try (GitHistory repo = GitHistory.withInventory(tmp.resolve("fabric"), INVENTORY)) {
      repo.edit(INVENTORY + "/subnet.yaml", t -> t.replace("pkey: \"0x0102\"", "pkey: \"0x0103\""))
          .commit("Renumber tenant-b", "Grace Hopper");

      GitHistory.Run run =
          repo.weft(
              "diff",
              "--base",
              "HEAD~1",
              "--head",
              "HEAD",
              repo.path(INVENTORY),
              "--format",
              "json");

      assertEquals(0, run.exit(), run.out() + run.err());
      Map<String, Object> report = DiffCommandTest.json(run);
      assertEquals(Set.of("ufm-01", "ufm-02"), DiffCommandTest.changedDevices(report), run.out());
      assertTrue(run.out().contains("+tenant-b=0x0103"), run.out());
      assertFalse(run.out().contains("render-error"), run.out());
    }
  }

  @Test
  void anUnchangedSubnetChangesNoConfig() throws Exception {
    try (GitHistory repo = GitHistory.withInventory(tmp.resolve("fabric"), INVENTORY)) {
      GitHistory.Run run =
          repo.weft("diff", "--base", "HEAD", repo.path(INVENTORY), "--format", "json");

      assertEquals(0, run.exit(), run.out() + run.err());
      assertEquals(Set.of(), DiffCommandTest.changedDevices(DiffCommandTest.json(run)), run.out());
    }
  }
}
