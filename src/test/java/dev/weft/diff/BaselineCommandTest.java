package dev.weft.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.git.GitHistory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft validate --write-baseline / --baseline} on a copy of the example inventory. */
class BaselineCommandTest {

  @TempDir Path tmp;

  @Test
  void knownFindingsDoNotFailButANewOneDoes() throws Exception {
    try (GitHistory repo = GitHistory.withExampleInventory(tmp.resolve("fabric"))) {
      repo.edit(
          DiffCommandTest.LEAVES,
          t -> DiffCommandTest.firstOnly(t, DiffCommandTest.PORT, DiffCommandTest.PORT_MTU_1500));
      String inv = repo.path(GitHistory.INVENTORY);
      Path baseline = tmp.resolve("weft-baseline.txt");

      GitHistory.Run first =
          repo.weft("validate", inv, "--write-baseline", baseline.toString(), "--format", "json");
      assertEquals(0, first.exit(), "writing a baseline succeeds: " + first.out());
      assertTrue(
          first.out().contains("\"waived\": true") && first.out().contains("\"failed\": false"),
          "the recorded findings are reported as existing: " + first.out());
      assertTrue(Files.readString(baseline).contains("\tmtu-switch-nic\tleaf-01\tEthernet0\t"));

      GitHistory.Run known =
          repo.weft("validate", inv, "--baseline", baseline.toString(), "--format", "json");
      assertEquals(0, known.exit(), known.out() + known.err());
      assertTrue(known.out().contains("\"waived\": true"), known.out());

      // A second, different problem is new: it fails; the known one stays quiet.
      repo.edit(
          DiffCommandTest.LEAVES,
          t -> {
            int leaf2 = t.indexOf("  - name: leaf-02");
            return t.substring(0, leaf2)
                + DiffCommandTest.firstOnly(
                    t.substring(leaf2), DiffCommandTest.PORT, DiffCommandTest.PORT_MTU_1500);
          });
      GitHistory.Run fresh = repo.weft("validate", inv, "--baseline", baseline.toString());
      assertEquals(1, fresh.exit(), fresh.out());
      assertTrue(fresh.out().contains("leaf-02 Ethernet0"), fresh.out());
      assertTrue(fresh.out().contains("1 error"), fresh.out());
    }
  }

  @Test
  void aBrokenBaselineIsAUsageErrorWithFileAndLine() throws Exception {
    try (GitHistory repo = GitHistory.withExampleInventory(tmp.resolve("fabric"))) {
      Path baseline = tmp.resolve("b.txt");
      Files.writeString(baseline, "# ok\nzzz\n");
      GitHistory.Run run =
          repo.weft("validate", repo.path(GitHistory.INVENTORY), "--baseline", baseline.toString());
      assertEquals(2, run.exit());
      assertTrue(run.err().contains("b.txt:2:1: expected a 16-digit hex fingerprint"), run.err());
    }
  }

  @Test
  void sarifCarriesOnlyTheNewFindings() throws Exception {
    try (GitHistory repo = GitHistory.withExampleInventory(tmp.resolve("fabric"))) {
      repo.edit(
              DiffCommandTest.LEAVES,
              t ->
                  DiffCommandTest.firstOnly(t, DiffCommandTest.PORT, DiffCommandTest.PORT_MTU_1500))
          .commit("Known", "Ada Lovelace");
      repo.edit(
              DiffCommandTest.LEAVES,
              t -> {
                int leaf2 = t.indexOf("  - name: leaf-02");
                return t.substring(0, leaf2)
                    + DiffCommandTest.firstOnly(
                        t.substring(leaf2), DiffCommandTest.PORT, DiffCommandTest.PORT_MTU_1500);
              })
          .commit("New", "Grace Hopper");
      GitHistory.Run run =
          repo.weft(
              "diff",
              "--base",
              "HEAD~1",
              "--head",
              "HEAD",
              repo.path(GitHistory.INVENTORY),
              "--format",
              "sarif");
      assertEquals(1, run.exit(), run.err());
      assertEquals(1, run.out().split("\"ruleId\"", -1).length - 1, run.out());
      assertTrue(run.out().contains("leaf-02 Ethernet0"), run.out());
      assertTrue(
          !run.out().contains("leaf-01 Ethernet0 faces"), "the existing finding is not in SARIF");
      GitHistory.Run junit =
          repo.weft(
              "diff",
              "--base",
              "HEAD~1",
              "--head",
              "HEAD",
              repo.path(GitHistory.INVENTORY),
              "--format",
              "junit");
      assertEquals(1, junit.out().split("<failure", -1).length - 1, junit.out());
    }
  }
}
