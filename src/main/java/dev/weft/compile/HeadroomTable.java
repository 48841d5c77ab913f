package dev.weft.compile;

import dev.weft.finding.Location;
import java.util.List;
import java.util.Optional;

/**
 * A platform's own table of lossless PG headroom by port speed and cable length, as the platform
 * keeps it (SONiC: a HWSKU's {@code pg_profile_lookup.ini}, read by the SONiC pack). Kept here, in
 * vendor-neutral terms, so {@code weft explain-headroom} can set Weft's computed value beside it
 * without the compiler knowing any platform.
 *
 * @param title what the table is, e.g. {@code SONiC's pg_profile_lookup.ini of
 *     Mellanox-SN5600-O128}
 * @param source where the table was read from, for messages ({@code classpath:...} or the user's
 *     file)
 * @param lookup how the platform finds a port's row and what a missing row means on the device, one
 *     sentence
 * @param rows the rows in file order
 */
public record HeadroomTable(String title, String source, String lookup, List<Row> rows) {

  public HeadroomTable {
    rows = List.copyOf(rows);
  }

  /**
   * One row.
   *
   * @param speedMbps the port speed the row is for, Mb/s (the platform's key, exact)
   * @param cable the cable length as the platform spells its key, e.g. {@code 40m}
   * @param cableMetres the same length in metres
   * @param size the reserved size, bytes
   * @param xon xon, bytes
   * @param xoff xoff, bytes
   * @param dynamicTh the dynamic threshold (alpha exponent) the platform gives the profile
   * @param line the row's 1-based line in {@link #source()}
   */
  public record Row(
      long speedMbps,
      String cable,
      long cableMetres,
      long size,
      long xon,
      long xoff,
      int dynamicTh,
      int line) {}

  /**
   * The row for exactly this speed and cable length, as the platform looks it up (no nearest match:
   * on SONiC a key the table lacks gives the port no lossless profile, see {@link #lookup()}).
   */
  public Optional<Row> row(long speedMbps, long cableMetres) {
    return rows.stream()
        .filter(r -> r.speedMbps() == speedMbps && r.cableMetres() == cableMetres)
        .findFirst();
  }

  /** The cable keys the table has for {@code speedMbps}, in file order, for messages. */
  public List<String> cablesAt(long speedMbps) {
    return rows.stream().filter(r -> r.speedMbps() == speedMbps).map(Row::cable).toList();
  }

  /** The speeds the table has, ascending, distinct. */
  public List<Long> speeds() {
    return rows.stream().map(Row::speedMbps).distinct().sorted().toList();
  }

  /**
   * A table file that exists but cannot be used: where (file, line, column), what was expected and
   * what was found.
   */
  public static final class InvalidException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Location where;
    private final String reason;
    private final String expected;
    private final String found;

    public InvalidException(Location where, String message, String expected, String found) {
      super(where + ": " + message);
      this.where = where;
      this.reason = message;
      this.expected = expected;
      this.found = found;
    }

    public Location where() {
      return where;
    }

    /** The problem without its location. */
    public String reason() {
      return reason;
    }

    /** What the reader expected there, or null. */
    public String expected() {
      return expected;
    }

    /** What it found, or null. */
    public String found() {
      return found;
    }
  }
}
