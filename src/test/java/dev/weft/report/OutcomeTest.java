package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutcomeTest {

  private static Report with(Finding... findings) {
    return Report.of("0.1.0", "validate", "inv", List.of(findings), List.of(), List.of());
  }

  @Test
  void thresholds() {
    Report warningOnly = with(Finding.of("r", Severity.WARNING, "m"));
    assertEquals(0, Outcome.exitCode(warningOnly, FailOn.ERROR));
    assertEquals(1, Outcome.exitCode(warningOnly, FailOn.WARNING));
    assertEquals(1, Outcome.exitCode(warningOnly, FailOn.INFO));
    assertEquals(0, Outcome.exitCode(warningOnly, FailOn.NEVER));

    Report infoOnly = with(Finding.of("r", Severity.INFO, "m"));
    assertEquals(0, Outcome.exitCode(infoOnly, FailOn.WARNING));
    assertEquals(1, Outcome.exitCode(infoOnly, FailOn.INFO));

    Report error = with(Finding.of("r", Severity.ERROR, "m"));
    assertEquals(1, Outcome.exitCode(error, FailOn.ERROR));
    assertEquals(0, Outcome.exitCode(error, FailOn.NEVER));
  }

  @Test
  void emptyReportPassesEveryThreshold() {
    for (FailOn f : FailOn.values()) {
      assertEquals(0, Outcome.exitCode(with(), f));
    }
  }

  @Test
  void waivedFindingsNeverFail() {
    Report waived = with(Finding.of("r", Severity.ERROR, "m").waivedBecause("ok"));
    for (FailOn f : FailOn.values()) {
      assertEquals(0, Outcome.exitCode(waived, f), f.name());
    }
  }

  @Test
  void parseAcceptsTheFourWordsOnly() {
    assertEquals(FailOn.WARNING, FailOn.parse("warning"));
    assertEquals(FailOn.NEVER, FailOn.parse("never"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> FailOn.parse("fatal"));
    assertTrue(e.getMessage().contains("error, warning, info or never"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> FailOn.parse("ERROR"));
  }
}
