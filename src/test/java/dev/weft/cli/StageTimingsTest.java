package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.intent.StageTimer;
import dev.weft.source.WorkingTreeSource;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code WEFT_TIMINGS=1}: opt-in per-stage wall times that never change what a run finds. */
class StageTimingsTest {

  @Test
  void onlyTheValueOneTurnsTimingsOn() {
    assertSame(StageTimer.NONE, StageTimings.fromEnvironment(Map.of()));
    assertSame(StageTimer.NONE, StageTimings.fromEnvironment(Map.of("WEFT_TIMINGS", "0")));
    assertSame(StageTimer.NONE, StageTimings.fromEnvironment(Map.of("WEFT_TIMINGS", "yes")));
    assertTrue(StageTimings.fromEnvironment(Map.of("WEFT_TIMINGS", "1")) instanceof StageTimings);
  }

  @Test
  void validateReportsEveryStageInOrderAndFindsTheSame() {
    Path root = ProjectDir.get();
    WorkingTreeSource source = new WorkingTreeSource(root, root.resolve("inventories/roce-pod-a"));
    LocalDate today = LocalDate.of(2026, 1, 1);
    StageTimings timings = new StageTimings();

    Pipeline.Run timed =
        new Pipeline(List.of(), null, today, timings, dev.weft.accel.Accelerators.on())
            .validate(source);
    Pipeline.Run plain = new Pipeline(List.of(), null, today).validate(source);

    assertEquals(plain.findings(), timed.findings());
    String line = timings.line();
    assertTrue(
        line.matches(
            "weft timings \\(wall ms\\): load\\+parse\\+schema \\d+, map \\d+, compile \\d+,"
                + " rules \\d+, render-check \\d+, read-back \\d+, total \\d+"),
        line);
  }

  @Test
  void repeatedStagesAddUp() {
    StageTimings timings = new StageTimings();
    timings.record("schema", 2_000_000);
    timings.record("schema", 3_000_000);
    assertTrue(
        timings.line().startsWith("weft timings (wall ms): schema 5, total "), timings.line());
  }
}
