package dev.weft.live;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import java.util.List;
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
 */
public record Reading(String device, DeviceStatus status, List<Finding> findings, String text, Element data,
        CompiledSwitch live) {
    public Reading {
        findings = List.copyOf(findings);
    }

    public boolean read() {
        return status.status() == DeviceStatus.Status.OK;
    }
}
