package dev.weft.compile;

/**
 * The buffer knobs of a switch's lossless priority groups that the intent sets ({@code fabric.pfc})
 * or a device serves. Null parts are unset: the platform's defaults apply.
 *
 * @param dynamicTh the lossless PGs' dynamic threshold as the base-2 exponent of alpha (alpha =
 *     2^n: a PG may hold alpha times the free shared buffer before it sends XOFF); SONiC's {@code
 *     dynamic_th}, OpenConfig's {@code dynamic-limit-scaling-factor}
 * @param headroomOverSubscription the declared shared-headroom-pool ratio N (N:1); no device keeps
 *     it, only the pool it sizes
 * @param sharedHeadroomPoolBytes the shared headroom pool: the summed xoff of the switch's lossless
 *     PGs divided by the ratio, rounded up (SONiC {@code BUFFER_POOL|ingress_lossless_pool.xoff});
 *     with it each PG reserves only its xon
 */
public record LosslessBuffer(
    Integer dynamicTh, Integer headroomOverSubscription, Long sharedHeadroomPoolBytes) {

  /**
   * SONiC's {@code DEFAULT_LOSSLESS_BUFFER_PARAMETER.default_dynamic_th}: the alpha exponent when
   * none is set.
   */
  public static final int DEFAULT_DYNAMIC_TH = 0;

  /** The knobs, or null when none is set (so a plan without them compiles as before). */
  public static LosslessBuffer of(Integer dynamicTh, Integer ratio, Long pool) {
    return dynamicTh == null && ratio == null && pool == null
        ? null
        : new LosslessBuffer(dynamicTh, ratio, pool);
  }

  /** The alpha exponent of {@code buffer} ({@code null} allowed), else the default. */
  public static int dynamicThOf(LosslessBuffer buffer) {
    return buffer == null || buffer.dynamicTh() == null ? DEFAULT_DYNAMIC_TH : buffer.dynamicTh();
  }

  /** The shared headroom pool of {@code buffer} ({@code null} allowed) in bytes, or 0 without. */
  public static long sharedHeadroomOf(LosslessBuffer buffer) {
    return buffer == null || buffer.sharedHeadroomPoolBytes() == null
        ? 0
        : buffer.sharedHeadroomPoolBytes();
  }
}
