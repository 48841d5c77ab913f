package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 30 item 8: designs that are right, though less common than the canonical plan, must stay
 * clean. Each inventory under {@code src/test/resources/valid-designs/} goes through {@code weft
 * validate --fail-on warning}; a rule that flags one of them (a false positive) fails the build.
 * Waived findings are allowed only where the design documents its exception (a plan exception or a
 * waiver with its reason).
 */
class ValidDesignCorpusTest {

  static final Path CORPUS = ProjectDir.get().resolve("src/test/resources/valid-designs");

  /** The designs issue 30 names; the corpus may grow, never lose one. */
  static final List<String> REQUIRED =
      List.of(
          "documented-exceptions",
          "ecn-only-lossy-roce",
          "long-cables",
          "lossy-storage-own-dscp",
          "mixed-port-speeds",
          "other-consistent-dscp",
          "per-tier-ecmp-seeds",
          "pfc-only",
          "two-lossless-priorities");

  private static List<Path> designs() throws IOException {
    try (Stream<Path> s = Files.list(CORPUS)) {
      return s.filter(Files::isDirectory).sorted().toList();
    }
  }

  @Test
  void theCorpusHoldsEveryRequiredDesign() throws IOException {
    TreeSet<String> names =
        designs().stream()
            .map(p -> p.getFileName().toString())
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(List.of(), REQUIRED.stream().filter(n -> !names.contains(n)).toList());
  }

  @TestFactory
  Stream<DynamicTest> eachDesignValidatesCleanAtFailOnWarning() throws IOException {
    return designs().stream()
        .map(
            dir ->
                DynamicTest.dynamicTest(
                    dir.getFileName().toString(),
                    () -> {
                      CliRun run = CliRun.of("validate", dir.toString(), "--fail-on", "warning");
                      assertEquals(0, run.exitCode(), run.out() + run.err());
                      List<String> unwaived =
                          run.out()
                              .lines()
                              .filter(l -> l.contains(": error [") || l.contains(": warning ["))
                              .filter(l -> !l.contains("[waived: "))
                              .toList();
                      assertEquals(List.of(), unwaived, "unwaived findings on a valid design");
                    }));
  }
}
