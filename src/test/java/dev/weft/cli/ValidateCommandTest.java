package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.FileTrees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The validate command end to end: exit codes and one-line messages for each kind of bad input. */
class ValidateCommandTest {

  private static final Path EXAMPLE = ProjectDir.get().resolve("inventories/roce-pod-a");

  @TempDir Path tmp;

  @Test
  void theExampleInventoryValidatesClean() {
    CliRun run = CliRun.of("validate", EXAMPLE.toString());
    assertEquals(0, run.exitCode(), run.out() + run.err());
    assertTrue(run.out().contains("0 errors, 0 warnings"), run.out());
  }

  @Test
  void anInventoryThatDoesNotExistIsAUsageError() {
    CliRun run = CliRun.of("validate", tmp.resolve("nope").toString());
    assertEquals(2, run.exitCode());
    assertEquals(1, run.err().lines().count(), run.err());
    assertTrue(run.err().contains("does not exist"), run.err());
  }

  @Test
  void anUnknownFormatIsAUsageError() {
    CliRun run = CliRun.of("validate", EXAMPLE.toString(), "--format", "xml");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("--format must be one of"), run.err());
  }

  @Test
  void anUnknownOptionIsAUsageError() {
    CliRun run = CliRun.of("validate", "--no-such-option");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("no-such-option"), run.err());
  }

  @Test
  void brokenYamlIsALocatedFindingNotACrash() throws IOException {
    Path inv = copyExample(tmp.resolve("inv"));
    Files.writeString(
        inv.resolve("broken.yaml"),
        "switches:\n  - name: x\n    role: [leaf\n",
        StandardCharsets.UTF_8);
    CliRun run = CliRun.of("validate", inv.toString());
    assertEquals(1, run.exitCode(), run.out() + run.err());
    assertTrue(
        run.out()
            .lines()
            .anyMatch(l -> l.matches(".*broken\\.yaml:\\d+:\\d+: error \\[yaml-syntax\\] .*")),
        run.out());
    assertFalse(run.err().contains("Exception"), run.err());
  }

  @Test
  void aRuleViolationFailsWithTheRuleIdAndLine() throws IOException {
    Path inv = copyExample(tmp.resolve("inv"));
    Path fabric = inv.resolve("fabric.yaml");
    String text = Files.readString(fabric).replace("link-pause: false", "link-pause: true");
    Files.writeString(fabric, text);
    CliRun run = CliRun.of("validate", inv.toString(), "--format", "json");
    assertEquals(1, run.exitCode(), run.out() + run.err());
    assertTrue(run.out().contains("\"rule\": \"link-pause-with-pfc\""), run.out());
  }

  @Test
  void refReadsTheCommittedInventoryWithoutTouchingTheWorkingTree()
      throws IOException, GitAPIException {
    Path repo = tmp.resolve("repo");
    Path inv = copyExample(repo.resolve("inventories/pod"));
    try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
      git.add().addFilepattern(".").call();
      git.commit()
          .setMessage("clean pod")
          .setSign(false)
          .setAuthor("t", "t@example.invalid")
          .setCommitter("t", "t@example.invalid")
          .call();
      Path fabric = inv.resolve("fabric.yaml");
      Files.writeString(
          fabric, Files.readString(fabric).replace("link-pause: false", "link-pause: true"));
      git.add().addFilepattern(".").call();
      git.commit()
          .setMessage("turn on link pause")
          .setSign(false)
          .setAuthor("t", "t@example.invalid")
          .setCommitter("t", "t@example.invalid")
          .call();
    }
    // The working tree now differs from both commits: it must not matter for --ref.
    Files.writeString(inv.resolve("fabric.yaml"), "this: [is not valid\n");
    String before = Files.readString(inv.resolve("fabric.yaml"));

    CliRun head = CliRun.of("validate", inv.toString(), "--ref", "HEAD", "--format", "json");
    CliRun previous = CliRun.of("validate", inv.toString(), "--ref", "HEAD~1", "--format", "json");

    assertEquals(1, head.exitCode(), head.out() + head.err());
    assertTrue(head.out().contains("link-pause-with-pfc"), head.out());
    assertEquals(0, previous.exitCode(), previous.out() + previous.err());
    assertEquals(before, Files.readString(inv.resolve("fabric.yaml")));
  }

  @Test
  void anUnknownRefIsAUsageErrorThatSaysHowToFetch() throws IOException, GitAPIException {
    Path repo = tmp.resolve("repo");
    Path inv = copyExample(repo.resolve("inventories/pod"));
    try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
      git.add().addFilepattern(".").call();
      git.commit()
          .setMessage("pod")
          .setSign(false)
          .setAuthor("t", "t@example.invalid")
          .setCommitter("t", "t@example.invalid")
          .call();
    }
    CliRun run = CliRun.of("validate", inv.toString(), "--ref", "origin/nope");
    assertEquals(2, run.exitCode());
    assertEquals(1, run.err().lines().count(), run.err());
    assertTrue(run.err().contains("fetch"), run.err());
  }

  @Test
  void severalInventoriesWithoutAnArgumentAreNamed() {
    // Without an argument the default is looked up in the current directory (the project, which
    // ships several example inventories): the message must name them instead of picking one.
    CliRun run = CliRun.of("validate");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("inventories/roce-pod-a"), run.err());
  }

  static Path copyExample(Path target) throws IOException {
    FileTrees.copy(EXAMPLE, target);
    return target;
  }
}
