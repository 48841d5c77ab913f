package dev.weft.platform.junos;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The units of Juniper's class-of-service model and how Weft's exact values map onto them. The
 * template ({@code templates/junos/config.xml.j2}) writes the same arithmetic; the reader and
 * {@link JunosPack#normalise} invert it, so a rendered config reads back as the intent.
 *
 * <ul>
 *   <li>Drop-profile fill levels are percent of the queue's buffer. The intent's ECN thresholds are
 *       bytes; Weft writes them as percent of {@link #ECN_REFERENCE_BYTES}, the queue-buffer size
 *       this pack assumes, which keeps every byte value exact (bytes / 100,000, at most five
 *       decimals).
 *   <li>PFC accounts ({@code pfc-account xon/xoff}) are whole microseconds at the port speed: Weft
 *       rounds a headroom in bytes up to the next microsecond, so the device never gets less than
 *       the intent.
 *   <li>The watchdog's detection is a number of poll periods: rounded up from the intent's
 *       milliseconds.
 * </ul>
 */
public final class JunosUnits {

  /** The queue buffer ECN fill levels are percent of (10 MB: 1% = 100,000 bytes). */
  public static final long ECN_REFERENCE_BYTES = 10_000_000L;

  private JunosUnits() {}

  /** A byte threshold as the fill level Weft writes: percent of the reference buffer, exact. */
  public static BigDecimal fillLevel(long bytes) {
    return BigDecimal.valueOf(bytes)
        .multiply(BigDecimal.valueOf(100))
        .divide(BigDecimal.valueOf(ECN_REFERENCE_BYTES), 5, RoundingMode.UNNECESSARY);
  }

  /**
   * A fill level (percent, any scale: {@code 1.536000000}) back in bytes of the reference buffer,
   * to the byte.
   */
  public static long bytesOfFillLevel(BigDecimal percent) {
    return percent
        .multiply(BigDecimal.valueOf(ECN_REFERENCE_BYTES))
        .divide(BigDecimal.valueOf(100), 0, RoundingMode.HALF_UP)
        .longValueExact();
  }

  /** Bytes as whole microseconds at {@code gbps}, rounded up. */
  public static long micros(long bytes, int gbps) {
    long perMicro = bytesPerMicro(gbps);
    return (bytes + perMicro - 1) / perMicro;
  }

  /** Whole microseconds at {@code gbps} in bytes. */
  public static long bytesOfMicros(long micros, int gbps) {
    return micros * bytesPerMicro(gbps);
  }

  /** The watchdog detection as poll periods, rounded up. */
  public static long detectionPolls(long detectionMs, long pollMs) {
    return (detectionMs + pollMs - 1) / pollMs;
  }

  private static long bytesPerMicro(int gbps) {
    return gbps * 125L; // gbps * 1e9 / 8 bytes per second = gbps * 125 bytes per microsecond
  }
}
