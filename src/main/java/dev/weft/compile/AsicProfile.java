package dev.weft.compile;

import java.math.BigDecimal;

/**
 * The per-ASIC constants of the headroom formula, loaded from a versioned data file ({@code
 * dev/weft/compile/asic/<asic>.properties}), never from Java constants.
 *
 * @param asic the {@code asic} value it is for, e.g. {@code spectrum-4}
 * @param version the file's {@code profile-version}
 * @param source where it was loaded from ({@code classpath:...} or a file path), for messages
 * @param cellSizeBytes buffer cell size
 * @param macPhyDelayBytes bytes held in the MAC/PHY when XOFF is generated (may be fractional: 0.8
 *     KiB)
 * @param pipelineLatencyBytes the xon
 * @param peerResponseBytes SONiC's fallback peer response (shown by the explainer, not used: see
 *     {@link Headroom})
 * @param smallPacketPercentage share of small packets assumed for the cell-occupancy factor, 0..100
 * @param bufferBytes the ASIC's whole shared packet buffer, or null when the profile does not say
 * @param ingressLosslessPoolBytes the shared ingress pool lossless PGs draw from, or null
 * @param losslessDynamicTh the dynamic-threshold exponent of lossless PGs (alpha = 2^th), or null
 * @param maxPortSpeedGbps the fastest port mode the ASIC's platforms offer, or null
 */
public record AsicProfile(
    String asic,
    String version,
    String source,
    long cellSizeBytes,
    BigDecimal macPhyDelayBytes,
    BigDecimal pipelineLatencyBytes,
    BigDecimal peerResponseBytes,
    int smallPacketPercentage,
    Long bufferBytes,
    Long ingressLosslessPoolBytes,
    Integer losslessDynamicTh,
    Long maxPortSpeedGbps) {

  /** A profile with the headroom constants only (no buffer sizes, no speed limit). */
  public AsicProfile(
      String asic,
      String version,
      String source,
      long cellSizeBytes,
      BigDecimal macPhyDelayBytes,
      BigDecimal pipelineLatencyBytes,
      BigDecimal peerResponseBytes,
      int smallPacketPercentage) {
    this(
        asic,
        version,
        source,
        cellSizeBytes,
        macPhyDelayBytes,
        pipelineLatencyBytes,
        peerResponseBytes,
        smallPacketPercentage,
        null,
        null,
        null,
        null);
  }

  /**
   * The granularity the ASIC rounds buffer thresholds to, which drift must tolerate. Derived from
   * the cell size: thresholds are programmed in whole cells, so a read-back value may differ by up
   * to one cell.
   */
  public long thresholdRoundingBytes() {
    return cellSizeBytes;
  }
}
