package dev.weft.units;

import java.math.BigDecimal;
import java.util.Map;

/** A link speed in whole Gb/s ({@code 400G}, {@code 1.6T}). */
public record Speed(long gbps) implements Comparable<Speed> {

  /**
   * Larger values are refused before any arithmetic (docs/limits.md); so is a speed of zero, which
   * no port runs at and which headroom cannot be computed for.
   */
  private static final Quantity.Range RANGE =
      new Quantity.Range(1, "1G", 100_000, "100000G (100T)");

  private static final Map<String, BigDecimal> UNITS =
      Map.of("", BigDecimal.ONE, "G", BigDecimal.ONE, "T", BigDecimal.valueOf(1000));

  /**
   * Parses a written value outside a run (command-line options, policies): the fast path on,
   * uncounted.
   */
  public static Speed parse(Object raw) {
    return parse(raw, null);
  }

  /** Parses a written value with the run's fast-path switch and counters ({@code WEFT_FAST}). */
  public static Speed parse(Object raw, dev.weft.accel.Accelerators accelerators) {
    return new Speed(Quantity.parse("speed", raw, UNITS, "G, T", RANGE, accelerators));
  }

  @Override
  public int compareTo(Speed o) {
    return Long.compare(gbps, o.gbps);
  }

  @Override
  public String toString() {
    return gbps + "G";
  }
}
