package dev.weft.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Byte-for-byte golden files under {@code src/test/resources/golden/<area>/}. Run the tests with
 * {@code -Dgolden.update=true} to rewrite them from the current output, then read the diff before
 * committing. On a mismatch the actual output is also written to {@code
 * target/golden-actual/<area>/} for a diff tool.
 */
public final class Golden {

  private Golden() {}

  /** The project root as surefire passes it; tests never depend on the current directory. */
  public static Path projectDir() {
    return Path.of(System.getProperty("weft.project.dir", System.getProperty("user.dir")));
  }

  public static void assertMatches(String area, String fileName, String actual) throws IOException {
    Path expectedFile =
        projectDir().resolve("src/test/resources/golden").resolve(area).resolve(fileName);
    byte[] actualBytes = actual.getBytes(StandardCharsets.UTF_8);
    if (Boolean.getBoolean("golden.update")) {
      Files.createDirectories(expectedFile.getParent());
      Files.write(expectedFile, actualBytes);
      return;
    }
    if (!Files.exists(expectedFile)) {
      throw new AssertionError(
          "missing golden file " + expectedFile + "; run with -Dgolden.update=true to create it");
    }
    String expected = Files.readString(expectedFile, StandardCharsets.UTF_8);
    if (!expected.equals(actual)) {
      Path actualFile =
          projectDir().resolve("target/golden-actual").resolve(area).resolve(fileName);
      Files.createDirectories(actualFile.getParent());
      Files.write(actualFile, actualBytes);
    }
    assertEquals(
        expected,
        actual,
        "output differs from golden "
            + expectedFile
            + " (actual written to target/golden-actual/"
            + area
            + "/"
            + fileName
            + "; -Dgolden.update=true rewrites)");
  }
}
