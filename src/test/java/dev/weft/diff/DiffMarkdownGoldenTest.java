package dev.weft.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.git.GitHistory;
import dev.weft.testing.Golden;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pull-request comment for a sample change, kept as a golden file that is read on GitHub as is
 * ({@code src/test/resources/golden/diff/pr-comment.md}). The history has fixed commit times, so
 * the commit ids in it are stable. {@code -Dgolden.update=true} rewrites it.
 */
class DiffMarkdownGoldenTest {

  @TempDir Path tmp;

  @Test
  void sampleChangeComment() throws Exception {
    try (GitHistory repo = GitHistory.withExampleInventory(tmp.resolve("fabric"))) {
      repo.edit(
              DiffCommandTest.LEAVES,
              t ->
                  DiffCommandTest.firstOnly(t, DiffCommandTest.PORT, DiffCommandTest.PORT_MTU_1500))
          .commit("Lower leaf-01 Ethernet0 MTU for a test", "Ada Lovelace");
      // The change under review: fixes leaf-01, breaks leaf-02 Ethernet8, decommissions gpu-008 and
      // its two leaf ports.
      repo.edit(
              DiffCommandTest.LEAVES,
              t -> t.replace(DiffCommandTest.PORT_MTU_1500, DiffCommandTest.PORT))
          .edit(
              DiffCommandTest.LEAVES,
              t -> {
                int leaf2 = t.indexOf("  - name: leaf-02");
                return t.substring(0, leaf2)
                    + DiffCommandTest.firstOnly(
                        t.substring(leaf2),
                        "- { name: Ethernet8, profile: host-400g }",
                        "- { name: Ethernet8, profile: host-400g, mtu: 1500 }");
              })
          .edit(
              DiffCommandTest.LEAVES,
              t ->
                  t.replaceFirst("      - \\{ name: Ethernet56, profile: host-400g \\}\n", "")
                      .replaceFirst("      - \\{ name: Ethernet56, profile: host-400g \\}\n", ""))
          .edit(
              GitHistory.INVENTORY + "/hosts.yaml",
              t -> {
                int start = t.indexOf("  - name: gpu-008");
                int end = t.indexOf("  - name: gpu-009");
                return t.substring(0, start) + t.substring(end);
              })
          .edit(
              GitHistory.INVENTORY + "/links/su-1.yaml",
              t ->
                  t.replace(
                          "  - { a: leaf-01:Ethernet56, b: gpu-008:eth0, cable-length: 3m }\n", "")
                      .replace(
                          "  - { a: leaf-02:Ethernet56, b: gpu-008:eth1, cable-length: 3m }\n", ""))
          .commit("Move gpu-008 out; jumbo frames off on gpu-002 rail 1", "Grace Hopper");

      GitHistory.Run run =
          repo.weft(
              "diff",
              "--base",
              "HEAD~1",
              "--head",
              "HEAD",
              repo.path(GitHistory.INVENTORY),
              "--format",
              "markdown",
              "--link-prefix",
              "https://github.com/example/fabric/blob/main/");

      assertEquals(1, run.exit(), run.err());
      assertTrue(run.out().contains("| 1 |"), run.out());
      Golden.assertMatches("diff", "pr-comment.md", run.out());
    }
  }
}
