package dev.weft.git;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.blame.BlameGenerator;
import org.eclipse.jgit.blame.BlameResult;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * Which commit last changed a line (JGit blame), so a new finding can name the commit that
 * introduced the offending line. Results are cached per file and computed only for the lines asked
 * about; one instance serves one diff run. Not thread-safe.
 */
public final class Blame implements AutoCloseable {

  /**
   * The commit of one line.
   *
   * @param commit full commit id, or null when the line is not committed yet (working tree)
   * @param author author name, or null
   * @param summary first line of the commit message, or null
   */
  public record Line(String commit, String author, String summary) {
    static final Line UNCOMMITTED = new Line(null, null, "not committed yet");
  }

  private final Repository repo;
  private final ObjectId start;
  private final Map<String, BlameResult> cache = new HashMap<>();
  private final List<BlameGenerator> generators = new ArrayList<>();

  /**
   * @param repoDir work tree root or bare repository
   * @param ref the head ref to blame from; null for the working tree (uncommitted lines have no
   *     commit)
   */
  public Blame(Path repoDir, String ref) throws IOException {
    File dir = repoDir.toFile();
    FileRepositoryBuilder builder = new FileRepositoryBuilder();
    if (new File(dir, ".git").exists()) {
      builder.setWorkTree(dir);
    } else {
      builder.setGitDir(dir);
    }
    this.repo = builder.setMustExist(true).build();
    try {
      this.start = ref == null ? null : repo.resolve(ref + "^{commit}");
    } catch (RuntimeException e) {
      repo.close();
      throw GitRepo.damaged(e);
    }
    if (ref != null && start == null) {
      repo.close();
      throw new IOException("ref '" + ref + "' not found");
    }
  }

  /**
   * The commit that last touched {@code line} (1-based) of a repository-relative file, if blame can
   * tell.
   */
  public Optional<Line> line(String file, int line) {
    BlameResult result = cache.computeIfAbsent(file, this::blame);
    if (result == null || line < 1 || line > result.getResultContents().size()) {
      return Optional.empty();
    }
    try {
      // Only as far back in history as this line needs: a new finding's line is usually the
      // change's own
      // (one commit), where blaming a whole generated file walked its every line to the first
      // commit.
      result.computeRange(line - 1, line);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
    RevCommit commit = result.getSourceCommit(line - 1);
    if (commit == null) {
      return Optional.of(Line.UNCOMMITTED);
    }
    String author =
        result.getSourceAuthor(line - 1) == null
            ? null
            : result.getSourceAuthor(line - 1).getName();
    return Optional.of(new Line(commit.name(), author, commit.getShortMessage()));
  }

  private BlameResult blame(String file) {
    try {
      if (start == null) {
        // The working tree: the command knows how to blame uncommitted lines (computes the whole
        // file).
        try (Git git = new Git(repo)) {
          return git.blame().setFilePath(file).setFollowFileRenames(true).call();
        }
      }
      // A ref: the generator stays open so each line is computed only as far back as it needs.
      BlameGenerator generator = new BlameGenerator(repo, file);
      generators.add(generator);
      generator.setFollowFileRenames(true).push(null, start);
      return BlameResult.create(generator);
    } catch (GitAPIException | IOException | RuntimeException e) {
      // Blame is a courtesy: a file outside history (new, untracked) simply has no commit to name.
      return null;
    }
  }

  @Override
  public void close() {
    generators.forEach(BlameGenerator::close);
    repo.close();
  }
}
