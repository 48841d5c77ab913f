package dev.weft.platform;

import java.util.Objects;

/**
 * One part of the plan a platform cannot express for a switch: the feature it belongs to and why, e.g.
 * {@code WATCHDOG, "SR Linux's deadlock detection has no poll-interval setting"}. Reported as a
 * {@code render-gap} warning at the intent line that owns the feature.
 */
public record RenderGap(Feature feature, String reason) {
    public RenderGap {
        Objects.requireNonNull(feature, "feature");
        Objects.requireNonNull(reason, "reason");
    }
}
