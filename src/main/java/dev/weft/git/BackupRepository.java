package dev.weft.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.errors.RepositoryNotFoundException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.w3c.dom.Element;

/**
 * {@code weft backup}: one file per device in a Git repository ({@code <device>.xml} for a NETCONF
 * device, {@link BackupXml}; {@code <device>.json} for a device read by a command, {@link
 * BackupFile#text}), one commit per run that names the devices whose configuration changed. A run
 * where nothing changed makes no commit. Devices that could not be read keep their last file.
 */
public final class BackupRepository implements AutoCloseable {

  private static final Pattern DEVICE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");
  private static final Pattern EXTRA_PATH =
      Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*");
  private static final String AUTHOR = "weft";
  private static final String EMAIL = "weft@localhost";

  private final Git git;
  private final Path workTree;

  private BackupRepository(Git git) {
    this.git = git;
    this.workTree = git.getRepository().getWorkTree().toPath();
  }

  /** Opens the repository at {@code dir}, or creates one when {@code dir} is missing or empty. */
  public static BackupRepository openOrInit(Path dir) throws BackupException {
    try {
      if (Files.isDirectory(dir)) {
        try {
          return new BackupRepository(Git.open(dir.toFile()));
        } catch (RepositoryNotFoundException e) {
          try (Stream<Path> entries = Files.list(dir)) {
            if (entries.findAny().isPresent()) {
              throw new BackupException(
                  dir
                      + " is not a Git repository and not empty;"
                      + " give an existing backup repository or an empty directory");
            }
          }
        }
      } else if (Files.exists(dir)) {
        throw new BackupException(dir + " is not a directory");
      }
      Files.createDirectories(dir);
      return new BackupRepository(
          Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call());
    } catch (IOException | GitAPIException e) {
      throw new BackupException("cannot open backup repository " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes every reachable device's configuration and commits the changed files.
   *
   * @param configs device name → configuration element (e.g. the {@code <data>} of get-config)
   * @param unreachable devices that were attempted but could not be read
   * @param when commit time (runs pass the clock; tests a fixed instant)
   */
  public BackupResult record(
      Map<String, Element> configs, Collection<String> unreachable, Instant when)
      throws BackupException {
    return record(configs, unreachable, when, "weft backup");
  }

  /**
   * As {@link #record(Map, Collection, Instant)}, with the commit message's first words ({@code
   * weft remediate (before)}), so a history shows which command took each snapshot.
   */
  public BackupResult record(
      Map<String, Element> configs, Collection<String> unreachable, Instant when, String title)
      throws BackupException {
    Map<String, BackupFile> files = new TreeMap<>();
    configs.forEach((device, data) -> files.put(device, BackupFile.xml(data)));
    return recordFiles(files, unreachable, when, title);
  }

  /**
   * Writes every reachable device's file ({@code <device>.<extension>}) and commits the changed
   * ones.
   */
  public BackupResult recordFiles(
      Map<String, BackupFile> configs, Collection<String> unreachable, Instant when)
      throws BackupException {
    return recordFiles(configs, unreachable, when, "weft backup");
  }

  /**
   * As above, with the commit message's first words.
   *
   * @param configs device name → its file
   */
  public BackupResult recordFiles(
      Map<String, BackupFile> configs, Collection<String> unreachable, Instant when, String title)
      throws BackupException {
    return recordFiles(configs, unreachable, when, title, Map.of());
  }

  /**
   * As above, with files that are not device configs in the same commit ({@code weft audit}'s
   * history: {@code audit/report.json}); {@code extra} maps a repository-relative path to its
   * content.
   */
  public BackupResult recordFiles(
      Map<String, BackupFile> configs,
      Collection<String> unreachable,
      Instant when,
      String title,
      Map<String, byte[]> extra)
      throws BackupException {
    for (String path : extra.keySet()) {
      if (!EXTRA_PATH.matcher(path).matches() || path.contains("..")) {
        throw new BackupException(
            "'"
                + path
                + "' cannot be a file in the backup (a relative path of"
                + " letters, digits, '_', '.', '-' and '/')");
      }
    }
    SortedMap<String, BackupFile> files = new TreeMap<>();
    for (Map.Entry<String, BackupFile> e : configs.entrySet()) {
      String device = e.getKey();
      if (!DEVICE_NAME.matcher(device).matches()) {
        throw new BackupException(
            "device name '"
                + device
                + "' cannot be a file name in the backup"
                + " (letters, digits, '_', '.', '-'; not starting with '.' or '-')");
      }
      files.put(device, e.getValue());
    }
    List<String> changed = new ArrayList<>();
    List<String> same = new ArrayList<>();
    List<String> recovered = new ArrayList<>();
    try (BackupLock lock =
        BackupLock.take(git.getRepository().getDirectory().toPath(), recovered)) {
      ObjectId headTree = git.getRepository().resolve("HEAD^{tree}");
      List<String> paths = new ArrayList<>();
      for (Map.Entry<String, BackupFile> f : files.entrySet()) {
        String path = f.getKey() + "." + f.getValue().extension();
        byte[] content = f.getValue().content();
        if (Arrays.equals(committed(headTree, path), content)) {
          same.add(f.getKey());
          continue;
        }
        Files.write(workTree.resolve(path), content);
        git.add().addFilepattern(path).call();
        changed.add(f.getKey());
        paths.add(path);
      }
      for (Map.Entry<String, byte[]> f : new TreeMap<>(extra).entrySet()) {
        if (!Arrays.equals(committed(headTree, f.getKey()), f.getValue())) {
          Path file = workTree.resolve(f.getKey());
          Files.createDirectories(file.getParent());
          Files.write(file, f.getValue());
          git.add().addFilepattern(f.getKey()).call();
          paths.add(f.getKey());
        }
      }
      List<String> failed = List.copyOf(new TreeSet<>(unreachable));
      String message = message(title, changed, same, failed);
      if (paths.isEmpty()) {
        return new BackupResult(Optional.empty(), changed, same, failed, message, recovered);
      }
      PersonIdent who = new PersonIdent(AUTHOR, EMAIL, when, ZoneOffset.UTC);
      var commit =
          git.commit()
              .setMessage(message)
              .setAuthor(who)
              .setCommitter(who)
              .setSign(false)
              .setNoVerify(true);
      if (headTree != null) {
        paths.forEach(commit::setOnly); // never sweep in anything else staged
      }
      RevCommit done = commit.call();
      return new BackupResult(
          Optional.of(done.getId().name()), changed, same, failed, message, recovered);
    } catch (IOException | GitAPIException | RuntimeException e) {
      throw new BackupException(
          "cannot write the backup to " + workTree + ": " + e.getMessage(), e);
    }
  }

  private byte[] committed(ObjectId headTree, String path) throws IOException {
    if (headTree == null) {
      return null;
    }
    try (TreeWalk walk = TreeWalk.forPath(git.getRepository(), path, headTree)) {
      return walk == null ? null : git.getRepository().open(walk.getObjectId(0)).getBytes();
    }
  }

  static String message(List<String> changed, List<String> unchanged, List<String> unreachable) {
    return message("weft backup", changed, unchanged, unreachable);
  }

  static String message(
      String title, List<String> changed, List<String> unchanged, List<String> unreachable) {
    int total = changed.size() + unchanged.size() + unreachable.size();
    StringBuilder m =
        new StringBuilder(title)
            .append(": ")
            .append(changed.size())
            .append(" of ")
            .append(total)
            .append(total == 1 ? " device" : " devices")
            .append(" changed\n\n");
    line(m, "changed", changed);
    line(m, "unchanged", unchanged);
    line(m, "unreachable (last backup kept)", unreachable);
    return m.toString();
  }

  private static void line(StringBuilder m, String label, List<String> devices) {
    if (!devices.isEmpty()) {
      m.append(label).append(": ").append(String.join(", ", devices)).append('\n');
    }
  }

  public Path workTree() {
    return workTree;
  }

  @Override
  public void close() {
    git.close();
  }
}
