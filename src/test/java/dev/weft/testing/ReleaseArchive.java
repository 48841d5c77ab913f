package dev.weft.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The release archive {@code ./mvnw package} built (target/weft-VERSION.tar.gz, passed by failsafe
 * as {@code weft.archive}), extracted with the real tar into a test's folder, as a user would.
 */
public final class ReleaseArchive {

  private ReleaseArchive() {}

  public static Path file() {
    String path = System.getProperty("weft.archive");
    if (path == null) {
      throw new IllegalStateException(
          "weft.archive is not set: run this test with ./mvnw verify (failsafe), after package");
    }
    return Path.of(path);
  }

  public static String version() {
    return System.getProperty("weft.version", "0.1.0");
  }

  /** Extracts the archive into {@code into} and returns the weft-VERSION folder it holds. */
  public static Path extract(Path into) throws IOException {
    Files.createDirectories(into);
    Shell.Result tar = Shell.run(into, Map.of(), List.of("tar", "-xzf", file().toString()), 2);
    if (tar.exit() != 0) {
      throw new AssertionError("tar -xzf " + file() + " failed: " + tar.all());
    }
    return into.resolve("weft-" + version());
  }
}
