package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 30 item 1: where two classes of the plan conflict, the compiler keeps one value, so a plan
 * with a conflict must never reach a device. Each fail fixture of a plan-conflict rule goes through
 * {@code weft render} with its default validation: the rule's error is reported, the exit code is 1
 * and nothing is written.
 */
class PlanConflictsNeverRenderTest {

  static Stream<String> conflictRules() {
    return Stream.of(
        "traffic-class-conflict",
        "cnp-class-missing",
        "lossless-dscp-unmarked",
        "queue-shared-lossless-lossy",
        "dscp-overlap",
        "pfc-queue-mismatch");
  }

  @ParameterizedTest
  @MethodSource("conflictRules")
  void aConflictingPlanIsReportedAndNothingIsWritten(String rule, @TempDir Path tmp) {
    Path fixture = ProjectDir.get().resolve("policies/" + rule + "/fail");
    Path out = tmp.resolve("out");
    CliRun render =
        CliRun.of("render", fixture.toString(), "--out", out.toString(), "--format", "json");
    assertEquals(1, render.exitCode(), render.err());
    assertTrue(render.out().contains("\"rule\": \"" + rule + "\""), render.out());
    assertTrue(render.out().contains("\"severity\": \"error\""), render.out());
    assertFalse(Files.exists(out), "nothing is written for a plan that conflicts");
  }
}
