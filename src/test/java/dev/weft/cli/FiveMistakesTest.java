package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.git.GitHistory;
import dev.weft.json.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14's five plausible mistakes in one commit of the example pod: a mistyped key ({@code
 * cable-lenght}) that fails the schema, PFC on the CNP priority, an MTU mismatch on an uplink, a
 * lossless uplink without a cable length, and a link to an undeclared spine port. One run must
 * report all five, each once (one line of the text report, one place in the JSON), with nothing
 * else: the schema error no longer hides the rules' findings, and what follows from a mistake is
 * not reported beside it.
 */
class FiveMistakesTest {

  static final String INV = GitHistory.INVENTORY;
  static final String SU1 = INV + "/links/su-1.yaml";
  static final String FABRIC = INV + "/fabric.yaml";
  static final String LEAVES = INV + "/switches/leaves.yaml";
  static final String UPLINKS = INV + "/links/fabric.yaml";

  @TempDir Path tmp;

  /**
   * A mistake: the rule that must report it, and the file and the text of the line it must point
   * at.
   */
  record Mistake(String rule, String file, String line) {}

  static final List<Mistake> MISTAKES =
      List.of(
          new Mistake("schema", SU1, "cable-lenght"),
          new Mistake("cnp-lossless", FABRIC, "lossless: true      # the mistake"),
          new Mistake("mtu-link-mismatch", LEAVES, "mtu: 9100"),
          new Mistake("render-error", UPLINKS, "b: spine-01:Ethernet8 }"),
          new Mistake("link-endpoint-unknown", UPLINKS, "spine-02:Ethernet32"));

  private static GitHistory withFiveMistakes(Path dir) throws Exception {
    GitHistory repo = GitHistory.withExampleInventory(dir);
    repo.edit(
        SU1,
        t ->
            t.replaceFirst(
                "b: gpu-001:eth0, cable-length: 3m", "b: gpu-001:eth0, cable-lenght: 3m"));
    repo.edit(
        FABRIC,
        t ->
            t.replaceFirst(
                "      priority: 6\n",
                "      priority: 6\n      lossless: true      # the mistake\n"));
    repo.edit(
        LEAVES,
        t ->
            t.replaceFirst(
                "\\{ name: Ethernet256, profile: fabric-400g \\}",
                "{ name: Ethernet256, profile: fabric-400g, mtu: 9100 }"));
    repo.edit(
        UPLINKS,
        t ->
            t.replace("b: spine-01:Ethernet8, cable-length: 30m }", "b: spine-01:Ethernet8 }")
                .replace(
                    "b: spine-02:Ethernet24, cable-length: 30m",
                    "b: spine-02:Ethernet32, cable-length: 30m"));
    repo.commit("Five plausible mistakes", "New User");
    return repo;
  }

  private static int lineOf(GitHistory repo, Mistake m) {
    return dev.weft.testing.Inventories.lineOf(repo.file(m.file()), m.line());
  }

  @Test
  void validateReportsAllFiveOnceEachAndNothingElse() throws Exception {
    try (GitHistory repo = withFiveMistakes(tmp.resolve("pod"))) {
      GitHistory.Run text = repo.weft("validate", repo.path(INV));
      assertEquals(1, text.exit(), text.err());
      List<String> errors = text.out().lines().filter(l -> l.contains(": error [")).toList();
      assertEquals(MISTAKES.size(), errors.size(), "one line per mistake:\n" + text.out());
      for (Mistake m : MISTAKES) {
        String at = m.file() + ":" + lineOf(repo, m) + ":";
        assertEquals(
            1,
            errors.stream()
                .filter(l -> l.startsWith(at) && l.contains("[" + m.rule() + "]"))
                .count(),
            m + " reported once at " + at + " in:\n" + text.out());
      }
      assertTrue(
          text.out().contains("note: 1 file was not mapped (1 with schema errors: " + SU1 + ")"),
          text.out());

      GitHistory.Run json = repo.weft("validate", repo.path(INV), "--format", "json");
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> findings =
          (List<Map<String, Object>>)
              ((Map<String, Object>) Json.parse(json.out())).get("findings");
      TreeSet<String> places = new TreeSet<>();
      findings.forEach(f -> places.add(f.get("rule") + " " + f.get("file") + ":" + f.get("line")));
      TreeSet<String> expected = new TreeSet<>();
      MISTAKES.forEach(m -> expected.add(m.rule() + " " + m.file() + ":" + lineOf(repo, m)));
      assertEquals(expected, places, "every finding is at one of the five mistakes");
      assertTrue(
          findings.stream().allMatch(f -> "error".equals(f.get("severity"))), findings.toString());
    }
  }

  @Test
  void thePreMergeDiffReportsTheFiveAsNew() throws Exception {
    try (GitHistory repo = withFiveMistakes(tmp.resolve("pod"))) {
      GitHistory.Run diff = repo.weft("diff", "--base", "HEAD~1", "--head", "HEAD", repo.path(INV));
      assertEquals(1, diff.exit(), diff.err());
      List<String> fresh =
          new ArrayList<>(diff.out().lines().filter(l -> l.startsWith("new: ")).toList());
      for (Mistake m : MISTAKES) {
        String at = "new: " + m.file() + ":" + lineOf(repo, m) + ":";
        assertTrue(
            fresh.stream().anyMatch(l -> l.startsWith(at) && l.contains("[" + m.rule() + "]")),
            m + " is new in:\n" + diff.out());
      }
      assertTrue(diff.out().startsWith("weft diff "), "the summary leads: " + diff.out());
    }
  }
}
