package dev.weft.adopt;

import dev.weft.drift.DriftRules;
import java.util.List;
import java.util.Map;

/**
 * The ids {@code weft import} reports besides the drift ids of its round trip, with the text {@code weft
 * explain} prints. Like drift's, they describe a command's result rather than a check of intent, so they
 * live in this small table instead of under {@code policies/}; docs/import.md says the same in prose.
 */
public final class ImportIds {

    /** A device file that is not a config Weft reads, too large, or that its platform's reader refuses. */
    public static final String UNREADABLE = "import-unreadable";
    /** A device setting the generated intent does not carry (outside Weft's model). */
    public static final String OUTSIDE_MODEL = "import-outside-model";
    /** A port or device value that differs from the fabric plan and is written as a reasoned exception. */
    public static final String EXCEPTION = "import-exception";
    /** Ports no link names: neither the config (port description, LLDP) nor the skeleton says where they go. */
    public static final String UNLINKED = "import-unlinked";
    /** A value no device config carries that import had to fill in (role, NIC and RoCE MTU, ...). */
    public static final String ASSUMED = "import-assumed";

    private static final List<DriftRules.Description> TABLE = List.of(
            new DriftRules.Description(UNREADABLE, "A device file could not be imported",
                    "Import reads each device's file with its platform pack's reader (found from the backup layout and"
                            + " the file's format); a file that is too large, in no format Weft reads, or that the reader"
                            + " refuses is reported with the reason and left out, and the other devices still import.",
                    "Check the file (the message names it and the reader's complaint), or remove it from the folder."),
            new DriftRules.Description(OUTSIDE_MODEL, "A device setting is outside Weft's model",
                    "The imported inventory renders only what Weft models; whatever else the device's config holds"
                            + " (routing, users, other features) is listed here rather than dropped silently, so the"
                            + " team knows what stays managed by other means.",
                    "Keep managing it elsewhere, or remove it from the device if it is stale."),
            new DriftRules.Description(EXCEPTION, "An imported value differs from the fabric plan",
                    "Import puts what most devices share into the fabric plan and profiles; each port that differs keeps"
                            + " its own value with reason 'imported; differs from the fabric plan', so every deviation of"
                            + " the running fabric is visible and reviewed instead of averaged away.",
                    "Review each exception: keep it (and write the real reason), or remove it and let the device"
                            + " follow the plan on the next deployment."),
            new DriftRules.Description(UNLINKED, "Ports with no known link",
                    "Links give cable lengths (PFC headroom) and the MTU and speed checks across each cable; a port"
                            + " whose config names no neighbour (description or LLDP) and that no skeleton link covers"
                            + " cannot be checked.",
                    "Add the links to the inventory (links.yaml), or give the ports descriptions naming their peer."),
            new DriftRules.Description(ASSUMED, "Import filled in a value no device config carries",
                    "Some intent is not in any switch config: a switch's role, the NIC and RoCE path MTU, the fabric's"
                            + " name. Without a skeleton inventory giving them, import writes a documented default and says so.",
                    "Check the value in the generated inventory and correct it, or pass --skeleton with the inventory"
                            + " the backup was taken with."));

    private ImportIds() {}

    /** Every import id, by id. */
    public static Map<String, DriftRules.Description> all() {
        return DriftRules.byId(TABLE);
    }
}
