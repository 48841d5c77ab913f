package dev.weft.git;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.diff.RenameDetector;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.FileTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.WorkingTreeIterator;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.NotIgnoredFilter;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * The questions {@code weft diff} asks a repository about its two sides, answered from the object
 * database.
 */
public final class GitRepo implements AutoCloseable {

  private final Repository repo;

  public GitRepo(Path repoDir) throws IOException {
    File dir = repoDir.toFile();
    FileRepositoryBuilder builder = new FileRepositoryBuilder();
    if (new File(dir, ".git").exists()) {
      builder.setWorkTree(dir);
    } else {
      builder.setGitDir(dir);
    }
    this.repo = builder.setMustExist(true).build();
  }

  /**
   * The full commit id a ref names, or empty when it does not resolve (unknown, not fetched, beyond
   * a shallow clone).
   */
  public Optional<String> resolve(String ref) throws IOException {
    try {
      ObjectId id = repo.resolve(ref + "^{commit}");
      return Optional.ofNullable(id).map(ObjectId::name);
    } catch (IOException e) {
      // a ref naming an object that is missing or corrupt: a damaged repository, not a ref to fetch
      // (issue 32)
      throw new IOException(
          "the repository looks damaged"
              + (e.getMessage() == null
                  ? ""
                  : " (" + dev.weft.finding.Excerpt.cut(e.getMessage()) + ")")
              + "; try git fsck",
          e);
    } catch (RuntimeException e) {
      // RevisionSyntaxException, and the NumberFormatException of an absurd HEAD@{-99999999999}:
      // not a ref
      return Optional.empty();
    }
  }

  /**
   * A read of the object database; what JGit throws unchecked on damaged objects is an IOException
   * here.
   */
  @FunctionalInterface
  private interface Read<T> {
    T run() throws IOException;
  }

  private static <T> T guarded(Read<T> read) throws IOException {
    try {
      return read.run();
    } catch (RuntimeException e) {
      throw damaged(e);
    }
  }

  /**
   * The IOException of a repository JGit cannot read (a truncated or corrupted object): one line,
   * try git fsck.
   */
  static IOException damaged(RuntimeException e) {
    // JGit's own words, without the Java class name (issue 32: a message is for the user, not a
    // trace)
    return new IOException(
        "the repository looks damaged"
            + (e.getMessage() == null
                ? ""
                : " (" + dev.weft.finding.Excerpt.cut(e.getMessage()) + ")")
            + "; try git fsck",
        e);
  }

  /** True when {@code path} (repository-relative) exists in the tree of {@code ref}. */
  public boolean exists(String ref, String path) throws IOException {
    return guarded(
        () -> {
          ObjectId commit = repo.resolve(ref + "^{commit}");
          if (commit == null) {
            return false;
          }
          try (RevWalk walk = new RevWalk(repo);
              TreeWalk at = TreeWalk.forPath(repo, path, walk.parseCommit(commit).getTree())) {
            return at != null;
          }
        });
  }

  /**
   * Where head's inventory folder was in base, when it was renamed or moved: JGit's rename
   * detection on the diff of the two trees, then the folder most renamed files came from. Empty
   * when no file of the head inventory was renamed from elsewhere.
   *
   * @param headRef the head ref, or null for the working tree
   */
  public Optional<String> renamedFrom(String baseRef, String headRef, String headInventory)
      throws IOException {
    return guarded(
        () -> {
          ObjectId base = repo.resolve(baseRef + "^{commit}");
          if (base == null) {
            return Optional.empty();
          }
          String prefix = headInventory + "/";
          try (RevWalk walk = new RevWalk(repo);
              TreeWalk tw = new TreeWalk(repo)) {
            tw.setRecursive(true);
            tw.addTree(walk.parseCommit(base).getTree());
            if (headRef == null) {
              WorkingTreeIterator work = new FileTreeIterator(repo);
              tw.addTree(work);
              tw.setFilter(AndTreeFilter.create(TreeFilter.ANY_DIFF, new NotIgnoredFilter(1)));
            } else {
              ObjectId head = repo.resolve(headRef + "^{commit}");
              if (head == null) {
                return Optional.empty();
              }
              tw.addTree(walk.parseCommit(head).getTree());
              tw.setFilter(TreeFilter.ANY_DIFF);
            }
            List<DiffEntry> entries = DiffEntry.scan(tw);
            RenameDetector detector = new RenameDetector(repo);
            detector.addAll(entries);
            Map<String, Integer> votes = new TreeMap<>();
            for (DiffEntry e : detector.compute()) {
              if ((e.getChangeType() == DiffEntry.ChangeType.RENAME
                      || e.getChangeType() == DiffEntry.ChangeType.COPY)
                  && e.getNewPath().startsWith(prefix)) {
                String below = e.getNewPath().substring(prefix.length());
                String old = e.getOldPath();
                if (old.endsWith("/" + below)) {
                  votes.merge(old.substring(0, old.length() - below.length() - 1), 1, Integer::sum);
                }
              }
            }
            // Most votes wins; on a tie the first folder in path order, so the answer is
            // deterministic.
            String best = null;
            int most = 0;
            for (Map.Entry<String, Integer> v : votes.entrySet()) {
              if (v.getValue() > most) {
                best = v.getKey();
                most = v.getValue();
              }
            }
            return Optional.ofNullable(best);
          }
        });
  }

  /**
   * Writes every regular file below {@code path} in the tree of {@code ref} into {@code target}
   * (created), keeping relative paths: a base-side copy of a template folder, without a checkout.
   *
   * @return false when {@code path} is not a folder in that tree
   */
  public boolean extract(String ref, String path, Path target) throws IOException {
    return guarded(
        () -> {
          ObjectId commit = repo.resolve(ref + "^{commit}");
          if (commit == null) {
            return false;
          }
          try (RevWalk walk = new RevWalk(repo);
              TreeWalk at = TreeWalk.forPath(repo, path, walk.parseCommit(commit).getTree())) {
            if (at == null || !at.isSubtree()) {
              return false;
            }
            try (TreeWalk files = new TreeWalk(repo)) {
              files.addTree(at.getObjectId(0));
              files.setRecursive(true);
              while (files.next()) {
                org.eclipse.jgit.lib.FileMode mode = files.getFileMode(0);
                if (!org.eclipse.jgit.lib.FileMode.REGULAR_FILE.equals(mode)
                    && !org.eclipse.jgit.lib.FileMode.EXECUTABLE_FILE.equals(mode)) {
                  continue; // links and submodules are never templates
                }
                Path out = target.resolve(files.getPathString()).normalize();
                if (!out.startsWith(target)) {
                  continue;
                }
                java.nio.file.Files.createDirectories(out.getParent());
                java.nio.file.Files.write(out, repo.open(files.getObjectId(0)).getBytes());
              }
            }
            return true;
          }
        });
  }

  @Override
  public void close() {
    repo.close();
  }
}
