package dev.weft.git;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * A real Git repository in a temp folder, built with JGit: the example inventory committed, then
 * edited and committed again, so {@code weft diff} runs on genuine history. Commit times are fixed
 * (one minute apart), so commit ids, and the reports that name them, are the same on every run.
 */
public final class GitHistory implements AutoCloseable {

  public static final String INVENTORY = "inventories/roce-pod-a";
  private static final Instant EPOCH = Instant.parse("2026-01-05T09:00:00Z");

  private final Path dir;
  private final Git git;
  private int commits;

  private GitHistory(Path dir, Git git) {
    this.dir = dir;
    this.git = git;
  }

  /**
   * A repository in {@code dir} holding the project's roce-pod-a inventory, committed once as
   * "Initial pod".
   */
  public static GitHistory withExampleInventory(Path dir) throws Exception {
    return withInventory(dir, INVENTORY);
  }

  /**
   * A repository in {@code dir} holding one of the project's example inventories, committed once.
   */
  public static GitHistory withInventory(Path dir, String inventory) throws Exception {
    Git git = Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call();
    GitHistory h = new GitHistory(dir, git);
    copyTree(projectDir().resolve(inventory), dir.resolve(inventory));
    h.commit("Initial pod", "Ada Lovelace");
    return h;
  }

  public static Path projectDir() {
    return Path.of(System.getProperty("weft.project.dir", System.getProperty("user.dir")));
  }

  public Path dir() {
    return dir;
  }

  public Path file(String relative) {
    return dir.resolve(relative);
  }

  /**
   * Rewrites a file's text; fails the test when the edit changes nothing (a typo in the test's
   * pattern).
   */
  public GitHistory edit(String relative, UnaryOperator<String> change) throws IOException {
    Path p = dir.resolve(relative);
    String before = Files.readString(p, StandardCharsets.UTF_8);
    String after = change.apply(before);
    assertTrue(!before.equals(after), "the test's edit of " + relative + " changed nothing");
    Files.writeString(p, after, StandardCharsets.UTF_8);
    return this;
  }

  public GitHistory write(String relative, String text) throws IOException {
    Path p = dir.resolve(relative);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return this;
  }

  public GitHistory move(String from, String to) throws IOException {
    Path target = dir.resolve(to);
    Files.createDirectories(target.getParent());
    Files.move(dir.resolve(from), target);
    return this;
  }

  /**
   * Stages everything (new, changed, deleted) and commits with a fixed time; returns the commit id.
   */
  public String commit(String message, String author) throws GitAPIException {
    git.add().addFilepattern(".").call();
    git.add().addFilepattern(".").setUpdate(true).call();
    PersonIdent who =
        new PersonIdent(
            author,
            author.toLowerCase().replace(' ', '.') + "@example.org",
            EPOCH.plusSeconds(60L * commits++),
            ZoneOffset.UTC);
    RevCommit c =
        git.commit().setMessage(message).setAuthor(who).setCommitter(who).setSign(false).call();
    return c.name();
  }

  /** The outcome of one {@code weft} run. */
  public record Run(int exit, String out, String err) {}

  /** Runs {@code weft} with {@code --repo} pointing here. */
  public Run weft(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--repo");
    all.add(dir.toString());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(all.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
    return new Run(code, out.toString(), err.toString());
  }

  /** The absolute path of a folder in the repository, as an INVENTORY argument. */
  public String path(String relative) {
    return dir.resolve(relative).toString();
  }

  static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.sorted(Comparator.naturalOrder()).toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  @Override
  public void close() {
    git.close();
  }
}
