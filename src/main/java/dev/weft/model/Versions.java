package dev.weft.model;

import java.util.Map;

/**
 * Qualified versions: switch OS by platform, NIC firmware by NIC model. A value is either an exact
 * pin ({@code "28.43.1014"}) or a site minimum ({@code { minimum: "28.39.1002" }}); the two maps of
 * each kind hold one or the other per key.
 */
public record Versions(
    Map<String, String> switchOs,
    Map<String, String> nicFirmware,
    Map<String, String> switchOsMinimum,
    Map<String, String> nicFirmwareMinimum,
    Provenance at) {
  public Versions {
    switchOs = Map.copyOf(switchOs);
    nicFirmware = Map.copyOf(nicFirmware);
    switchOsMinimum = switchOsMinimum == null ? Map.of() : Map.copyOf(switchOsMinimum);
    nicFirmwareMinimum = nicFirmwareMinimum == null ? Map.of() : Map.copyOf(nicFirmwareMinimum);
  }

  public Versions(Map<String, String> switchOs, Map<String, String> nicFirmware, Provenance at) {
    this(switchOs, nicFirmware, Map.of(), Map.of(), at);
  }
}
