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
 * Who is writing a backup repository. A {@code weft backup} killed during its commit leaves Git's lock files
 * ({@code .git/index.lock}, a ref's {@code .lock}) behind, and every later backup failed until someone deleted
 * them. Each run therefore holds its own marker, {@code .git/weft-backup.lock} (the process id and its start
 * time), for as long as it writes. A lock file is Weft's own stale lock when that marker names a process that
 * no longer runs and the lock is older than the current process: then it is removed and the run says so. Any
 * other lock (a {@code git} running, another backup still alive) is reported and nothing is touched.
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
        Instant ourStart = ProcessHandle.current().info().startInstant().orElse(Instant.now());
        if (holder.isPresent() && holder.get().alive()) {
            throw new BackupException("the backup repository " + gitDir.getParent() + " is being written by another weft"
                    + " backup (process " + holder.get().pid() + "); wait for it to finish");
        }
        for (Path lock : locks) {
            boolean ours = holder.isPresent() && modified(lock).isBefore(ourStart);
            if (!ours) {
                throw new BackupException("the backup repository is locked: " + lock + " exists (another git process,"
                        + " or one that was killed); if none runs on " + gitDir.getParent() + ", remove the file");
            }
        }
        try {
            for (Path lock : locks) {
                Files.delete(lock);
                removed.add("removed " + gitDir.relativize(lock) + ", left by an interrupted weft backup (process "
                        + holder.orElseThrow().pid() + ")");
            }
            Files.writeString(marker, ProcessHandle.current().pid() + " " + ourStart + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new BackupException("cannot lock the backup repository " + gitDir.getParent() + ": " + e.getMessage(), e);
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

    private static Instant modified(Path file) {
        try {
            return Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant();
        } catch (IOException e) {
            return Instant.MAX;     // cannot tell its age: not treated as stale
        }
    }

    /** The process a marker names: its id and start time (a reused id has another start time). */
    private record Holder(long pid, String started) {

        static Optional<Holder> read(Path marker) {
            try {
                if (!Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS) || Files.size(marker) > 1024) {
                    return Optional.empty();
                }
                String[] parts = Files.readString(marker, StandardCharsets.UTF_8).strip().split(" ");
                return parts.length == 2 ? Optional.of(new Holder(Long.parseLong(parts[0]), parts[1])) : Optional.empty();
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }

        boolean alive() {
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                    .flatMap(p -> p.info().startInstant())
                    .map(start -> start.toString().equals(started))
                    .orElse(false);
        }
    }
}
