package dev.weft.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Reads inventories from a real temporary Git repository built with JGit. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GitRefSourceTest {

  private static final String INV = "inventories/pod-a";
  private static final PersonIdent WHO =
      new PersonIdent("Weft Test", "test@weft.invalid", 1_700_000_000_000L, 0);

  /** One repository for the class: building it is the slow part, and no test leaves it changed. */
  Path tmp;

  Path repo;
  RevCommit first;
  RevCommit second;

  @BeforeAll
  void buildRepository(@TempDir Path dir) throws Exception {
    tmp = dir;
    repo = tmp.resolve("repo");
    try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
      write(INV + "/fabric.yaml", "version: 1\nfabric: {name: pod-a}\n");
      write(INV + "/switches/leaf.yaml", "switches: [{name: leaf-01}]\n");
      write(INV + "/.hidden.yaml", "ignored: true\n");
      write(INV + "/.drafts/new.yaml", "ignored: true\n");
      write(INV + "/notes.txt", "not yaml\n");
      write("inventories/other/x.yaml", "other: true\n");
      git.add().addFilepattern(".").call();
      first = git.commit().setMessage("first").setAuthor(WHO).setCommitter(WHO).call();
      write(INV + "/fabric.yaml", "version: 1\nfabric: {name: pod-a-v2}\n");
      write(INV + "/hosts.yml", "hosts: []\n");
      git.add().addFilepattern(".").call();
      second = git.commit().setMessage("second").setAuthor(WHO).setCommitter(WHO).call();
      git.tag()
          .setName("v1")
          .setObjectId(first)
          .setAnnotated(true)
          .setMessage("v1")
          .setTagger(WHO)
          .call();
      RefUpdate origin = git.getRepository().updateRef("refs/remotes/origin/main");
      origin.setNewObjectId(first);
      origin.update();
    }
    // an uncommitted edit that a ref read must neither see nor touch
    write(INV + "/fabric.yaml", UNCOMMITTED);
  }

  private static final String UNCOMMITTED = "version: 1\nfabric: {name: pod-a-uncommitted}\n";

  private void write(String path, String text) throws IOException {
    Path p = repo.resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private static String text(SourceFile f) {
    return new String(f.content(), StandardCharsets.UTF_8);
  }

  private static List<String> paths(List<SourceFile> files) {
    return files.stream().map(SourceFile::path).toList();
  }

  @Test
  void headReadsCommittedFilesSortedAndSkipsDotFilesAndFolders() throws Exception {
    List<SourceFile> files = new GitRefSource(repo, "HEAD", INV).read();
    assertEquals(
        List.of(INV + "/fabric.yaml", INV + "/hosts.yml", INV + "/switches/leaf.yaml"),
        paths(files));
    assertTrue(text(files.get(0)).contains("pod-a-v2"), "HEAD, not the uncommitted edit");
  }

  @Test
  void previousCommitIsReadWithoutTouchingTheWorkingTree() throws Exception {
    Path fabric = repo.resolve(INV + "/fabric.yaml");
    byte[] before = Files.readAllBytes(fabric);
    List<SourceFile> files = new GitRefSource(repo, "HEAD~1", INV).read();
    assertEquals(List.of(INV + "/fabric.yaml", INV + "/switches/leaf.yaml"), paths(files));
    assertTrue(text(files.get(0)).contains("{name: pod-a}"), text(files.get(0)));
    assertArrayEquals(before, Files.readAllBytes(fabric), "the working tree is untouched");
    assertTrue(
        Files.exists(repo.resolve(INV + "/hosts.yml")), "files added later are still on disk");
    try (Git git = Git.open(repo.toFile())) {
      assertEquals(second.getId(), git.getRepository().resolve("HEAD"), "HEAD did not move");
    }
  }

  @Test
  void tagsCommitIdsAndRemoteBranchesResolve() throws Exception {
    for (String ref :
        List.of("v1", first.name(), first.name().substring(0, 10), "origin/main", "main~1")) {
      List<SourceFile> files = new GitRefSource(repo, ref, INV).read();
      assertEquals(2, files.size(), ref);
      assertTrue(text(files.get(0)).contains("{name: pod-a}"), ref);
    }
  }

  @Test
  void blobIdsAreGitBlobIds() throws Exception {
    SourceFile f = new GitRefSource(repo, "HEAD", INV).read().get(0);
    try (Git git = Git.open(repo.toFile())) {
      ObjectId expected = git.getRepository().resolve("HEAD:" + INV + "/fabric.yaml");
      assertEquals(expected.name(), f.blobId());
    }
  }

  @Test
  void workingTreeAndRefReadTheSameFilesWhenClean() throws Exception {
    List<SourceFile> fromTree;
    try (Git git = Git.open(repo.toFile())) {
      git.checkout()
          .addPath(INV + "/fabric.yaml")
          .call(); // drop the uncommitted edit for this test
      fromTree = new WorkingTreeSource(repo, repo.resolve(INV)).read();
    } finally {
      write(INV + "/fabric.yaml", UNCOMMITTED);
    }
    List<SourceFile> fromRef = new GitRefSource(repo, "HEAD", INV).read();
    assertEquals(paths(fromRef), paths(fromTree));
    for (int i = 0; i < fromRef.size(); i++) {
      assertArrayEquals(fromRef.get(i).content(), fromTree.get(i).content());
      assertEquals(fromRef.get(i).blobId(), fromTree.get(i).blobId(), "same content, same blob id");
    }
  }

  @Test
  void bareRepositoryIsRead() throws Exception {
    Path bare = tmp.resolve("bare.git");
    Git.cloneRepository()
        .setURI(repo.toUri().toString())
        .setDirectory(bare.toFile())
        .setBare(true)
        .call()
        .close();
    List<SourceFile> files = new GitRefSource(bare, "main", INV).read();
    assertEquals(
        List.of(INV + "/fabric.yaml", INV + "/hosts.yml", INV + "/switches/leaf.yaml"),
        paths(files));
    assertEquals(Repositories.findRoot(bare).orElseThrow(), bare.toAbsolutePath());
  }

  @Test
  void singleFileAndRootInventoriesWork() throws Exception {
    assertEquals(
        List.of(INV + "/hosts.yml"),
        paths(new GitRefSource(repo, "HEAD", "./" + INV + "/hosts.yml/").read()));
    List<SourceFile> all = new GitRefSource(repo, "HEAD", "").read();
    assertEquals(
        List.of(
            "inventories/other/x.yaml",
            INV + "/fabric.yaml",
            INV + "/hosts.yml",
            INV + "/switches/leaf.yaml"),
        paths(all));
  }

  @Test
  void unknownRefSaysHowToFetchIt() {
    SourceException e =
        assertThrows(SourceException.class, () -> new GitRefSource(repo, "nope", INV).read());
    assertEquals(
        "ref 'nope' not found in "
            + repo.toAbsolutePath()
            + "; fetch it first, e.g. git fetch origin nope",
        e.getMessage());
    SourceException remote =
        assertThrows(
            SourceException.class, () -> new GitRefSource(repo, "origin/feature-x", INV).read());
    assertTrue(remote.getMessage().endsWith("git fetch origin feature-x"), remote.getMessage());
  }

  @Test
  void historyThatDoesNotGoBackThatFarIsExplained() {
    SourceException e =
        assertThrows(SourceException.class, () -> new GitRefSource(repo, "HEAD~5", INV).read());
    assertTrue(
        e.getMessage().startsWith("ref 'HEAD~5' not found in ")
            && e.getMessage().contains("shallow"),
        e.getMessage());
  }

  @Test
  void inventoryMissingAtRefIsNamed() {
    SourceException e =
        assertThrows(
            SourceException.class,
            () -> new GitRefSource(repo, "HEAD", "inventories/pod-z").read());
    assertTrue(
        e.getMessage()
            .startsWith(
                "inventory 'inventories/pod-z' does not exist at ref 'HEAD' ("
                    + second.name().substring(0, 7)
                    + ")"),
        e.getMessage());
    SourceException earlier =
        assertThrows(
            SourceException.class,
            () -> new GitRefSource(repo, "HEAD~1", INV + "/hosts.yml").read());
    assertTrue(
        earlier.getMessage().contains("does not exist at ref 'HEAD~1'"), earlier.getMessage());
  }

  @Test
  void notARepositoryIsSaidInOneLine() throws IOException {
    Path plain = Files.createDirectories(tmp.resolve("plain"));
    SourceException e =
        assertThrows(SourceException.class, () -> new GitRefSource(plain, "HEAD", INV).read());
    assertTrue(e.getMessage().contains("is not a Git repository"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"));
  }

  @Test
  void aFolderInsideTheRepositoryPointsAtItsRoot() {
    SourceException e =
        assertThrows(
            SourceException.class,
            () -> new GitRefSource(repo.resolve("inventories"), "HEAD", "pod-a").read());
    assertEquals(
        repo.resolve("inventories").toAbsolutePath()
            + " is not the top of its Git repository; use "
            + repo.toAbsolutePath(),
        e.getMessage());
  }

  @Test
  void describeNamesRefAndShortId() {
    assertEquals(
        "ref HEAD~1 (" + first.name().substring(0, 7) + ")",
        new GitRefSource(repo, "HEAD~1", INV).describe());
    assertEquals("ref nope", new GitRefSource(repo, "nope", INV).describe());
    assertEquals(INV, new GitRefSource(repo, "HEAD", "/" + INV + "/").inventoryPath());
  }
}
