package dev.weft.platform;

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

    /** How a running device of this platform is read, or empty when it cannot be audited. */
    default Optional<LiveProfile> live() {
        return Optional.empty();
    }
}
