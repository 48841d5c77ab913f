package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One part of the plan a platform cannot express for a switch: the feature it belongs to and why,
 * e.g. {@code WATCHDOG, "SR Linux's deadlock detection has no poll-interval setting"}. Reported as
 * a {@code render-gap} warning at the intent line that owns the feature.
 */
public record RenderGap(Feature feature, String reason) {
  public RenderGap {
    Objects.requireNonNull(feature, "feature");
    Objects.requireNonNull(reason, "reason");
  }

  /**
   * The gap of the switch's ECMP hash fields that {@code setting} (the vendor's hash setting)
   * cannot select.
   */
  public static Optional<RenderGap> hashFields(
      CompiledSwitch sw, Collection<String> selectable, String setting) {
    List<String> lost = sw.ecmpHashFields().stream().filter(f -> !selectable.contains(f)).toList();
    return lost.isEmpty()
        ? Optional.empty()
        : Optional.of(
            new RenderGap(Feature.HASH, setting + " cannot select " + String.join(", ", lost)));
  }

  /** The gaps of {@code gaps} (feature → reason) that the switch uses, in feature order. */
  public static List<RenderGap> usedBy(CompiledSwitch sw, java.util.Map<Feature, String> gaps) {
    return new java.util.TreeMap<>(gaps)
        .entrySet().stream()
            .filter(e -> e.getKey().usedBy(sw))
            .map(e -> new RenderGap(e.getKey(), e.getValue()))
            .toList();
  }
}
