package dev.weft.compile;

/**
 * Weft's computed headroom for one speed and cable length beside a platform table's row for the
 * same key, and whether they agree within the documented margin (docs/hwsku-profiles.md, "Weft's
 * headroom beside SONiC's table").
 *
 * <p>The margin is {@code max(2048 B, 5 %)} of the table's value, for xon and for xoff each. Why
 * that much and no more: both sides round xoff and xon up to whole 1024 B units (one step each
 * way), and SONiC's Mellanox script takes the signal speed as 1.98e8 m/s and scales the cable term
 * by 1000/1024 where Weft uses 2e8 m/s and plain bytes (about 3.4 % of the cable term); every other
 * term is the same formula. A cell outside it is a difference in method, not in rounding. Size is
 * shown but not judged: a table with a shared headroom pool reserves only xon (its size equals its
 * xon), so its size is not comparable with Weft's reserved xoff + xon.
 *
 * @param row the platform's row
 * @param weft Weft's result for the same speed and cable (and the MTUs given)
 */
public record HeadroomComparison(HeadroomTable.Row row, HeadroomResult weft) {

  /** The smallest difference allowed, bytes: one 1024 B rounding step on each side. */
  public static final long MARGIN_BYTES = 2048;

  /** The relative difference allowed, percent of the table's value. */
  public static final int MARGIN_PERCENT = 5;

  /** The margin in words, for docs and output. */
  public static final String MARGIN =
      "max(" + MARGIN_BYTES + " B, " + MARGIN_PERCENT + " % of the table's value)";

  public long xonDifference() {
    return weft.xon() - row.xon();
  }

  public long xoffDifference() {
    return weft.xoff() - row.xoff();
  }

  public long sizeDifference() {
    return weft.size() - row.size();
  }

  /**
   * True when the table reserves only xon per PG (size equals xon): its xoff is carved from a
   * shared headroom pool, so it is an over-subscribed share, not the worst case per port.
   */
  public boolean sharedHeadroomPool() {
    return row.size() == row.xon();
  }

  public boolean xonWithinMargin() {
    return within(weft.xon(), row.xon());
  }

  public boolean xoffWithinMargin() {
    return within(weft.xoff(), row.xoff());
  }

  /** Both xon and xoff agree within {@link #MARGIN}. */
  public boolean withinMargin() {
    return xonWithinMargin() && xoffWithinMargin();
  }

  /** The bytes of difference allowed against {@code tableValue}. */
  public static long allowed(long tableValue) {
    long percent = (Math.abs(tableValue) * MARGIN_PERCENT + 99) / 100;
    return Math.max(MARGIN_BYTES, percent);
  }

  private static boolean within(long weftValue, long tableValue) {
    return Math.abs(weftValue - tableValue) <= allowed(tableValue);
  }

  /** {@code +1024 (+5.3 %)}: a signed difference and its share of the table's value. */
  public static String signed(long difference, long tableValue) {
    String bytes = (difference > 0 ? "+" : "") + difference;
    if (tableValue == 0 || difference == 0) {
      return bytes;
    }
    java.math.BigDecimal pct =
        java.math.BigDecimal.valueOf(difference * 1000L)
            .divide(java.math.BigDecimal.valueOf(tableValue), 0, java.math.RoundingMode.HALF_UP)
            .movePointLeft(1);
    return bytes + " (" + (difference > 0 ? "+" : "") + pct.toPlainString() + " %)";
  }
}
