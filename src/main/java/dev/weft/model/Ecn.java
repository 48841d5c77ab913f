package dev.weft.model;

import dev.weft.units.Size;
import dev.weft.units.Speed;
import java.util.List;
import java.util.Locale;

/**
 * WRED-ECN marking thresholds; probability in percent (default 100).
 *
 * @param bySpeed thresholds for ports of one speed, which replace {@code min}, {@code max} and
 *     {@code probability} on those ports ({@code by-speed: { 800G: { min: 300KB, max: 3MB } }})
 * @param nonEct what WRED does between the thresholds with packets that are not ECN-capable ({@code
 *     non-ect}, default {@link NonEct#KEEP}); the class's {@code by-speed} profiles follow it
 */
public record Ecn(
    Size min, Size max, int probability, Provenance at, List<BySpeed> bySpeed, NonEct nonEct) {

  public Ecn {
    bySpeed = bySpeed == null ? List.of() : List.copyOf(bySpeed);
    nonEct = nonEct == null ? NonEct.KEEP : nonEct;
  }

  public Ecn(Size min, Size max, int probability, Provenance at, List<BySpeed> bySpeed) {
    this(min, max, probability, at, bySpeed, NonEct.KEEP);
  }

  public Ecn(Size min, Size max, int probability, Provenance at) {
    this(min, max, probability, at, List.of(), NonEct.KEEP);
  }

  /**
   * What WRED does with a packet that is not ECN-capable (ECN field 00) where it would mark an
   * ECN-capable one. KEEP is the default: NVIDIA's RoCE profile marks with RED off, and a lossless
   * queue that drops non-ECT packets is catalogue row SW-009 (rule {@code wred-drop-lossless}).
   */
  public enum NonEct {
    /** Non-ECT packets are not dropped by WRED (only the tail drops them). */
    KEEP,
    /** Non-ECT packets are dropped with the marking probability (RFC 3168's default). */
    DROP;

    /** The word written in intent ({@code keep}, {@code drop}). */
    public String word() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The value for {@code word}, or null for anything else. */
    public static NonEct of(String word) {
      for (NonEct n : values()) {
        if (n.word().equals(word)) {
          return n;
        }
      }
      return null;
    }
  }

  /** The thresholds for one port speed. */
  public record BySpeed(Speed speed, Size min, Size max, int probability, Provenance at) {}

  /**
   * The entry for ports of {@code speed}, or null when the class marks them with its own
   * thresholds.
   */
  public BySpeed forSpeed(Speed speed) {
    for (BySpeed b : bySpeed) {
      if (b.speed().equals(speed)) {
        return b;
      }
    }
    return null;
  }
}
