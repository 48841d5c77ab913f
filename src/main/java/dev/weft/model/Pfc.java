package dev.weft.model;

/**
 * PFC settings: the watchdog, 802.3x link pause, and the lossless priority groups' buffer knobs.
 *
 * @param dynamicThreshold the lossless PGs' buffer alpha as its base-2 exponent ({@code
 *     dynamic-threshold}, alpha = 2^n), or null when not written (SONiC's default 0 applies)
 * @param headroomOverSubscription the shared headroom pool's over-subscription ratio N (N:1), or
 *     null when not written: headroom is then reserved per PG
 */
public record Pfc(
    Watchdog watchdog,
    boolean linkPause,
    Provenance at,
    Integer dynamicThreshold,
    Integer headroomOverSubscription) {

  /** PFC without buffer knobs (the form before they existed). */
  public Pfc(Watchdog watchdog, boolean linkPause, Provenance at) {
    this(watchdog, linkPause, at, null, null);
  }
}
