package dev.weft.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/** Which top-level template folders (platforms) differ between two copies of a template folder. */
final class TemplateDiff {

  private TemplateDiff() {}

  /**
   * The first path segment of every file that differs, is added or is gone; {@code *} when a file
   * directly in the root differs (it could be included by any platform).
   */
  static Set<String> changedTopFolders(Path a, Path b) throws IOException {
    Map<String, byte[]> left = files(a);
    Map<String, byte[]> right = files(b);
    Set<String> names = new TreeSet<>(left.keySet());
    names.addAll(right.keySet());
    Set<String> changed = new TreeSet<>();
    for (String name : names) {
      if (!Arrays.equals(left.get(name), right.get(name))) {
        int slash = name.indexOf('/');
        changed.add(slash < 0 ? "*" : name.substring(0, slash));
      }
    }
    return changed;
  }

  private static Map<String, byte[]> files(Path root) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    if (!Files.isDirectory(root)) {
      return out;
    }
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.filter(Files::isRegularFile).toList()) {
        out.put(root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
      }
    }
    return out;
  }

  /** Deletes a scratch folder; null is nothing to do. */
  static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete scratch folder " + dir, e);
    }
  }
}
