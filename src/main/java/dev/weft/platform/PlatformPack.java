package dev.weft.platform;

import dev.weft.compile.CompiledSwitch;
import java.util.ArrayList;
import dev.weft.finding.Finding;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything Weft knows about one platform, in one place: its id (the {@code platform} value of the
 * intent), what kind of device it configures, the template folder it renders with, what it cannot
 * express, and how a running device of this platform is read back ({@link LiveProfile}).
 *
 * <p>A platform is one pack: a package {@code dev.weft.platform.<id>} with one class implementing this
 * interface (listed in {@code META-INF/services/dev.weft.platform.PlatformPack}), its templates under
 * {@code templates/<id>/}, its live reader, and, for NETCONF platforms, its vendor models under
 * {@code yang/vendor/} and the lab recipe that loads them. The intent schema's platform list and the
 * live registry follow from the packs, so adding one edits no list elsewhere.
 */
public interface PlatformPack {

    /** The intent's {@code platform} value, e.g. {@code sonic}; lower case, digits and '-'. */
    String id();

    /** One line for docs and messages, e.g. {@code SONiC (community), CONFIG_DB JSON}. */
    String title();

    DeviceKind kind();

    /** The folder under {@code templates/} this platform renders with. */
    default String templateFolder() {
        return id();
    }

    /**
     * Parts of the plan the platform's rendered config cannot carry, each with the reason: the renderer
     * reports each one that the intent uses as a {@code render-gap} finding, never silently.
     */
    default Map<Feature, String> renderGaps() {
        return Map.of();
    }

    /**
     * What this switch's rendered config cannot carry: {@link #renderGaps()} for the features the switch
     * uses, plus value-level gaps a pack adds by overriding (a watchdog action the vendor model has no
     * enumeration for, a hash field it cannot select). In feature order.
     */
    default List<RenderGap> renderGaps(CompiledSwitch sw) {
        List<RenderGap> out = new ArrayList<>();
        renderGaps().forEach((feature, reason) -> {
            if (feature.usedBy(sw)) {
                out.add(new RenderGap(feature, reason));
            }
        });
        out.sort((a, b) -> a.feature().compareTo(b.feature()));
        return out;
    }

    /**
     * What this platform needs from a switch before its files can be rendered and loaded, checked against
     * the platform's own facts (SONiC: the HWSKU profile's ports, ASIC and buffer pools). An error stops the
     * switch's render ({@code render-error}); a warning says the rendered file is incomplete. {@code weft
     * validate} reports both.
     */
    default List<Finding> renderChecks(CompiledSwitch sw) {
        return List.of();
    }

    /**
     * Platform facts the switch's templates need beyond the compiled switch (SONiC: the HWSKU's port lanes and
     * buffer pools; the platform's spelling of the ECMP hash fields), as plain template values (maps, lists,
     * strings, numbers) under keys that do not clash with the compiled switch's.
     */
    default Map<String, Object> templateData(CompiledSwitch sw) {
        return Map.of();
    }

    /** How a running device of this platform is read, or empty when it cannot be audited. */
    default Optional<LiveProfile> live() {
        return Optional.empty();
    }

    /**
     * How a device of this platform lists its LLDP neighbours in the session the audit opens, or empty when Weft
     * reads none from it (the cabling audit then says the neighbours are not served).
     */
    default Optional<NeighbourReader> neighbours() {
        return Optional.empty();
    }
}
