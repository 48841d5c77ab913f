package dev.weft.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.git.GitHistory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline examples in docs/pipelines.md are what they claim: the docs embed the example files
 * verbatim, every {@code ./weft} command in them runs (exit 0 or 1, never a usage error) on a real
 * repository with CI variables filled in, and the pre-commit hook blocks a real {@code git commit}.
 */
class PipelineExamplesTest {

  static final Path PROJECT = GitHistory.projectDir();

  @TempDir Path tmp;

  @Test
  void theDocsEmbedTheExampleFilesVerbatim() throws Exception {
    String doc = Files.readString(PROJECT.resolve("docs/pipelines.md"));
    for (String example : List.of("github-actions-weft.yml", "gitlab-ci-weft.yml")) {
      String text = Files.readString(PROJECT.resolve("docs/examples").resolve(example));
      assertTrue(
          doc.contains("```yaml\n" + text + "```"),
          example + " is not embedded verbatim in docs/pipelines.md");
    }
  }

  @Test
  void everyWeftCommandInTheCiExamplesRunsOnARealRepository() throws Exception {
    try (GitHistory repo = GitHistory.withExampleInventory(tmp.resolve("fabric"))) {
      repo.edit(
              DiffCommandTest.LEAVES,
              t ->
                  DiffCommandTest.firstOnly(t, DiffCommandTest.PORT, DiffCommandTest.PORT_MTU_1500))
          .commit("Change under review", "Grace Hopper");
      Map<String, String> vars =
          Map.of(
              "${{ github.base_ref }}",
              "main~1",
              "$CI_MERGE_REQUEST_TARGET_BRANCH_NAME",
              "main~1",
              "origin/",
              "",
              "${{ github.server_url }}",
              "https://github.com",
              "${{ github.repository }}",
              "org/fabric",
              "${{ github.event.pull_request.head.sha }}",
              "abc");
      int ran = 0;
      for (String example : List.of("github-actions-weft.yml", "gitlab-ci-weft.yml")) {
        for (String line : Files.readAllLines(PROJECT.resolve("docs/examples").resolve(example))) {
          int at = line.indexOf("./weft ");
          if (at < 0) {
            continue;
          }
          String command = line.substring(at + "./weft ".length());
          for (Map.Entry<String, String> v : vars.entrySet()) {
            command = command.replace(v.getKey(), v.getValue());
          }
          List<String> args = new ArrayList<>();
          for (String word : words(command)) {
            Matcher report = REPORT_FILE.matcher(word);
            if (word.equals(GitHistory.INVENTORY)) {
              args.add(repo.path(GitHistory.INVENTORY));
            } else if (report.matches()) {
              args.add(
                  (report.group(1) == null ? "" : report.group(1)) + tmp.resolve(report.group(2)));
            } else {
              args.add(word);
            }
          }
          GitHistory.Run run = repo.weft(args.toArray(String[]::new));
          assertTrue(
              run.exit() == 0 || run.exit() == 1,
              example + ": " + command + " -> exit " + run.exit() + ": " + run.err());
          ran++;
        }
      }
      assertEquals(2, ran, "each example runs weft once, writing every report from that run");
      assertTrue(Files.readString(tmp.resolve("weft-comment.md")).contains("### New findings"));
      assertTrue(
          Files.readString(tmp.resolve("weft.sarif")).contains("\"ruleId\": \"mtu-switch-nic\""));
      assertTrue(Files.readString(tmp.resolve("weft-junit.xml")).contains("<failure"));
    }
  }

  /**
   * A report file of the examples, alone or after {@code FORMAT=}: written into the test's folder.
   */
  static final Pattern REPORT_FILE = Pattern.compile("([a-z]+=)?([\\w.-]+\\.(?:md|sarif|xml))");

  /** Splits a shell command line into words, honouring double quotes (all the examples use). */
  static List<String> words(String command) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("\"([^\"]*)\"|(\\S+)").matcher(command);
    while (m.find()) {
      out.add(m.group(1) != null ? m.group(1) : m.group(2));
    }
    return out;
  }

  @Test
  void thePreCommitHookBlocksACommitThatBreaksAnInventoryAndLetsOthersThrough() throws Exception {
    try (GitHistory repo = GitHistory.withExampleInventory(tmp.resolve("fabric"))) {
      Path hooks = repo.dir().resolve(".git/hooks");
      Files.createDirectories(hooks);
      Files.copy(PROJECT.resolve("scripts/pre-commit"), hooks.resolve("pre-commit"));
      hooks.resolve("pre-commit").toFile().setExecutable(true);

      repo.write("README.md", "notes\n");
      Proc clean = git(repo.dir(), "add", "README.md");
      assertEquals(0, clean.exit(), clean.out());
      Proc unrelated = git(repo.dir(), "commit", "-m", "Docs only");
      assertEquals(
          0,
          unrelated.exit(),
          "a commit touching no inventory runs no validation: " + unrelated.out());
      assertFalse(unrelated.out().contains("weft validate"), unrelated.out());

      repo.edit(
          DiffCommandTest.LEAVES,
          t -> DiffCommandTest.firstOnly(t, DiffCommandTest.PORT, DiffCommandTest.PORT_MTU_1500));
      assertEquals(0, git(repo.dir(), "add", "-A").exit());
      Proc broken = git(repo.dir(), "commit", "-m", "Break leaf-01");
      assertEquals(1, broken.exit(), broken.out());
      assertTrue(
          broken.out().contains("pre-commit: weft validate inventories/roce-pod-a"), broken.out());
      assertTrue(broken.out().contains("mtu-switch-nic"), broken.out());
      assertEquals(
          "Docs only",
          git(repo.dir(), "log", "-1", "--format=%s").out().strip(),
          "the commit was refused");
    }
  }

  record Proc(int exit, String out) {}

  /**
   * Runs the real git CLI (the hook is git's feature), with weft on the classpath of this test run.
   */
  static Proc git(Path dir, String... args) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                "git",
                "-c",
                "user.name=Ada Lovelace",
                "-c",
                "user.email=ada@example.org",
                "-c",
                "commit.gpgsign=false"));
    command.addAll(List.of(args));
    ProcessBuilder pb =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    pb.environment()
        .put("WEFT", java + " -cp " + System.getProperty("java.class.path") + " dev.weft.cli.Main");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("git " + String.join(" ", args) + " did not finish: " + out);
    }
    return new Proc(p.exitValue(), out);
  }
}
