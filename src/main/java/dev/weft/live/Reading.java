package dev.weft.live;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.w3c.dom.Element;

/**
 * What reading one device gave: either its config (the reply as received, and for a drift read the
 * compiled switch the platform's reader made of it), or the status and the one finding that say why not.
 *
 * @param device   device name
 * @param status   {@code ok} when the config was read, else {@code unreachable} or {@code error} with a reason
 * @param findings empty when read; else the one finding naming the reason
 * @param text     the reply (or command output) exactly as received, or null
 * @param data     the NETCONF {@code <data>} element of the reply, or null (not NETCONF, or not read)
 * @param live     the compiled switch read from the reply (drift reads), or null
 * @param outputs  an audit read's extra commands (counters) by command, each its standard output; a command the
 *                 device refused is absent (empty for other reads)
 */
public record Reading(String device, DeviceStatus status, List<Finding> findings, String text, Element data,
        CompiledSwitch live, Map<String, String> outputs) {
    public Reading {
        findings = List.copyOf(findings);
        outputs = outputs == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(outputs));
    }

    /** A reading without extra command outputs. */
    public Reading(String device, DeviceStatus status, List<Finding> findings, String text, Element data,
            CompiledSwitch live) {
        this(device, status, findings, text, data, live, Map.of());
    }

    public boolean read() {
        return status.status() == DeviceStatus.Status.OK;
    }
}
