package dev.weft.model;

import dev.weft.units.Size;
import dev.weft.units.Speed;
import java.util.List;

/**
 * WRED-ECN marking thresholds; probability in percent (default 100).
 *
 * @param bySpeed thresholds for ports of one speed, which replace {@code min}, {@code max} and
 *     {@code probability} on those ports ({@code by-speed: { 800G: { min: 300KB, max: 3MB } }})
 */
public record Ecn(Size min, Size max, int probability, Provenance at, List<BySpeed> bySpeed) {

  public Ecn {
    bySpeed = bySpeed == null ? List.of() : List.copyOf(bySpeed);
  }

  public Ecn(Size min, Size max, int probability, Provenance at) {
    this(min, max, probability, at, List.of());
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
