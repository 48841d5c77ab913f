package dev.weft.report.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.health.CounterSnapshot;
import dev.weft.testing.Golden;
import dev.weft.testing.LabTest;
import dev.weft.testing.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prometheus' own checker judges what Weft ships for it: {@code promtool check metrics} the
 * OpenMetrics file (its linter: names, types, units), {@code promtool check rules} the alert rules
 * in docs/.
 */
@LabTest(needs = "/usr/bin/promtool")
class PromtoolTest {

  @TempDir Path tmp;

  @Test
  void promtoolAcceptsTheMetricsFile() throws Exception {
    Path file = tmp.resolve("weft.prom");
    Files.writeString(
        file,
        OpenMetricsReporter.write(OpenMetricsReporterTest.night(), OpenMetricsReporterTest.BEFORE));
    Shell.Result r = Shell.bash(tmp, Map.of(), "promtool check metrics < \"$1\"", file.toString());
    assertEquals(0, r.exit(), r.all());
    assertEquals("", r.out() + r.err(), "no lint problem");
    Shell.Result empty =
        Shell.bash(
            tmp,
            Map.of(),
            "promtool check metrics < \"$1\"",
            write(OpenMetricsReporter.write(OpenMetricsReporterTest.night(), CounterSnapshot.EMPTY))
                .toString());
    assertEquals(0, empty.exit(), "the first night (no deltas) too: " + empty.all());
  }

  @Test
  void promtoolAcceptsTheAlertRules() throws Exception {
    Path rules = Golden.projectDir().resolve("docs/examples/prometheus-weft-alerts.yml");
    Shell.Result r =
        Shell.run(tmp, Map.of(), List.of("promtool", "check", "rules", rules.toString()), 2);
    assertEquals(0, r.exit(), r.all());
  }

  private Path write(String text) throws Exception {
    Path p = Files.createTempFile(tmp, "night", ".prom");
    Files.writeString(p, text);
    return p;
  }
}
