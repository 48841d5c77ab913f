package dev.weft.platform;

import dev.weft.compile.NaturalOrder;
import java.util.Comparator;
import java.util.Objects;

/**
 * A part of a switch's config that drifted and a remediation may bring back to intent: one feature,
 * either switch-wide ({@code port} null: the DSCP map, a scheduler policy, the lossless set of the
 * whole switch) or on one port (that port's MTU, PFC, headroom...). A port the intent does not have
 * is still a part when the device's copy of it changes the plan (PFC on an unmanaged port).
 */
public record DriftedPart(Feature feature, String port) implements Comparable<DriftedPart> {

  private static final Comparator<DriftedPart> ORDER =
      Comparator.comparing(DriftedPart::feature)
          .thenComparing(p -> p.port() == null ? "" : p.port(), NaturalOrder.INSTANCE);

  public DriftedPart {
    Objects.requireNonNull(feature, "feature");
  }

  public static DriftedPart switchWide(Feature feature) {
    return new DriftedPart(feature, null);
  }

  /** {@code mtu Ethernet8}, or {@code scheduler} for a switch-wide part. */
  public String label() {
    return port == null ? feature.word() : feature.word() + " " + port;
  }

  @Override
  public int compareTo(DriftedPart other) {
    return ORDER.compare(this, other);
  }
}
