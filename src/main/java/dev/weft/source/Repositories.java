package dev.weft.source;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.jgit.lib.RepositoryCache;
import org.eclipse.jgit.util.FS;

/** Finding the Git repository an inventory lives in. */
public final class Repositories {

    private Repositories() {}

    /**
     * Finds the enclosing Git work tree (the folder holding {@code .git}, a directory or, for linked
     * work trees and submodules, a file) or bare repository of {@code start}, or empty when there is
     * none. {@code start} need not exist: the search starts at its nearest existing ancestor.
     */
    public static Optional<Path> findRoot(Path start) {
        Path dir = start.toAbsolutePath().normalize();
        while (dir != null && !Files.isDirectory(dir)) {
            dir = dir.getParent();
        }
        for (; dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve(".git"))) {
                return Optional.of(dir);
            }
            if (RepositoryCache.FileKey.isGitRepository(dir.toFile(), FS.DETECTED)) {
                return Optional.of(dir);
            }
        }
        return Optional.empty();
    }
}
