package dev.weft.units;

import java.math.BigDecimal;
import java.util.Map;

/**
 * A duration. The intent's base unit is the millisecond; it is kept in microseconds so that {@code
 * us} values stay exact.
 */
public record TimeSpan(long micros) implements Comparable<TimeSpan> {

  /** Larger values are refused before any arithmetic (docs/limits.md). */
  private static final Quantity.Range RANGE =
      new Quantity.Range(86_400_000_000L, "86400s (one day)");

  private static final Map<String, BigDecimal> UNITS =
      Map.of(
          "",
          BigDecimal.valueOf(1000),
          "ms",
          BigDecimal.valueOf(1000),
          "us",
          BigDecimal.ONE,
          "s",
          BigDecimal.valueOf(1_000_000));

  /**
   * Parses a written value outside a run (command-line options, policies): the fast path on,
   * uncounted.
   */
  public static TimeSpan parse(Object raw) {
    return parse(raw, null);
  }

  /** Parses a written value with the run's fast-path switch and counters ({@code WEFT_FAST}). */
  public static TimeSpan parse(Object raw, dev.weft.accel.Accelerators accelerators) {
    return new TimeSpan(Quantity.parse("time", raw, UNITS, "us, ms, s", RANGE, accelerators));
  }

  public static TimeSpan ofMillis(long ms) {
    return new TimeSpan(ms * 1000);
  }

  /** Whole milliseconds (rounded down): what SONiC and the watchdog rules use. */
  public long millis() {
    return micros / 1000;
  }

  @Override
  public int compareTo(TimeSpan o) {
    return Long.compare(micros, o.micros);
  }

  @Override
  public String toString() {
    return micros % 1000 == 0 ? millis() + "ms" : micros + "us";
  }
}
