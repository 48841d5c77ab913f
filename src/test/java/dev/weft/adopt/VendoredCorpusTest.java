package dev.weft.adopt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.render.Examples;
import dev.weft.testing.LabTest;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every set of the corpus of configurations no one here wrote ({@code src/test/resources/corpus/})
 * holds exactly the published files its SOURCE pins, has its licence beside it, and is described in
 * the corpus README: a set is found by its SOURCE file, so a new set is checked by existing. A set
 * written from documentation ({@code written-from-docs}, nvue-docs) holds no published file: its
 * check is that each file is unchanged since reviewed against the page and commands SOURCE names.
 */
@LabTest(needs = {"/usr/bin/git"})
class VendoredCorpusTest {
  private static final Path ROOT = Examples.projectRoot();
  private static final Path CORPUS = ROOT.resolve("src/test/resources/corpus");

  @TestFactory
  Stream<DynamicTest> everySetIsThePublishedFiles() throws IOException {
    List<Path> sets;
    try (Stream<Path> dirs = Files.list(CORPUS)) {
      sets = dirs.filter(d -> Files.isRegularFile(d.resolve("SOURCE"))).sorted().toList();
    }
    assertFalse(sets.isEmpty(), "no corpus set under " + CORPUS);
    String readme = Files.readString(CORPUS.resolve("README.md"), StandardCharsets.UTF_8);
    return sets.stream()
        .map(
            set ->
                DynamicTest.dynamicTest(
                    set.getFileName().toString(),
                    () -> {
                      String name = set.getFileName().toString();
                      assertTrue(readme.contains("`" + name + "`"), "README.md describes " + name);
                      // a set written from documentation copies nothing: no licence, its own check
                      boolean written =
                          Files.readString(set.resolve("SOURCE"), StandardCharsets.UTF_8)
                              .startsWith("written-from-docs ");
                      assertTrue(
                          written || Files.isRegularFile(set.resolve("LICENSE")),
                          name + " has its LICENSE");
                      Path log = Files.createTempFile("weft-corpus", ".log");
                      try {
                        Process p =
                            new ProcessBuilder("scripts/vendor-corpus", "check", name)
                                .directory(ROOT.toFile())
                                .redirectErrorStream(true)
                                .redirectOutput(log.toFile())
                                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                                .start();
                        assertTrue(
                            p.waitFor(120, TimeUnit.SECONDS), "vendor-corpus check finishes");
                        String out = Files.readString(log, StandardCharsets.UTF_8);
                        assertEquals(0, p.exitValue(), out);
                        assertTrue(
                            out.contains(
                                written
                                    ? "are written from the docs (not published blobs)"
                                    : "are the published blobs"),
                            out);
                      } finally {
                        Files.deleteIfExists(log);
                      }
                    }));
  }
}
