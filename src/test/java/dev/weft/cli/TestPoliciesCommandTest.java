package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.testing.FileTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weft test-policies DIR} as a team's CI runs it: exit 0 when every marker is met, 1 with
 * each miss named.
 */
class TestPoliciesCommandTest {

  @TempDir Path tmp;

  private static Path examples() {
    return ProjectDir.get().resolve("policies/examples");
  }

  @Test
  void theShippedExamplesPass() {
    CliRun r = CliRun.of("test-policies", examples().toString(), "--today", "2026-06-01");
    assertEquals(0, r.exitCode(), r.out() + r.err());
    assertTrue(r.out().contains("5 rules, 10 passed, 0 failed"), r.out());
  }

  @Test
  void aMissingMarkerAndAWrongSeverityAreNamed() throws Exception {
    Path site = tmp.resolve("site");
    FileTrees.copy(examples().resolve("dwrr-weight-floor"), site.resolve("dwrr-weight-floor"));
    Path fail = site.resolve("dwrr-weight-floor/fail/fabric.yaml");
    Files.writeString(
        fail,
        Files.readString(fail)
            .replace("# expect: dwrr-weight-floor warning", "# expect: dwrr-weight-floor error"));
    Path pass = site.resolve("dwrr-weight-floor/pass/fabric.yaml");
    Files.writeString(pass, Files.readString(pass).replace("weight: 10 }", "weight: 9 }"));
    CliRun r = CliRun.of("test-policies", site.toString(), "--today", "2026-06-01");
    assertEquals(1, r.exitCode(), r.out() + r.err());
    assertTrue(
        r.out().contains("FAILED dwrr-weight-floor pass") && r.out().contains("unexpected: "),
        r.out());
    assertTrue(
        r.out().contains("severity: ") && r.out().contains("expected error, found warning"),
        r.out());
    assertTrue(r.out().contains("0 passed, 2 failed"), r.out());
  }

  @Test
  void aFolderThatIsNotThereIsAUsageError() {
    CliRun r = CliRun.of("test-policies", tmp.resolve("nothing").toString());
    assertEquals(2, r.exitCode(), r.out() + r.err());
  }
}
