package dev.weft.report;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Facts about one run that reports carry for audit trails (JSON {@code run}, SARIF {@code
 * invocations} and run properties, JUnit properties and timestamps, the HTML footer): when it
 * started, how long it took, which Weft, the command line, and the Git commit the inventory was
 * read from. They are the only part of a report that differs between two runs on the same input,
 * and they sit apart (one JSON object, one SARIF invocation, one HTML element) so a test or a diff
 * can strip them; the findings and rendered files never depend on them.
 *
 * @param started when the command started (UTC)
 * @param duration how long it ran until the report was written
 * @param commandLine the arguments as given, joined with spaces ({@code weft validate inventories/a
 *     --format json})
 * @param inventoryCommit the commit the inventory was read from, {@code working tree, dirty (on
 *     <id>)} when the working tree differs from it, or null outside a Git repository (or when not
 *     determined)
 */
public record RunInfo(
    Instant started, Duration duration, String commandLine, String inventoryCommit) {

  public RunInfo {
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(duration, "duration");
    Objects.requireNonNull(commandLine, "commandLine");
  }

  /** When the run ended: start plus duration. */
  public Instant ended() {
    return started.plus(duration);
  }

  /** Whole milliseconds, as reports print the duration. */
  public long durationMillis() {
    return duration.toMillis();
  }

  /** Seconds with three decimals, as JUnit's {@code time} attribute wants it. */
  public String durationSeconds() {
    long ms = durationMillis();
    return ms / 1000 + "." + String.format(java.util.Locale.ROOT, "%03d", ms % 1000);
  }
}
