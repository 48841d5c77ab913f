package dev.weft.compile;

/**
 * One egress queue: its scheduler and WRED-ECN binding.
 *
 * @param queue 0..7
 * @param trafficClass the intent traffic class that owns the queue, or null (read back from a
 *     device)
 * @param scheduler {@code strict} or {@code dwrr}
 * @param weight DWRR weight 1..100; null for strict
 * @param ecnProfile name of an {@link EcnProfile} of the same switch, or null when the queue does
 *     not mark
 * @param lossless true when the queue carries a PFC (lossless) priority
 */
public record CompiledQueue(
    int queue,
    String trafficClass,
    String scheduler,
    Integer weight,
    String ecnProfile,
    boolean lossless) {

  public static final String STRICT = "strict";
  public static final String DWRR = "dwrr";

  /**
   * This queue with {@code lossless} as given (a reader learns it from the lossless priorities).
   */
  public CompiledQueue withLossless(boolean lossless) {
    return new CompiledQueue(queue, trafficClass, scheduler, weight, ecnProfile, lossless);
  }
}
