package dev.weft.drift;

import dev.weft.compile.CompiledSwitch;

/**
 * How far a live value may differ from the intended one and still be in sync. Devices program
 * buffer and ECN thresholds in whole buffer cells, so a read-back threshold may be off by up to one
 * cell; the cell size comes from the switch's ASIC profile ({@link
 * CompiledSwitch#thresholdRoundingBytes()}).
 *
 * @param thresholdBytes largest accepted difference of a byte threshold (ECN min/max, PG
 *     xoff/xon/size); 0 = exact
 */
public record Tolerance(long thresholdBytes) {

  public static final Tolerance EXACT = new Tolerance(0);

  public Tolerance {
    if (thresholdBytes < 0) {
      throw new IllegalArgumentException(
          "thresholdBytes must not be negative, got " + thresholdBytes);
    }
  }

  /** The tolerance of the switch's ASIC profile; exact when it has none. */
  public static Tolerance of(CompiledSwitch intended) {
    Integer rounding = intended.thresholdRoundingBytes();
    return rounding == null ? EXACT : new Tolerance(rounding);
  }

  boolean sameBytes(long expected, long actual) {
    return Math.abs(expected - actual) <= thresholdBytes;
  }
}
