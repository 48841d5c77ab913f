package dev.weft.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectInserter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkingTreeSourceTest {

  @TempDir Path root;

  private void write(String path, String text) throws IOException {
    Path p = root.resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  @Test
  void readsYamlRecursivelySortedSkippingDotFilesAndFolders() throws Exception {
    write("inv/b.yaml", "b: 1\n");
    write("inv/a.yml", "a: 1\n");
    write("inv/sub/c.YAML", "c: 1\n");
    write("inv/sub-x.yaml", "x: 1\n");
    write("inv/.hidden.yaml", "h: 1\n");
    write("inv/.git/config.yaml", "h: 1\n");
    write("inv/sub/.cache/d.yaml", "h: 1\n");
    write("inv/readme.md", "# no\n");
    write("inv/yaml", "no extension\n");
    List<String> paths =
        new WorkingTreeSource(root, root.resolve("inv"))
            .read().stream().map(SourceFile::path).toList();
    assertEquals(List.of("inv/a.yml", "inv/b.yaml", "inv/sub-x.yaml", "inv/sub/c.YAML"), paths);
  }

  @Test
  void pathsAreRepositoryRelativeWithForwardSlashes() throws Exception {
    write("inventories/pod/switches/leaf.yaml", "s: 1\n");
    WorkingTreeSource source = new WorkingTreeSource(root, root.resolve("inventories/pod"));
    assertEquals("inventories/pod", source.inventoryPath());
    assertEquals("inventories/pod/switches/leaf.yaml", source.read().get(0).path());
    assertEquals("working tree", source.describe());
  }

  @Test
  void blobIdIsWhatGitWouldCompute() throws Exception {
    String text = "version: 1\nfabric: {name: é}\n";
    write("inv/f.yaml", text);
    SourceFile f = new WorkingTreeSource(root, root.resolve("inv")).read().get(0);
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    try (ObjectInserter.Formatter git = new ObjectInserter.Formatter()) {
      assertEquals(git.idFor(Constants.OBJ_BLOB, bytes).name(), f.blobId());
    }
    assertEquals(
        "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
        InventoryFiles.gitBlobId(new byte[0]),
        "git's empty blob");
  }

  @Test
  void aLinkToAFileInsideTheRepositoryIsReadUnderItsOwnPathAndFolderLinksAreReported()
      throws Exception {
    write("outside/secret.yaml", "s: 1\n");
    write("inv/a.yaml", "a: 1\n");
    Files.createSymbolicLink(root.resolve("inv/link.yaml"), root.resolve("outside/secret.yaml"));
    Files.createSymbolicLink(root.resolve("inv/linkdir"), root.resolve("outside"));
    List<SourceFile> files = new WorkingTreeSource(root, root.resolve("inv")).read();
    assertEquals(
        List.of("inv/a.yaml", "inv/link.yaml", "inv/linkdir"),
        files.stream().map(SourceFile::path).toList());
    assertEquals("s: 1\n", files.get(1).text());
    assertTrue(files.get(1).complete());
    assertTrue(
        files.get(2).problem().contains("links to folders are not followed"),
        files.get(2).problem());
  }

  @Test
  void linksOutOfTheRepositoryAndLoopsAreRefusedNotFollowed(@TempDir Path elsewhere)
      throws Exception {
    Files.writeString(elsewhere.resolve("secret.yaml"), "password: hunter2\n");
    write("inv/a.yaml", "a: 1\n");
    Files.createSymbolicLink(root.resolve("inv/out.yaml"), elsewhere.resolve("secret.yaml"));
    Files.createSymbolicLink(root.resolve("inv/loop.yaml"), root.resolve("inv/loop.yaml"));
    Files.createSymbolicLink(root.resolve("inv/dangling.yaml"), root.resolve("inv/nothing.yaml"));
    Files.createSymbolicLink(root.resolve("inv/notes.txt"), elsewhere.resolve("secret.yaml"));
    List<SourceFile> files = new WorkingTreeSource(root, root.resolve("inv")).read();
    assertEquals(
        List.of("inv/a.yaml", "inv/dangling.yaml", "inv/loop.yaml", "inv/out.yaml"),
        files.stream().map(SourceFile::path).toList());
    assertTrue(files.get(3).problem().contains("outside the repository"), files.get(3).problem());
    assertTrue(files.get(2).problem().contains("cannot be followed"), files.get(2).problem());
    assertTrue(files.get(1).problem().contains("cannot be followed"), files.get(1).problem());
    for (SourceFile f : files.subList(1, 4)) {
      assertEquals(0, f.content().length, "a refused link is never read");
    }
  }

  @Test
  void aFileOverTheLimitIsNotReadAndAnInventoryOverTheLimitIsRefused() throws Exception {
    write("inv/a.yaml", "a: 1\n");
    write("inv/big.yaml", "x".repeat(5000));
    List<SourceFile> files =
        new WorkingTreeSource(root, root.resolve("inv"), new SourceLimits(4096, 1 << 20)).read();
    assertEquals(5000, files.get(1).size());
    assertEquals(0, files.get(1).content().length);
    SourceException e =
        assertThrows(
            SourceException.class,
            () ->
                new WorkingTreeSource(root, root.resolve("inv"), new SourceLimits(8192, 2048))
                    .read());
    assertTrue(e.getMessage().contains("--max-inventory-bytes"), e.getMessage());
  }

  @Test
  void missingInventoryIsOneLineError() {
    SourceException e =
        assertThrows(
            SourceException.class,
            () -> new WorkingTreeSource(root, root.resolve("inventories/nope")).read());
    assertTrue(e.getMessage().startsWith("inventory 'inventories/nope' not found"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"));
  }

  @Test
  void singleFileInventory() throws Exception {
    write("inv/a.yaml", "a: 1\n");
    List<SourceFile> files = new WorkingTreeSource(root, root.resolve("inv/a.yaml")).read();
    assertEquals(List.of("inv/a.yaml"), files.stream().map(SourceFile::path).toList());
  }

  @Test
  void emptyInventoryReadsNoFiles() throws Exception {
    Files.createDirectories(root.resolve("inv"));
    assertEquals(List.of(), new WorkingTreeSource(root, root.resolve("inv")).read());
  }

  @Test
  void withoutARepositoryPathsAreRelativeToTheCurrentDirectory() throws Exception {
    Path cwd = Path.of("").toAbsolutePath();
    Path inv = Files.createTempDirectory(cwd.resolve("target"), "wt-");
    try {
      Files.writeString(inv.resolve("a.yaml"), "a: 1\n");
      SourceFile f = new WorkingTreeSource(null, inv).read().get(0);
      assertEquals("target/" + inv.getFileName() + "/a.yaml", f.path());
    } finally {
      Files.delete(inv.resolve("a.yaml"));
      Files.delete(inv);
    }
  }

  @Test
  void findRootFindsTheEnclosingWorkTree() throws Exception {
    Files.createDirectories(root.resolve("repo/.git"));
    Files.createDirectories(root.resolve("repo/inventories/pod"));
    assertEquals(
        root.resolve("repo").toAbsolutePath(),
        Repositories.findRoot(root.resolve("repo/inventories/pod")).orElseThrow());
    assertEquals(
        root.resolve("repo").toAbsolutePath(),
        Repositories.findRoot(root.resolve("repo/inventories/not-yet")).orElseThrow(),
        "a path that does not exist yet");
    Path linked = Files.createDirectories(root.resolve("linked"));
    Files.writeString(linked.resolve(".git"), "gitdir: /elsewhere\n");
    assertEquals(
        linked.toAbsolutePath(),
        Repositories.findRoot(linked).orElseThrow(),
        "a .git file (linked work tree)");
  }

  @Test
  void findRootFindsNothingOutsideRepositoriesAndIgnoresLookalikes() throws Exception {
    Path plain = Files.createDirectories(root.resolve("plain/inventories/pod"));
    Files.writeString(root.resolve("plain/HEAD"), "not a repo without objects/ and refs/\n");
    assertEquals(
        java.util.Optional.empty(), Repositories.findRoot(plain).filter(p -> p.startsWith(root)));
  }
}
