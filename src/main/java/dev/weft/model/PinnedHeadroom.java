package dev.weft.model;

import dev.weft.units.Size;
import java.util.Objects;

/**
 * A PFC headroom written by hand ({@code headroom: { xoff: 160KB }}), or imported from a device
 * whose configuration holds its own values: each lossless priority group of the port reserves these
 * instead of the computed ones.
 *
 * @param xoff the headroom above the pause threshold
 * @param xon the pipeline allowance below it, or null for the ASIC profile's (computed)
 * @param size the priority group's reserved size, or null for xoff + xon. Vendors give it different
 *     meanings (Spectrum reserves xoff + xon in it; Broadcom's traditional profiles hold only the
 *     guaranteed minimum there, xoff coming from the shared headroom pool), so a device's own value
 *     is kept as written rather than derived
 */
public record PinnedHeadroom(Size xoff, Size xon, Size size) {

  public PinnedHeadroom {
    Objects.requireNonNull(xoff, "xoff");
  }

  /** Only the xoff pinned: xon and size follow the ASIC profile. */
  public static PinnedHeadroom xoffOnly(Size xoff) {
    return xoff == null ? null : new PinnedHeadroom(xoff, null, null);
  }
}
