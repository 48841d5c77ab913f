package dev.weft.adopt;

import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import java.util.List;
import java.util.Map;

/**
 * What {@code weft import} made of a folder of device configs.
 *
 * @param files the inventory's files, relative path → text, in path order (empty when nothing could
 *     be read)
 * @param devices each imported device's compiled switch as its platform's reader produced it, by
 *     name
 * @param configs each imported device's file, by name
 * @param findings unreadable files, exceptions, assumptions and unlinked ports
 * @param subnetManagers an InfiniBand fabric's SM folders as read (empty for Ethernet switches)
 */
public record ImportResult(
    Map<String, String> files,
    Map<String, CompiledSwitch> devices,
    Map<String, DeviceConfig> configs,
    List<Finding> findings,
    List<OpenSmFiles> subnetManagers) {

  public ImportResult(
      Map<String, String> files,
      Map<String, CompiledSwitch> devices,
      Map<String, DeviceConfig> configs,
      List<Finding> findings) {
    this(files, devices, configs, findings, List.of());
  }

  public ImportResult {
    subnetManagers = List.copyOf(subnetManagers);
    files = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(files));
    devices = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(devices));
    configs = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(configs));
    findings = List.copyOf(findings);
  }
}
