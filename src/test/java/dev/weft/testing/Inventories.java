package dev.weft.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Copies of example inventories with deliberate mistakes, for tests that run the real commands on
 * them.
 */
public final class Inventories {

  private Inventories() {}

  /**
   * Copies the folder {@code from} (recursively) to {@code to}, which must not exist yet; returns
   * {@code to}.
   */
  public static Path copy(Path from, Path to) {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.sorted().toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return to;
  }

  /**
   * Replaces the first {@code text} in {@code file} with {@code replacement}; the text must be
   * there.
   */
  public static void edit(Path file, String text, String replacement) {
    try {
      String content = Files.readString(file, StandardCharsets.UTF_8);
      assertTrue(content.contains(text), file + " has no '" + text + "'");
      int at = content.indexOf(text);
      Files.writeString(
          file,
          content.substring(0, at) + replacement + content.substring(at + text.length()),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The 1-based number of the first line of {@code file} that contains {@code text}. */
  public static int lineOf(Path file, String text) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).contains(text)) {
          return i + 1;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new AssertionError(file + " has no line with '" + text + "'");
  }
}
