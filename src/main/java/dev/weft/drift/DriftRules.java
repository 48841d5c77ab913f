package dev.weft.drift;

import dev.weft.live.LiveReader;
import dev.weft.platform.Feature;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The ids drift reports, with the text SARIF and {@code weft explain}-style output need. Drift ids are not
 * catalogue rules (they compare intent with a device rather than check intent), so they are described
 * here, in one small table, instead of under {@code policies/}. docs/drift.md says the same in prose.
 */
public final class DriftRules {

    public static final String CLASSIFICATION = "drift-classification";
    public static final String PFC = "drift-pfc";
    public static final String ECN = "drift-ecn";
    public static final String SCHEDULER = "drift-scheduler";
    public static final String WATCHDOG = "drift-watchdog";
    public static final String BUFFERS = "drift-buffers";
    public static final String MTU = "drift-mtu";
    public static final String HASH = "drift-hash";
    public static final String PORT = "drift-port";
    public static final String UNREACHABLE = LiveReader.UNREACHABLE;
    public static final String DEVICE_ERROR = LiveReader.DEVICE_ERROR;
    public static final String REPLY_INVALID = LiveReader.REPLY_INVALID;
    public static final String NOT_AUDITED = DriftAudit.NOT_AUDITED;

    /** What one drift id means. */
    public record Description(String id, String title, String rationale, String remediation) {}

    private static final List<Description> TABLE = List.of(
            new Description(CLASSIFICATION, "The device classifies traffic differently from the intent",
                    "DSCP trust, the DSCP to priority map and the priority to queue map decide which packets are"
                            + " lossless; a difference moves RoCE traffic into a lossy queue or lossy traffic into a"
                            + " paused one.",
                    "Re-apply the rendered configuration, or change the traffic class in the intent if the device is right."),
            new Description(PFC, "The device's PFC priorities differ from the intent",
                    "PFC must be enabled on exactly the lossless priorities on every port; an extra lossless priority"
                            + " or a port the intent does not manage that sends PAUSE changes the RoCE plan"
                            + " (headroom, deadlock freedom).",
                    "Re-apply the rendered configuration, or declare the port or priority in the intent."),
            new Description(ECN, "The device's ECN (WRED) marking differs from the intent",
                    "DCQCN depends on ECN marking thresholds and on which queues mark; thresholds within one buffer cell"
                            + " of the intent are tolerated because devices round them to cells.",
                    "Re-apply the rendered configuration, or change the traffic class's ecn in the intent."),
            new Description(SCHEDULER, "The device schedules a queue differently from the intent",
                    "Strict priority and DWRR weights decide the share of bandwidth and whether CNPs overtake data.",
                    "Re-apply the rendered configuration, or change the traffic class's scheduler in the intent."),
            new Description(WATCHDOG, "The device's PFC watchdog differs from the intent",
                    "The PFC watchdog breaks PFC storms and deadlocks; a port without it, or with other timers, can"
                            + " stall the fabric.",
                    "Re-apply the rendered configuration, or change fabric.pfc.watchdog in the intent."),
            new Description(BUFFERS, "The device's PFC headroom or cable length differs from the intent",
                    "Headroom (xoff, xon, size) must absorb the data in flight after a PAUSE; less than computed drops"
                            + " packets in a lossless class. Values within one buffer cell are tolerated.",
                    "Re-apply the rendered configuration, or fix the cable length or headroom override in the intent."),
            new Description(MTU, "The device's port MTU differs from the intent",
                    "An MTU below the RoCE path MTU plus headers drops RoCE packets silently.",
                    "Re-apply the rendered configuration, or change the MTU in the intent."),
            new Description(HASH, "The device hashes ECMP traffic on other fields than the intent",
                    "RoCE flows differ mainly in their UDP source port; a hash without the L4 ports puts many queue"
                            + " pairs on one path and leaves others idle.",
                    "Re-apply the rendered configuration, or change fabric.ecmp.hash-fields in the intent."),
            new Description(PORT, "A port of the intent is missing on the device or runs at another speed",
                    "Headroom and buffers are computed for the intended speed; a missing port carries no traffic.",
                    "Check the port name and speed in the intent against the device."),
            new Description(UNREACHABLE, "The device could not be read over NETCONF",
                    "Drift and backup need the running configuration; the reason says why it could not be read"
                            + " (refused, timeout, auth, host-key, netconf-error).",
                    "Check the device's management address, credentials and known_hosts entry."),
            new Description(DEVICE_ERROR, "The device's configuration could not be audited",
                    "The device answered, but its reply could not be used: it was too large, malformed, or the"
                            + " switch's platform has no live profile.",
                    "See the message; a platform without a live profile cannot be audited over NETCONF yet."),
            new Description(NOT_AUDITED, "A part of the plan the device's platform does not serve over its transport",
                    "Some platforms serve part of their configuration only over another interface (gNMI, a CLI); Weft"
                            + " reports those features per device instead of passing them silently. Not a failure.",
                    "Audit that part another way (the platform's own tools), or accept it; the message names the reason."),
            new Description(REPLY_INVALID, "The device's reply breaks its platform's model",
                    "The reply arrived, but an element the model requires is missing (a list entry without its key),"
                            + " a number is out of range or not a number, or a value is not one of the model's"
                            + " enumerations; the device's config cannot be compared, so it is not audited. The"
                            + " finding's path is the NETCONF path of the offending element.",
                    "Check the device's software and the value at the path; the other devices of the run are not affected."));

    private DriftRules() {}

    /** The drift id of a feature's differences. */
    public static String of(Feature feature) {
        return switch (feature) {
            case CLASSIFICATION -> CLASSIFICATION;
            case PFC -> PFC;
            case ECN -> ECN;
            case SCHEDULER -> SCHEDULER;
            case WATCHDOG -> WATCHDOG;
            case BUFFERS -> BUFFERS;
            case MTU -> MTU;
            case HASH -> HASH;
        };
    }

    /** Every drift id, by id. */
    public static Map<String, Description> all() {
        Map<String, Description> out = new TreeMap<>();
        TABLE.forEach(d -> out.put(d.id(), d));
        return out;
    }
}
