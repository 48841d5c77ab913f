package dev.weft.units;

import java.math.BigDecimal;
import java.util.Map;

/** A cable length in whole metres ({@code 5m} or a bare 5). */
public record Length(long metres) implements Comparable<Length> {

  /** Larger values are refused before any arithmetic (docs/limits.md). */
  private static final Quantity.Range RANGE = new Quantity.Range(100_000, "100000m");

  private static final Map<String, BigDecimal> UNITS =
      Map.of("", BigDecimal.ONE, "m", BigDecimal.ONE);

  /**
   * Parses a written value outside a run (command-line options, policies): the fast path on,
   * uncounted.
   */
  public static Length parse(Object raw) {
    return parse(raw, null);
  }

  /** Parses a written value with the run's fast-path switch and counters ({@code WEFT_FAST}). */
  public static Length parse(Object raw, dev.weft.accel.Accelerators accelerators) {
    return new Length(Quantity.parse("length", raw, UNITS, "m", RANGE, accelerators));
  }

  @Override
  public int compareTo(Length o) {
    return Long.compare(metres, o.metres);
  }

  @Override
  public String toString() {
    return metres + "m";
  }
}
