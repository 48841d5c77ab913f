package dev.weft.testing;

import dev.weft.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The real command tree run in-process, and copies of the example inventories to break. */
public final class Weft {

  private Weft() {}

  /** What one run printed and answered. */
  public record Run(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
  }

  public static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Run(code, out.toString(), err.toString());
  }

  /** The project root, as surefire passes it. */
  public static Path projectDir() {
    return Path.of(System.getProperty("weft.project.dir", "")).toAbsolutePath().normalize();
  }

  /** Copies {@code inventories/<name>} to {@code target} (created) and answers {@code target}. */
  public static Path copyExample(String name, Path target) throws IOException {
    Path src = projectDir().resolve("inventories").resolve(name);
    try (Stream<Path> files = Files.walk(src)) {
      for (Path f : files.sorted().toList()) {
        Path to = target.resolve(src.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(to);
        } else {
          Files.copy(f, to);
        }
      }
    }
    return target;
  }

  /**
   * Replaces the first {@code from} in {@code file} by {@code to}; fails when {@code from} is not
   * there.
   */
  public static void replaceFirst(Path file, String from, String to) throws IOException {
    String text = Files.readString(file);
    int at = text.indexOf(from);
    if (at < 0) {
      throw new IllegalArgumentException(from + " is not in " + file);
    }
    Files.writeString(file, text.substring(0, at) + to + text.substring(at + from.length()));
  }
}
