package dev.weft.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Who is writing a backup repository. A {@code weft backup} killed during its commit leaves Git's
 * lock files ({@code .git/index.lock}, a ref's {@code .lock}) behind, and every later backup failed
 * until someone deleted them. Each run therefore holds its own marker, {@code
 * .git/weft-backup.lock} (the process id and its start time), for as long as it writes. A lock file
 * is Weft's own stale lock when that marker names a process that no longer runs: no process has the
 * marker's id, or the one that has it started at another time (the id was reused). Then the locks
 * are removed and the run says so. Any other lock (a {@code git} running, another backup still
 * alive) is reported and nothing is touched. The owner is recognised by its process alone: an
 * earlier version also compared the lock file's modification time with the new process's start,
 * which refused a backup restarted at once after a {@code kill -9} (the clock read early).
 */
final class BackupLock implements AutoCloseable {

  static final String MARKER = "weft-backup.lock";

  private final Path marker;

  private BackupLock(Path marker) {
    this.marker = marker;
  }

  /**
   * Clears Weft's own stale locks in {@code gitDir}, then takes the marker.
   *
   * @param removed receives one line per stale lock removed
   * @throws BackupException when the repository is locked by someone else
   */
  static BackupLock take(Path gitDir, List<String> removed) throws BackupException {
    Path marker = gitDir.resolve(MARKER);
    List<Path> locks = gitLocks(gitDir);
    Optional<Holder> holder = Holder.read(marker);
    if (holder.isPresent() && holder.get().alive()) {
      throw new BackupException(
          "the backup repository "
              + gitDir.getParent()
              + " is being written by another weft"
              + " backup (process "
              + holder.get().pid()
              + "); wait for it to finish");
    }
    for (Path lock : locks) {
      if (holder.isEmpty()) {
        throw new BackupException(
            "the backup repository is locked: "
                + lock
                + " exists (another git process,"
                + " or one that was killed); if none runs on "
                + gitDir.getParent()
                + ", remove the file");
      }
    }
    try {
      for (Path lock : locks) {
        Files.delete(lock);
        removed.add(
            "removed "
                + gitDir.relativize(lock)
                + ", left by an interrupted weft backup (process "
                + holder.orElseThrow().pid()
                + ")");
      }
      long pid = ProcessHandle.current().pid();
      Files.writeString(
          marker,
          pid + " " + startOf(pid).orElse("unknown") + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.TRUNCATE_EXISTING,
          StandardOpenOption.WRITE,
          LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw new BackupException(
          "cannot lock the backup repository " + gitDir.getParent() + ": " + e.getMessage(), e);
    }
    return new BackupLock(marker);
  }

  @Override
  public void close() {
    try {
      Files.deleteIfExists(marker);
    } catch (IOException e) {
      // a marker left behind names a dead process: the next run recognises it as stale
    }
  }

  /** The lock files a commit can leave: the index's, HEAD's and the branch refs'. */
  private static List<Path> gitLocks(Path gitDir) throws BackupException {
    List<Path> out = new ArrayList<>();
    for (String name : List.of("index.lock", "HEAD.lock", "config.lock", "packed-refs.lock")) {
      if (Files.exists(gitDir.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
        out.add(gitDir.resolve(name));
      }
    }
    Path heads = gitDir.resolve("refs/heads");
    if (Files.isDirectory(heads, LinkOption.NOFOLLOW_LINKS)) {
      try (DirectoryStream<Path> refs = Files.newDirectoryStream(heads, "*.lock")) {
        refs.forEach(out::add);
      } catch (IOException e) {
        throw new BackupException("cannot read " + heads + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /**
   * When process {@code pid} started, as the kernel counts it: {@code /proc/<pid>/stat}'s starttime
   * (clock ticks since boot, field 22), exact and the same however often it is read, unlike a
   * wall-clock instant derived from it. Elsewhere than Linux: the JDK's start instant.
   */
  static Optional<String> startOf(long pid) {
    Path stat = Path.of("/proc", Long.toString(pid), "stat");
    if (Files.isReadable(stat)) {
      try {
        String line = Files.readString(stat, StandardCharsets.US_ASCII);
        // the command name (field 2) is in parentheses and may hold spaces: count after its end
        String[] after = line.substring(line.lastIndexOf(')') + 2).split(" ");
        return after.length > 19 ? Optional.of("ticks:" + after[19]) : Optional.empty();
      } catch (IOException | RuntimeException e) {
        return Optional.empty();
      }
    }
    return ProcessHandle.of(pid).flatMap(p -> p.info().startInstant()).map(Instant::toString);
  }

  /** The process a marker names: its id and start time (a reused id has another start time). */
  private record Holder(long pid, String started) {

    static Optional<Holder> read(Path marker) {
      try {
        if (!Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS) || Files.size(marker) > 1024) {
          return Optional.empty();
        }
        String[] parts = Files.readString(marker, StandardCharsets.UTF_8).strip().split(" ");
        return parts.length == 2
            ? Optional.of(new Holder(Long.parseLong(parts[0]), parts[1]))
            : Optional.empty();
      } catch (IOException | RuntimeException e) {
        return Optional.empty();
      }
    }

    /**
     * The marker's process still runs: a process with its id runs and started when the marker says.
     * A process whose start cannot be read is taken as alive (nothing is removed on a guess).
     */
    boolean alive() {
      if (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isEmpty()) {
        return false;
      }
      return startOf(pid).map(start -> start.equals(started)).orElse(true);
    }
  }
}
