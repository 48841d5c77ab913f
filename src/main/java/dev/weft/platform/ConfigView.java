package dev.weft.platform;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How a pack lays a device's running config (as read, in the platform's own format) beside what its templates
 * render, so that the audit can show a drifted device's config diff: which rendered file, in which syntax, and
 * which parts of it hold each feature. Only what Weft renders is shown: the running config is cut to the
 * rendered file's trees, so a device's users, password hashes or SNMP communities never reach the diff.
 *
 * @param renderedFile the rendered file the running config is compared with, e.g. {@code config_db.json}
 * @param syntax       how both sides are parsed and written for the diff
 * @param depth        JSON: how many levels of keys are cut to the rendered file's keys (SONiC: 2, table and
 *                     entry; below that the device's entry is shown whole)
 * @param parts        the top-level keys (JSON tables) holding each feature; a feature absent here, or an empty
 *                     map, means the pack cannot cut it per feature and the diff covers every rendered tree
 */
public record ConfigView(String renderedFile, Syntax syntax, int depth, Map<Feature, List<String>> parts) {

    /** How a config is read and written for the diff. */
    public enum Syntax {
        /** A JSON object (SONiC's CONFIG_DB): both sides written canonically (sorted keys, four-space indent). */
        JSON,
        /**
         * A NETCONF {@code <config>} (rendered) and {@code <data>} (the reply): the top-level trees of both,
         * pretty-printed as the backup prints them.
         */
        XML
    }

    public ConfigView {
        Objects.requireNonNull(renderedFile, "renderedFile");
        Objects.requireNonNull(syntax, "syntax");
        if (depth < 1) {
            throw new IllegalArgumentException("depth must be at least 1, found " + depth);
        }
        Map<Feature, List<String>> copy = new TreeMap<>();
        parts.forEach((f, keys) -> copy.put(f, List.copyOf(keys)));
        parts = java.util.Collections.unmodifiableMap(copy);
    }

    /** A NETCONF pack's view: its {@code config.xml}, whole (the vendor trees are not cut per feature). */
    public static ConfigView netconf() {
        return new ConfigView("config.xml", Syntax.XML, 1, Map.of());
    }
}
