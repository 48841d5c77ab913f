package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code render-gap} findings of one switch: each part of the plan the intent uses that the switch's
 * platform cannot express (its pack's {@link PlatformPack#renderGaps()}), located at the intent line that
 * asks for it. A gap is a warning: the rest of the plan renders, and nothing is carried only as a comment.
 */
public final class RenderGaps {

    /** The id of every finding made here. */
    public static final String RULE = "render-gap";

    private RenderGaps() {}

    public static List<Finding> of(CompiledSwitch sw, PlatformPack pack) {
        Map<Feature, String> gaps = pack.renderGaps();
        if (gaps.isEmpty()) {
            return List.of();
        }
        List<Finding> out = new ArrayList<>();
        gaps.forEach((feature, reason) -> {
            if (feature.usedBy(sw)) {
                out.add(Finding.of(RULE, Severity.WARNING, sw.name() + ": platform " + pack.id() + " cannot express "
                                + feature.word() + " (" + reason + "); that part of the plan is not in the rendered config")
                        .at(owner(sw, feature)).onDevice(sw.name()));
            }
        });
        return out;
    }

    /** The intent line that asks {@code sw} for {@code feature}, else the switch's platform line. */
    public static Location owner(CompiledSwitch sw, Feature feature) {
        String key = switch (feature) {
            case CLASSIFICATION -> "dscp_to_priority";
            case PFC -> "lossless_priorities";
            case ECN -> "ecn_profiles";
            case SCHEDULER -> "queues";
            case WATCHDOG -> "watchdog";
            case BUFFERS, MTU -> "ports";
            case HASH -> "ecmp_hash_fields";
        };
        Location at = sw.provenance().get(key);
        return at != null ? at : sw.provenance().get("platform");
    }
}
