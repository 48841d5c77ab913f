package dev.weft.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.FileTrees;
import dev.weft.testing.Golden;
import dev.weft.testing.LabTest;
import dev.weft.testing.ReleaseArchive;
import dev.weft.testing.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real pre-commit framework with Weft's .pre-commit-hooks.yaml: a throwaway fabric repository
 * whose .pre-commit-config.yaml names a hook repository by path and a commit as rev (pre-commit
 * clones it), with the release archive's weft on PATH as a team would install it. A commit that
 * breaks the inventory is blocked; the fixed one goes through; {@code pre-commit run --all-files}
 * agrees.
 */
@LabTest(needs = {"/usr/bin/tar", "/usr/bin/git", "/usr/bin/pre-commit"})
class PreCommitFrameworkTest {

  static final Path PROJECT = Golden.projectDir();
  static final String LEAVES = "inventories/roce-pod-a/switches/leaves.yaml";
  static final String PORT = "- { name: Ethernet0, profile: host-400g }";
  static final String PORT_MTU_1500 = "- { name: Ethernet0, profile: host-400g, mtu: 1500 }";

  @TempDir Path tmp;

  Map<String, String> env;
  Path hooks;
  Path fabric;

  @BeforeEach
  void setUp() throws Exception {
    Path install = ReleaseArchive.extract(tmp.resolve("opt"));
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Files.createSymbolicLink(bin.resolve("weft"), install.resolve("bin/weft"));
    env = new HashMap<>();
    env.put("HOME", Files.createDirectories(tmp.resolve("home")).toString());
    env.put("PRE_COMMIT_HOME", tmp.resolve("pre-commit-cache").toString());
    env.put("PATH", bin + ":" + System.getenv("PATH"));
    env.put("WEFT", null);
    env.put("GIT_CONFIG_NOSYSTEM", "1");
    env.put("GIT_AUTHOR_NAME", "Ada Lovelace");
    env.put("GIT_AUTHOR_EMAIL", "ada@example.org");
    env.put("GIT_COMMITTER_NAME", "Ada Lovelace");
    env.put("GIT_COMMITTER_EMAIL", "ada@example.org");

    // The hook repository: this tree's hook definition and the script its entries name, committed.
    hooks = Files.createDirectories(tmp.resolve("weft-hooks"));
    Files.copy(PROJECT.resolve(".pre-commit-hooks.yaml"), hooks.resolve(".pre-commit-hooks.yaml"));
    Files.createDirectories(hooks.resolve("scripts"));
    Files.copy(
        PROJECT.resolve("scripts/pre-commit"),
        hooks.resolve("scripts/pre-commit"),
        StandardCopyOption.COPY_ATTRIBUTES);
    git(hooks, "init", "-q");
    git(hooks, "add", "-A");
    git(hooks, "commit", "-q", "-m", "Weft hooks");
    String rev = git(hooks, "rev-parse", "HEAD").out().strip();

    fabric = Files.createDirectories(tmp.resolve("fabric"));
    git(fabric, "init", "-q");
    FileTrees.copy(
        PROJECT.resolve("inventories/roce-pod-a"), fabric.resolve("inventories/roce-pod-a"));
    Files.writeString(
        fabric.resolve(".pre-commit-config.yaml"),
        "repos:\n"
            + "  - repo: "
            + hooks
            + "\n"
            + "    rev: "
            + rev
            + "\n"
            + "    hooks:\n"
            + "      - id: weft-validate\n");
    Shell.Result install1 = Shell.run(fabric, env, List.of("pre-commit", "install"), 5);
    assertEquals(0, install1.exit(), install1.all());
    git(fabric, "add", "-A");
    Shell.Result first = Shell.run(fabric, env, List.of("git", "commit", "-m", "Pod A"), 10);
    assertEquals(0, first.exit(), "a valid inventory commits: " + first.all());
    assertTrue(first.all().contains("weft validate"), "the hook ran: " + first.all());
  }

  @Test
  void aCommitThatBreaksTheInventoryIsBlockedAndTheFixGoesThrough() throws Exception {
    edit(PORT, PORT_MTU_1500);
    git(fabric, "add", "-A");
    Shell.Result broken =
        Shell.run(fabric, env, List.of("git", "commit", "-m", "Lower leaf-01 Ethernet0 MTU"), 10);
    assertEquals(1, broken.exit(), broken.all());
    assertTrue(
        broken.all().contains("weft validate....") && broken.all().contains("Failed"),
        broken.all());
    assertTrue(
        broken.all().contains(LEAVES + ":")
            && broken.all().contains(": error [mtu-switch-nic] leaf-01 Ethernet0"),
        broken.all());
    assertEquals(
        "Pod A", git(fabric, "log", "-1", "--format=%s").out().strip(), "the commit was refused");

    Shell.Result all = Shell.run(fabric, env, List.of("pre-commit", "run", "--all-files"), 10);
    assertEquals(1, all.exit(), all.all());

    edit(PORT_MTU_1500, PORT);
    Files.writeString(fabric.resolve("NOTES.md"), "MTU stays at the profile's value.\n");
    git(fabric, "add", "-A");
    Shell.Result fixed = Shell.run(fabric, env, List.of("git", "commit", "-m", "Notes"), 10);
    assertEquals(0, fixed.exit(), fixed.all());
    assertEquals("Notes", git(fabric, "log", "-1", "--format=%s").out().strip());
    Shell.Result allAgain = Shell.run(fabric, env, List.of("pre-commit", "run", "--all-files"), 10);
    assertEquals(0, allAgain.exit(), allAgain.all());
    assertTrue(allAgain.out().contains("Passed"), allAgain.all());
  }

  @Test
  void theDiffHookBlocksOnlyFindingsTheCommitIntroduces() throws Exception {
    // A known problem committed without hooks, as in a fabric that adopts Weft late.
    edit(PORT, PORT_MTU_1500);
    git(fabric, "add", "-A");
    git(fabric, "commit", "-q", "--no-verify", "-m", "Known problem");
    String rev = git(hooks, "rev-parse", "HEAD").out().strip();
    Files.writeString(
        fabric.resolve(".pre-commit-config.yaml"),
        "repos:\n"
            + "  - repo: "
            + hooks
            + "\n    rev: "
            + rev
            + "\n    hooks:\n      - id: weft-diff\n");
    Files.writeString(
        fabric.resolve("inventories/roce-pod-a/profiles.yaml"),
        Files.readString(fabric.resolve("inventories/roce-pod-a/profiles.yaml")) + "# reviewed\n");
    git(fabric, "add", "-A");
    Shell.Result unrelated = Shell.run(fabric, env, List.of("git", "commit", "-m", "Comment"), 10);
    assertEquals(0, unrelated.exit(), "the known finding does not block: " + unrelated.all());
    assertTrue(unrelated.all().contains("weft diff (new findings only)"), unrelated.all());

    String leaves = Files.readString(fabric.resolve(LEAVES));
    Files.writeString(
        fabric.resolve(LEAVES),
        leaves.replace(
            "- { name: Ethernet8, profile: host-400g }",
            "- { name: Ethernet8, profile: host-400g, mtu: 1500 }"));
    git(fabric, "add", "-A");
    Shell.Result added = Shell.run(fabric, env, List.of("git", "commit", "-m", "Second port"), 10);
    assertEquals(1, added.exit(), "a new finding blocks: " + added.all());
    assertTrue(added.all().contains("[mtu-switch-nic] leaf-01 Ethernet8"), added.all());
    assertTrue(
        !added.all().contains("[mtu-switch-nic] leaf-01 Ethernet0"),
        "the known one is not listed as new: " + added.all());
  }

  private void edit(String from, String to) throws Exception {
    Path file = fabric.resolve(LEAVES);
    String text = Files.readString(file);
    int at = text.indexOf(from);
    assertTrue(at >= 0, from + " in " + LEAVES);
    Files.writeString(file, text.substring(0, at) + to + text.substring(at + from.length()));
  }

  private Shell.Result git(Path dir, String... args) throws Exception {
    List<String> command =
        new java.util.ArrayList<>(
            List.of("git", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"));
    command.addAll(List.of(args));
    Shell.Result r = Shell.run(dir, env, command, 5);
    assertEquals(0, r.exit(), "git " + String.join(" ", args) + ": " + r.all());
    return r;
  }
}
