package dev.weft.model;

/**
 * The fabric's health thresholds ({@code fabric.health}), applied by {@code weft audit} to the
 * counters each device moved since the previous night. Counters are cumulative, so every limit is
 * on a delta.
 *
 * @param losslessDrops most packets a lossless queue may drop per night (default 0: a lossless
 *     queue that drops is the failure PFC exists to prevent, domain F4/F17)
 * @param watchdogStorms most PFC watchdog storms a queue may see per night (default 0: a storm
 *     means a peer paused a queue past the detection time, domain F3/F13)
 * @param pauseFramesPerSecond ceiling on the PFC pause frames a port sends or receives per second
 *     on one priority, averaged over the night (sustained PAUSE from one port, domain F5)
 * @param cnpRequired on a {@code dcqcn} fabric whose lossless queues carried RoCE, the CNP queue
 *     must have carried CNPs (domain F9); default true
 * @param minRocePackets packets a device's lossless queues must carry per night before missing CNPs
 *     count
 * @param at where the block was written (or the fabric, when the defaults apply)
 */
public record Health(
    long losslessDrops,
    long watchdogStorms,
    long pauseFramesPerSecond,
    boolean cnpRequired,
    long minRocePackets,
    Provenance at) {

  public static final long DEFAULT_PAUSE_FRAMES_PER_SECOND = 1000;
  public static final long DEFAULT_MIN_ROCE_PACKETS = 1_000_000;

  /** The defaults, owned by {@code at} (the fabric block when no health block is written). */
  public static Health defaults(Provenance at) {
    return new Health(0, 0, DEFAULT_PAUSE_FRAMES_PER_SECOND, true, DEFAULT_MIN_ROCE_PACKETS, at);
  }
}
