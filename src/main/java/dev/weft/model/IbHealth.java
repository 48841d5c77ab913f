package dev.weft.model;

/**
 * The InfiniBand port-counter thresholds ({@code subnet.health}), applied by {@code weft audit} to
 * what every switch and HCA port counted since the previous night (infiniband-diags {@code
 * perfquery}, IBTA PortCounters). Counters are cumulative, so every limit is on a delta.
 *
 * @param symbolErrors most symbol errors (SymbolErrorCounter: minor link errors the PHY corrected
 *     or not) a port may count per night; default 10
 * @param linkDowned most times a port's link may go down per night (LinkDownedCounter); default 0:
 *     every flow on the link stopped
 * @param linkErrorRecovery most link retrainings per night (LinkErrorRecoveryCounter); default 0
 * @param rcvErrors most packets a port may receive with an error per night (PortRcvErrors: bad CRC,
 *     malformed); default 0
 * @param xmitDiscards most packets a port may discard per night (PortXmitDiscards: a lossless
 *     fabric dropping for head-of-queue timeout or a link going down); default 0
 * @param xmitWaitPerSecond ceiling on the ticks a port had data to send and no credit to send it
 *     (PortXmitWait: congestion back-pressure), per second averaged over the night; default 100000
 * @param at where the block was written (or the subnet, when the defaults apply)
 */
public record IbHealth(
    long symbolErrors,
    long linkDowned,
    long linkErrorRecovery,
    long rcvErrors,
    long xmitDiscards,
    long xmitWaitPerSecond,
    Provenance at) {

  public static final long DEFAULT_SYMBOL_ERRORS = 10;
  public static final long DEFAULT_XMIT_WAIT_PER_SECOND = 100_000;

  /** The defaults, owned by {@code at} (the subnet block when no health block is written). */
  public static IbHealth defaults(Provenance at) {
    return new IbHealth(DEFAULT_SYMBOL_ERRORS, 0, 0, 0, 0, DEFAULT_XMIT_WAIT_PER_SECOND, at);
  }
}
