package dev.weft.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Blame and inventory-rename detection on real repositories built with JGit. */
class BlameAndRenameTest {

  static final String FABRIC = GitHistory.INVENTORY + "/fabric.yaml";

  @TempDir Path tmp;

  @Test
  void blameNamesTheCommitThatLastTouchedTheLine() throws Exception {
    try (GitHistory repo = GitHistory.withExampleInventory(tmp)) {
      String second =
          repo.edit(FABRIC, t -> t.replace("  name: roce-pod-a\n", "  name: roce-pod-a2\n"))
              .commit("Rename the fabric", "Grace Hopper");
      try (Blame blame = new Blame(repo.dir(), "HEAD")) {
        Blame.Line changed = blame.line(FABRIC, 5).orElseThrow();
        assertEquals(second, changed.commit());
        assertEquals("Grace Hopper", changed.author());
        assertEquals("Rename the fabric", changed.summary());
        Blame.Line untouched = blame.line(FABRIC, 4).orElseThrow();
        assertEquals("Initial pod", untouched.summary());
        assertEquals("Ada Lovelace", untouched.author());
        assertEquals(Optional.empty(), blame.line(FABRIC, 100_000), "beyond the file");
        assertEquals(Optional.empty(), blame.line("no/such.yaml", 1));
      }
    }
  }

  @Test
  void workingTreeBlameMarksUncommittedLines() throws Exception {
    try (GitHistory repo = GitHistory.withExampleInventory(tmp)) {
      repo.edit(FABRIC, t -> t.replace("  name: roce-pod-a\n", "  name: roce-pod-x\n"));
      try (Blame blame = new Blame(repo.dir(), null)) {
        Blame.Line line = blame.line(FABRIC, 5).orElseThrow();
        assertEquals(null, line.commit());
        assertEquals("not committed yet", line.summary());
        assertEquals("Initial pod", blame.line(FABRIC, 4).orElseThrow().summary());
      }
    }
  }

  @Test
  void aRenamedInventoryFolderIsFoundInBaseForACommitAndForTheWorkingTree() throws Exception {
    try (GitHistory repo = GitHistory.withExampleInventory(tmp)) {
      repo.move(GitHistory.INVENTORY, "inventories/pod-a");
      try (GitRepo git = new GitRepo(repo.dir())) {
        assertEquals(
            Optional.of(GitHistory.INVENTORY), git.renamedFrom("main", null, "inventories/pod-a"));
      }
      repo.commit("Rename", "Grace Hopper");
      try (GitRepo git = new GitRepo(repo.dir())) {
        assertEquals(
            Optional.of(GitHistory.INVENTORY),
            git.renamedFrom("HEAD~1", "HEAD", "inventories/pod-a"));
        assertFalse(git.exists("HEAD~1", "inventories/pod-a"));
        assertTrue(git.exists("HEAD~1", GitHistory.INVENTORY));
        assertEquals(Optional.empty(), git.renamedFrom("HEAD~1", "HEAD", "inventories/other"));
        assertEquals(Optional.empty(), git.resolve("origin/nope"));
      }
    }
  }
}
