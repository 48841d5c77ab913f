package dev.weft.source;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finding the Git repository an inventory lives in. */
public final class Repositories {

  private Repositories() {}

  /**
   * Finds the enclosing Git work tree (the folder holding {@code .git}, a directory or, for linked
   * work trees and submodules, a file) or bare repository of {@code start}, or empty when there is
   * none. {@code start} need not exist: the search starts at its nearest existing ancestor.
   *
   * <p>Plain file checks, no JGit: every working-tree validation calls this, and starting JGit
   * costs a second or more of a cold JVM (it also runs {@code git} to find the system
   * configuration).
   */
  public static Optional<Path> findRoot(Path start) {
    Path dir = start.toAbsolutePath().normalize();
    while (dir != null && !Files.isDirectory(dir)) {
      dir = dir.getParent();
    }
    for (; dir != null; dir = dir.getParent()) {
      if (Files.exists(dir.resolve(".git")) || isBareRepository(dir)) {
        return Optional.of(dir);
      }
    }
    return Optional.empty();
  }

  /**
   * What Git itself checks for a repository directory: a HEAD file, an objects folder and a refs
   * folder.
   */
  static boolean isBareRepository(Path dir) {
    return Files.isRegularFile(dir.resolve("HEAD"))
        && Files.isDirectory(dir.resolve("objects"))
        && Files.isDirectory(dir.resolve("refs"));
  }
}
