package dev.weft.source;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.errors.AmbiguousObjectException;
import org.eclipse.jgit.errors.LargeObjectException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.RepositoryCache;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.util.FS;

/**
 * An inventory read from a commit's tree (a branch, {@code origin/main}, a tag, {@code HEAD~1}, a
 * commit id) straight from the object database: no checkout, the working tree is never touched, and
 * bare repositories work.
 */
public final class GitRefSource implements InventorySource {

  private static final int SHORT_ID = 7;

  /**
   * Links followed in a row before a chain is called a loop (Linux allows 40; an inventory needs
   * one).
   */
  private static final int MAX_LINK_HOPS = 8;

  private final Path repoDir;
  private final String ref;
  private final String inventoryPath;
  private final SourceLimits limits;

  /**
   * @param repoDir a work tree root or a bare repository
   * @param ref anything {@code git rev-parse} understands that names a commit
   * @param inventoryPath the inventory directory (or a single YAML file), repository-relative
   */
  public GitRefSource(Path repoDir, String ref, String inventoryPath) {
    this(repoDir, ref, inventoryPath, SourceLimits.defaults());
  }

  public GitRefSource(Path repoDir, String ref, String inventoryPath, SourceLimits limits) {
    this.repoDir = repoDir.toAbsolutePath().normalize();
    this.ref = ref;
    this.inventoryPath = InventoryFiles.normalize(inventoryPath);
    this.limits = limits;
  }

  @Override
  public String inventoryPath() {
    return InventoryFiles.display(inventoryPath);
  }

  @Override
  public String describe() {
    try (Repository repo = open()) {
      return "ref " + ref + " (" + resolve(repo).abbreviate(SHORT_ID).name() + ")";
    } catch (SourceException e) {
      return "ref " + ref;
    }
  }

  @Override
  public String revision() {
    try (Repository repo = open()) {
      return resolve(repo).name();
    } catch (SourceException e) {
      return null;
    }
  }

  @Override
  public List<SourceFile> read() throws SourceException {
    try (Repository repo = open();
        ObjectReader reader = repo.newObjectReader();
        RevWalk revWalk = new RevWalk(reader)) {
      ObjectId commitId = resolve(repo);
      RevCommit commit = revWalk.parseCommit(commitId);
      List<SourceFile> files = new ArrayList<>();
      Reading reading = new Reading(reader, commit.getTree());
      if (inventoryPath.isEmpty()) {
        collect(reading, commit.getTree(), files);
      } else {
        try (TreeWalk at = TreeWalk.forPath(reader, inventoryPath, commit.getTree())) {
          if (at == null) {
            throw new SourceException(
                "inventory '"
                    + inventoryPath
                    + "' does not exist at ref '"
                    + ref
                    + "' ("
                    + commitId.abbreviate(SHORT_ID).name()
                    + ") in "
                    + repoDir);
          }
          FileMode mode = at.getFileMode(0);
          if (FileMode.TREE.equals(mode)) {
            collect(reading, at.getObjectId(0), files);
          } else if (isFile(mode)) {
            files.add(reading.load(inventoryPath, at.getObjectId(0)));
          } else {
            throw new SourceException(
                "inventory '"
                    + inventoryPath
                    + "' at ref '"
                    + ref
                    + "' is neither a directory nor a file (a symbolic link or submodule)");
          }
        }
      }
      if (reading.total > limits.maxInventoryBytes()) {
        throw limits.tooLarge(inventoryPath(), reading.total, files.size());
      }
      files.sort(InventoryFiles.BY_PATH);
      return List.copyOf(files);
    } catch (IOException e) {
      // a missing or corrupt object, a tree that does not parse: JGit's IOExceptions here all mean
      // damage
      throw new SourceException(damaged(e), e);
    } catch (RuntimeException e) {
      // JGit on a damaged object database (a truncated tree, a commit that does not parse) throws
      // unchecked
      // exceptions as well as CorruptObjectException: either way the ref cannot be read, which is
      // no bug of ours.
      throw new SourceException(damaged(e), e);
    }
  }

  /** Walks a tree level by level so dot-folders are skipped without reading what is inside them. */
  private void collect(Reading reading, ObjectId tree, List<SourceFile> files)
      throws IOException, SourceException {
    try (TreeWalk walk = new TreeWalk(reading.reader)) {
      walk.addTree(tree);
      walk.setRecursive(false);
      while (walk.next()) {
        String name = walk.getNameString();
        if (InventoryFiles.isHidden(name)) {
          continue;
        }
        FileMode mode = walk.getFileMode(0);
        if (walk.isSubtree()) {
          walk.enterSubtree();
        } else if (isFile(mode) && InventoryFiles.isYaml(name)) {
          String path = InventoryFiles.join(inventoryPath, walk.getPathString());
          files.add(reading.load(path, walk.getObjectId(0)));
        } else if (FileMode.SYMLINK.equals(mode)) {
          String path = InventoryFiles.join(inventoryPath, walk.getPathString());
          SourceFile linked = reading.link(path, walk.getObjectId(0), InventoryFiles.isYaml(name));
          if (linked != null) {
            files.add(linked);
          }
        }
      }
    }
  }

  /** One read of one commit: its reader and root tree, and the bytes read so far. */
  private final class Reading {
    final ObjectReader reader;
    final ObjectId root;
    long total;

    Reading(ObjectReader reader, ObjectId root) {
      this.reader = reader;
      this.root = root;
    }

    /**
     * A blob, or only its size when it is over the file limit; the inventory limit is checked as it
     * goes.
     */
    SourceFile load(String path, ObjectId blob) throws IOException, SourceException {
      long size = reader.getObjectSize(blob, Constants.OBJ_BLOB);
      total += Math.min(size, limits.maxFileBytes() + 1);
      if (total > limits.maxInventoryBytes()) {
        throw limits.tooLarge(inventoryPath(), total, 0);
      }
      if (size > limits.maxFileBytes()) {
        return SourceFile.tooLarge(path, size);
      }
      try {
        byte[] bytes =
            reader
                .open(blob, Constants.OBJ_BLOB)
                .getBytes((int) Math.min(limits.maxFileBytes(), Integer.MAX_VALUE - 8));
        return new SourceFile(path, bytes, blob.name());
      } catch (LargeObjectException e) {
        return SourceFile.tooLarge(path, size);
      }
    }

    /**
     * A symbolic link in the commit, as the working tree reads it: a YAML file inside the
     * repository is read under the link's path; a link out of the repository, to a folder, dangling
     * or looping is refused with the reason. A link that is not named like YAML and does not lead
     * to a folder is not part of the inventory (null).
     */
    SourceFile link(String path, ObjectId blob, boolean yamlName)
        throws IOException, SourceException {
      String at = path;
      ObjectId id = blob;
      for (int hop = 0; hop < MAX_LINK_HOPS; hop++) {
        String target =
            new String(
                reader.open(id, Constants.OBJ_BLOB).getBytes(4096),
                java.nio.charset.StandardCharsets.UTF_8);
        String resolved = resolveLink(at, target);
        if (resolved == null) {
          return yamlName
              ? SourceFile.refused(
                  path,
                  "symbolic link to "
                      + dev.weft.finding.Excerpt.cut(target)
                      + ", outside the repository; not read (copy the file into the repository)")
              : null;
        }
        try (TreeWalk walk = TreeWalk.forPath(reader, resolved, root)) {
          if (walk == null) {
            return yamlName
                ? SourceFile.refused(
                    path,
                    "symbolic link to " + resolved + ", which is not in" + " this commit; not read")
                : null;
          }
          FileMode mode = walk.getFileMode(0);
          if (FileMode.TREE.equals(mode)) {
            return SourceFile.refused(
                path,
                "symbolic link to the folder "
                    + resolved
                    + "; links to folders"
                    + " are not followed (they can loop); link the files, or move the folder into the inventory");
          }
          if (isFile(mode)) {
            return yamlName ? load(path, walk.getObjectId(0)) : null;
          }
          if (!FileMode.SYMLINK.equals(mode)) {
            return yamlName
                ? SourceFile.refused(
                    path, "symbolic link to " + resolved + ", which is not a" + " file; not read")
                : null;
          }
          at = resolved;
          id = walk.getObjectId(0);
        }
      }
      return yamlName
          ? SourceFile.refused(
              path,
              "symbolic link that cannot be followed (more than "
                  + MAX_LINK_HOPS
                  + " links in a row: a loop); not read")
          : null;
    }
  }

  /**
   * A link's target as a repository-relative path, or null when it leaves the repository (absolute
   * or too many ..).
   */
  static String resolveLink(String linkPath, String target) {
    if (target.isEmpty()
        || target.startsWith("/")
        || target.indexOf('\0') >= 0
        || target.matches("^[A-Za-z]:.*")) {
      return null;
    }
    java.util.ArrayDeque<String> parts = new java.util.ArrayDeque<>();
    int slash = linkPath.lastIndexOf('/');
    if (slash > 0) {
      for (String p : linkPath.substring(0, slash).split("/")) {
        parts.addLast(p);
      }
    }
    for (String p : target.split("/")) {
      if (p.isEmpty() || p.equals(".")) {
        continue;
      }
      if (p.equals("..")) {
        if (parts.isEmpty()) {
          return null;
        }
        parts.removeLast();
      } else {
        parts.addLast(p);
      }
    }
    return parts.isEmpty() ? null : String.join("/", parts);
  }

  private static boolean isFile(FileMode mode) {
    return FileMode.REGULAR_FILE.equals(mode) || FileMode.EXECUTABLE_FILE.equals(mode);
  }

  private Repository open() throws SourceException {
    File dir = repoDir.toFile();
    FileRepositoryBuilder builder = new FileRepositoryBuilder();
    if (RepositoryCache.FileKey.isGitRepository(dir, FS.DETECTED)) {
      builder.setGitDir(dir);
    } else if (new File(dir, Constants.DOT_GIT).exists()) {
      builder.setWorkTree(dir);
    } else {
      Path enclosing = Repositories.findRoot(repoDir).orElse(null);
      throw new SourceException(
          enclosing == null
              ? repoDir + " is not a Git repository; --ref needs the inventory inside a Git clone"
              : repoDir + " is not the top of its Git repository; use " + enclosing);
    }
    try {
      return builder.setMustExist(true).build();
    } catch (IOException | IllegalArgumentException e) {
      throw new SourceException(
          "cannot open the Git repository " + repoDir + ": " + e.getMessage(), e);
    }
  }

  private ObjectId resolve(Repository repo) throws SourceException {
    ObjectId id;
    try {
      id = repo.resolve(ref + "^{commit}");
    } catch (AmbiguousObjectException e) {
      throw new SourceException(
          "ref '"
              + ref
              + "' is ambiguous in "
              + repoDir
              + ": "
              + e.getCandidates().size()
              + " objects start with it; give more digits of the commit id",
          e);
    } catch (IOException e) {
      // the ref names an object the repository cannot read (a missing or corrupt object, a damaged
      // packed-refs): not a ref to fetch, a repository to repair (issue 32)
      throw new SourceException(damaged(e), e);
    } catch (RuntimeException e) {
      // an absurd ref (HEAD@{-99999999999} overflows JGit's number parsing) is simply not a ref
      id = null;
    }
    if (id == null) {
      throw new SourceException(notFound());
    }
    return id;
  }

  /**
   * A repository JGit cannot read, in one line with JGit's words but no Java class name: try git
   * fsck.
   */
  private String damaged(Exception e) {
    return "cannot read ref '"
        + ref
        + "' in "
        + repoDir
        + ": the repository looks damaged"
        + (e.getMessage() == null ? "" : " (" + dev.weft.finding.Excerpt.cut(e.getMessage()) + ")")
        + "; try git fsck";
  }

  /** One line that says what to do: most often the ref was simply never fetched. */
  private String notFound() {
    String where = "ref '" + ref + "' not found in " + repoDir;
    if (ref.contains("~") || ref.contains("^")) {
      return where
          + "; the history may not go back that far (in a shallow clone: git fetch --unshallow)";
    }
    String name = ref.startsWith("origin/") ? ref.substring("origin/".length()) : ref;
    return where + "; fetch it first, e.g. git fetch origin " + name;
  }
}
