package dev.weft.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Folders the tests make and compare: deleted whole, or read as one text. */
public final class FileTrees {

  private FileTrees() {}

  /** Deletes {@code root} and everything below it (nothing when it is gone already). */
  public static void delete(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /**
   * Every file below {@code root} as its relative path, a line break and its UTF-8 text, in path
   * order.
   */
  public static String text(Path root) throws IOException {
    StringBuilder out = new StringBuilder();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        out.append(root.relativize(f)).append('\n').append(Files.readString(f)).append('\n');
      }
    }
    return out.toString();
  }

  /** Copies the folder {@code from} with everything below it to {@code to} (made as needed). */
  public static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
  }
}
