package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One part of the plan a platform cannot express for a switch: the feature it belongs to and why,
 * e.g. {@code WATCHDOG, "SR Linux's deadlock detection has no poll-interval setting"}.
 *
 * <p>A gap that depends on the switch's own values (a timer the model cannot hold, a hash field it
 * cannot select) is a {@code render-gap} warning on that switch, at the intent line that owns the
 * feature: changing the values removes it. A limit of the platform itself ({@code platformWide}: it
 * holds for every switch of the platform that uses the feature, whatever its values, e.g. EOS
 * sizing PFC headroom itself) is one {@code render-gap} note per platform instead ({@link
 * RenderGaps}): repeating it on every switch would bury the warnings a user can act on.
 *
 * @param platformWide true when the platform can never express it, whatever the switch's values
 */
public record RenderGap(Feature feature, String reason, boolean platformWide) {
  public RenderGap {
    Objects.requireNonNull(feature, "feature");
    Objects.requireNonNull(reason, "reason");
  }

  /** A gap that follows from the switch's own values. */
  public RenderGap(Feature feature, String reason) {
    this(feature, reason, false);
  }

  /** A limit of the platform: every switch of it that uses {@code feature} has it. */
  public static RenderGap ofPlatform(Feature feature, String reason) {
    return new RenderGap(feature, reason, true);
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

  /**
   * The gap of a platform whose PFC watchdog action is switch-wide: the ports whose intent
   * exception sets another action than the switch's.
   *
   * @param setting what the platform has instead, e.g. {@code "one switch-wide action"}
   */
  public static Optional<RenderGap> portWatchdogActions(CompiledSwitch sw, String setting) {
    if (sw.watchdog() == null || !sw.watchdog().enabled()) {
      return Optional.empty();
    }
    String all = sw.watchdog().action();
    List<String> own =
        sw.ports().stream()
            .filter(p -> p.watchdog() && p.watchdogAction() != null)
            .filter(p -> !p.watchdogAction().equals(all))
            .map(p -> p.name() + " " + p.watchdogAction())
            .toList();
    return own.isEmpty()
        ? Optional.empty()
        : Optional.of(
            new RenderGap(
                Feature.WATCHDOG,
                setting
                    + ": the ports' own watchdog actions ("
                    + String.join(", ", own)
                    + ") are written as "
                    + all));
  }

  /**
   * The gap of a platform whose WRED-ECN always drops packets that are not ECN-capable: the
   * profiles that keep them (intent {@code ecn.non-ect: keep}, the default).
   *
   * @param setting what the platform's model has, e.g. {@code "wred-slope has no non-ECT setting"}
   */
  public static Optional<RenderGap> nonEctKept(CompiledSwitch sw, String setting) {
    List<String> kept =
        sw.ecnProfiles().stream().filter(e -> !e.dropNonEct()).map(e -> e.name()).toList();
    return kept.isEmpty()
        ? Optional.empty()
        : Optional.of(
            RenderGap.ofPlatform(
                Feature.ECN,
                setting
                    + ": ECN profile"
                    + (kept.size() == 1 ? " " : "s ")
                    + String.join(", ", kept)
                    + " drop non-ECT packets between the thresholds instead of keeping them"
                    + " (ecn.non-ect: keep)"));
  }

  /** The gaps of {@code gaps} (feature → reason) that the switch uses, in feature order. */
  public static List<RenderGap> usedBy(CompiledSwitch sw, java.util.Map<Feature, String> gaps) {
    return usedBy(sw, gaps, java.util.Set.of());
  }

  /**
   * The gaps of {@code gaps} (feature → reason) that the switch uses, in feature order, those of
   * {@code platformWide} marked as limits of the platform.
   */
  public static List<RenderGap> usedBy(
      CompiledSwitch sw, java.util.Map<Feature, String> gaps, java.util.Set<Feature> platformWide) {
    return new java.util.TreeMap<>(gaps)
        .entrySet().stream()
            .filter(e -> e.getKey().usedBy(sw))
            .map(e -> new RenderGap(e.getKey(), e.getValue(), platformWide.contains(e.getKey())))
            .toList();
  }
}
