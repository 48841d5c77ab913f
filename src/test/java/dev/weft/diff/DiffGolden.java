package dev.weft.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Byte-for-byte golden files under {@code src/test/resources/golden/diff/}. Run the tests with
 * {@code -Dgolden.update=true} to rewrite them from the current output, then read the diff before committing.
 * On a mismatch the actual output is also written to {@code target/golden-actual/diff/} for a diff tool.
 */
final class DiffGolden {

    private DiffGolden() {
    }

    static Path projectDir() {
        return Path.of(System.getProperty("weft.project.dir", System.getProperty("user.dir")));
    }

    static void assertMatches(String fileName, String actual) throws IOException {
        Path expectedFile = projectDir().resolve("src/test/resources/golden/diff").resolve(fileName);
        byte[] actualBytes = actual.getBytes(StandardCharsets.UTF_8);
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(expectedFile.getParent());
            Files.write(expectedFile, actualBytes);
            return;
        }
        if (!Files.exists(expectedFile)) {
            throw new AssertionError("missing golden file " + expectedFile + "; run with -Dgolden.update=true to create it");
        }
        String expected = Files.readString(expectedFile, StandardCharsets.UTF_8);
        if (!expected.equals(actual)) {
            Path actualFile = projectDir().resolve("target/golden-actual/diff").resolve(fileName);
            Files.createDirectories(actualFile.getParent());
            Files.write(actualFile, actualBytes);
        }
        assertEquals(expected, actual, "output differs from golden " + expectedFile
                + " (actual written to target/golden-actual/diff/" + fileName + "; -Dgolden.update=true rewrites)");
    }
}
