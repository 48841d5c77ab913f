package dev.weft.units;

import java.math.BigDecimal;
import java.util.Map;

/** A buffer size in bytes. Accepts B, KB (1000), MB (10^6), KiB (1024), MiB (2^20); never cells. */
public record Size(long bytes) implements Comparable<Size> {

  /** Larger values are refused before any arithmetic (docs/limits.md). */
  private static final Quantity.Range RANGE =
      new Quantity.Range(1L << 40, "1099511627776 bytes (1 TiB)");

  private static final Map<String, BigDecimal> UNITS =
      Map.of(
          "",
          BigDecimal.ONE,
          "B",
          BigDecimal.ONE,
          "KB",
          BigDecimal.valueOf(1000),
          "MB",
          BigDecimal.valueOf(1_000_000),
          "KiB",
          BigDecimal.valueOf(1024),
          "MiB",
          BigDecimal.valueOf(1L << 20));

  /**
   * Parses a written value outside a run (command-line options, policies): the fast path on,
   * uncounted.
   */
  public static Size parse(Object raw) {
    return parse(raw, null);
  }

  /** Parses a written value with the run's fast-path switch and counters ({@code WEFT_FAST}). */
  public static Size parse(Object raw, dev.weft.accel.Accelerators accelerators) {
    if (raw instanceof String s && s.endsWith("cells")) {
      throw new UnitException(
          "size in cells depends on the ASIC; write bytes (B, KB, MB, KiB, MiB), found '"
              + s
              + "'");
    }
    return new Size(Quantity.parse("size", raw, UNITS, "B, KB, MB, KiB, MiB", RANGE, accelerators));
  }

  @Override
  public int compareTo(Size o) {
    return Long.compare(bytes, o.bytes);
  }

  @Override
  public String toString() {
    return bytes + "B";
  }
}
