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
 * compiled switch the platform's reader made of it), or the status and the one finding that say why
 * not.
 *
 * @param device device name
 * @param status {@code ok} when the config was read, else {@code unreachable} or {@code error} with
 *     a reason
 * @param findings empty when read; else the one finding naming the reason
 * @param text the reply (or command output) exactly as received, or null (not read, or a drift
 *     read: it keeps only {@code live}, so a long run holds no reply per device)
 * @param data the NETCONF {@code <data>} element of the whole config (backup reads, and audit reads
 *     that back up), or null
 * @param live the compiled switch read from the reply (drift reads), or null
 * @param outputs an audit read's extra commands (counters) by command, each its standard output; a
 *     command the device refused (a non-zero exit status: the command does not exist there) is
 *     absent
 * @param unread an audit read's extra commands whose output could not be taken although the device
 *     has them (too large, timed out, channel lost), each with why; empty for other reads
 */
public record Reading(
    String device,
    DeviceStatus status,
    List<Finding> findings,
    String text,
    Element data,
    CompiledSwitch live,
    Map<String, String> outputs,
    Map<String, String> unread) {
  public Reading {
    findings = List.copyOf(findings);
    outputs = outputs == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(outputs));
    unread = unread == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(unread));
  }

  /** A reading whose extra commands all gave their output or were refused. */
  public Reading(
      String device,
      DeviceStatus status,
      List<Finding> findings,
      String text,
      Element data,
      CompiledSwitch live,
      Map<String, String> outputs) {
    this(device, status, findings, text, data, live, outputs, Map.of());
  }

  /** A reading without extra command outputs. */
  public Reading(
      String device,
      DeviceStatus status,
      List<Finding> findings,
      String text,
      Element data,
      CompiledSwitch live) {
    this(device, status, findings, text, data, live, Map.of());
  }

  public boolean read() {
    return status.status() == DeviceStatus.Status.OK;
  }
}
