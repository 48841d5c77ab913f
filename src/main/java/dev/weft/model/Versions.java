package dev.weft.model;

import java.util.Map;

/** Qualified versions: switch OS by platform, NIC firmware by NIC model. */
public record Versions(Map<String, String> switchOs, Map<String, String> nicFirmware, Provenance at) {
    public Versions {
        switchOs = Map.copyOf(switchOs);
        nicFirmware = Map.copyOf(nicFirmware);
    }
}
