package dev.weft.source;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * An inventory read from disk as it is now, uncommitted edits included.
 *
 * <p>A symbolic link to a YAML file is read (under the link's own path) when its target stays
 * inside the repository, as {@link GitRefSource} reads the same link in a commit; a link that
 * leaves the repository, a link loop, a dangling link and a link to a folder are reported (a
 * finding at the link), never followed and never skipped silently. Sizes are checked before
 * anything is read ({@link SourceLimits}).
 */
public final class WorkingTreeSource implements InventorySource {

  private final Path base;
  private final Path inventory;
  private final SourceLimits limits;

  /**
   * @param repoRoot the work tree root ({@link Repositories#findRoot}); {@code null} when the
   *     inventory is not in a repository, and then paths are relative to the current directory
   * @param inventoryDir the inventory directory (or a single YAML file), absolute or relative to
   *     the current directory
   */
  public WorkingTreeSource(Path repoRoot, Path inventoryDir) {
    this(repoRoot, inventoryDir, SourceLimits.defaults());
  }

  public WorkingTreeSource(Path repoRoot, Path inventoryDir, SourceLimits limits) {
    this.base = realOrAbsolute(repoRoot == null ? Path.of("") : repoRoot);
    this.inventory = realOrAbsolute(inventoryDir);
    this.limits = limits;
  }

  @Override
  public String inventoryPath() {
    return InventoryFiles.display(relative(inventory));
  }

  @Override
  public String describe() {
    return "working tree";
  }

  @Override
  public String revision() {
    if (!Files.exists(base.resolve(".git"))) {
      return null;
    }
    try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(base.toFile())) {
      org.eclipse.jgit.lib.ObjectId head = git.getRepository().resolve("HEAD^{commit}");
      String path = InventoryFiles.display(relative(inventory));
      org.eclipse.jgit.api.StatusCommand status = git.status();
      if (!path.isEmpty() && !path.equals(".")) {
        status.addPath(path);
      }
      boolean dirty = !status.call().isClean();
      if (head == null) {
        return "working tree, no commit yet";
      }
      return dirty ? "working tree, dirty (on " + head.name() + ")" : head.name();
    } catch (IOException | org.eclipse.jgit.api.errors.GitAPIException | RuntimeException e) {
      return null; // a report without the commit beats no report
    }
  }

  @Override
  public List<SourceFile> read() throws SourceException {
    if (!Files.exists(inventory, LinkOption.NOFOLLOW_LINKS)) {
      throw new SourceException(
          "inventory '"
              + inventoryPath()
              + "' not found: no such directory in the working tree ("
              + inventory
              + ")");
    }
    if (!inventory.startsWith(base)) {
      throw new SourceException("inventory " + inventory + " is outside the repository " + base);
    }
    List<Path> paths = new ArrayList<>();
    List<SourceFile> refused = new ArrayList<>();
    List<SourceFile> files;
    try {
      if (Files.isRegularFile(inventory, LinkOption.NOFOLLOW_LINKS)) {
        paths.add(inventory);
      } else {
        Files.walkFileTree(
            inventory,
            new SimpleFileVisitor<>() {
              @Override
              public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                boolean hiddenBelowInventory =
                    !dir.equals(inventory) && InventoryFiles.isHidden(dir.getFileName().toString());
                return hiddenBelowInventory
                    ? FileVisitResult.SKIP_SUBTREE
                    : FileVisitResult.CONTINUE;
              }

              @Override
              public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                  throws IOException {
                String name = file.getFileName().toString();
                if (InventoryFiles.isHidden(name)) {
                  return FileVisitResult.CONTINUE;
                }
                if (attrs.isRegularFile() && InventoryFiles.isYaml(name)) {
                  paths.add(file);
                } else if (attrs.isSymbolicLink()) {
                  link(file, paths, refused);
                }
                return FileVisitResult.CONTINUE;
              }
            });
      }
      checkTotal(paths);
      files = loadAll(paths);
      files.addAll(refused);
    } catch (AccessDeniedException e) {
      throw new SourceException(
          "cannot read inventory '" + inventoryPath() + "': permission denied on " + e.getFile(),
          e);
    } catch (NoSuchFileException e) {
      throw new SourceException("inventory file vanished while reading: " + e.getFile(), e);
    } catch (IOException e) {
      throw new SourceException(
          "cannot read inventory '" + inventoryPath() + "': " + e.getMessage(), e);
    }
    files.sort(InventoryFiles.BY_PATH);
    return List.copyOf(files);
  }

  /**
   * Reads and hashes the files in parallel (hashing 14 MB for blob ids was a serial tenth of a
   * second on a large inventory); the first failure in walk order is thrown, as a sequential read
   * would.
   */
  private List<SourceFile> loadAll(List<Path> paths) throws IOException {
    record Loaded(SourceFile file, IOException failure) {}
    List<Loaded> loaded =
        paths.parallelStream()
            .map(
                p -> {
                  try {
                    return new Loaded(load(p), null);
                  } catch (IOException e) {
                    return new Loaded(null, e);
                  }
                })
            .toList();
    List<SourceFile> files = new ArrayList<>(loaded.size());
    for (Loaded l : loaded) {
      if (l.failure() != null) {
        throw l.failure();
      }
      files.add(l.file());
    }
    return files;
  }

  /**
   * A symbolic link below the inventory: a YAML file inside the repository is read under the link's
   * path; anything that would take the read elsewhere is refused with the reason.
   */
  private void link(Path link, List<Path> paths, List<SourceFile> refused) {
    String name = link.getFileName().toString();
    String shown = relative(link);
    Path target;
    try {
      target = link.toRealPath();
    } catch (IOException e) {
      if (InventoryFiles.isYaml(name)) {
        refused.add(
            SourceFile.refused(
                shown,
                "symbolic link that cannot be followed (a link loop, or its target"
                    + " is missing); not read"));
      }
      return;
    }
    boolean directory = Files.isDirectory(target);
    if (!directory && !InventoryFiles.isYaml(name)) {
      return; // not part of an inventory, wherever it points
    }
    if (!target.startsWith(base)) {
      refused.add(
          SourceFile.refused(
              shown,
              "symbolic link to "
                  + target
                  + ", outside the repository "
                  + base
                  + "; not read (copy the file into the repository)"));
    } else if (directory) {
      refused.add(
          SourceFile.refused(
              shown,
              "symbolic link to the folder "
                  + relative(target)
                  + "; links to folders"
                  + " are not followed (they can loop); link the files, or move the folder into the inventory"));
    } else if (Files.isRegularFile(target)) {
      paths.add(link);
    } else {
      refused.add(
          SourceFile.refused(
              shown,
              "symbolic link to "
                  + relative(target)
                  + ", which is not a regular"
                  + " file; not read"));
    }
  }

  /** Sizes first: an inventory over the limit is refused before a byte of it is read. */
  private void checkTotal(List<Path> paths) throws IOException, SourceException {
    long total = 0;
    for (Path p : paths) {
      total += Math.min(Files.size(p), limits.maxFileBytes() + 1);
    }
    if (total > limits.maxInventoryBytes()) {
      throw limits.tooLarge(inventoryPath(), total, paths.size());
    }
  }

  private SourceFile load(Path file) throws IOException {
    long size = Files.size(file);
    if (size > limits.maxFileBytes()) {
      return SourceFile.tooLarge(relative(file), size);
    }
    byte[] bytes;
    try (java.io.InputStream in = Files.newInputStream(file)) {
      bytes =
          in.readNBytes(
              (int)
                  Math.min(
                      limits.maxFileBytes() + 1, Integer.MAX_VALUE - 8)); // it may have grown since
    }
    if (bytes.length > limits.maxFileBytes()) {
      return SourceFile.tooLarge(relative(file), bytes.length);
    }
    return new SourceFile(relative(file), bytes, null);
  }

  private String relative(Path path) {
    String rel = base.relativize(path).toString();
    return path.getFileSystem().getSeparator().equals("/")
        ? rel
        : rel.replace(path.getFileSystem().getSeparator(), "/");
  }

  /**
   * Resolves symbolic links where the path exists, so the root and the inventory compare alike
   * (e.g. /tmp on macOS).
   */
  private static Path realOrAbsolute(Path path) {
    Path absolute = path.toAbsolutePath().normalize();
    try {
      return absolute.toRealPath();
    } catch (IOException e) {
      return absolute;
    }
  }
}
