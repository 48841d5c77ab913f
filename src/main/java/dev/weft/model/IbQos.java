package dev.weft.model;

import java.util.List;

/**
 * The subnet QoS plan: OpenSM's {@code qos_*} templates plus the qos-policy levels. Numbers are
 * kept as written (long) so rules can report out-of-range values at their line.
 *
 * @param maxVls data VLs in use (1..15), or null for OpenSM's default (15)
 * @param highLimit high-priority budget (0..255), or null for the default (0)
 * @param vlarbHigh VL arbitration high table; empty = OpenSM's default
 * @param vlarbLow VL arbitration low table; empty = OpenSM's default
 * @param sl2vl 16 VLs, one per SL; empty = OpenSM's default
 * @param sl2vlAt where each sl2vl entry was written (same order as {@code sl2vl})
 * @param levels qos-policy levels
 */
public record IbQos(
    boolean enabled,
    Long maxVls,
    Long highLimit,
    List<VlWeight> vlarbHigh,
    List<VlWeight> vlarbLow,
    List<Long> sl2vl,
    List<dev.weft.finding.Location> sl2vlAt,
    List<QosLevel> levels,
    Provenance at) {

  /** OpenSM's built-in {@code qos_max_vls}. */
  public static final int DEFAULT_MAX_VLS = 15;

  public IbQos {
    vlarbHigh = vlarbHigh == null ? List.of() : List.copyOf(vlarbHigh);
    vlarbLow = vlarbLow == null ? List.of() : List.copyOf(vlarbLow);
    sl2vl = sl2vl == null ? List.of() : List.copyOf(sl2vl);
    sl2vlAt = sl2vlAt == null ? List.of() : List.copyOf(sl2vlAt);
    levels = levels == null ? List.of() : List.copyOf(levels);
  }

  /** One {@code VL:weight} entry of a VL arbitration table. */
  public record VlWeight(long vl, long weight, Provenance at) {}

  /** One qos-policy level: a name and the SL it assigns. */
  public record QosLevel(String name, long sl, Provenance at) {}
}
