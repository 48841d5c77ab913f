package dev.weft.platform.cumulus;

import dev.weft.platform.DeviceKind;
import dev.weft.platform.PlatformPack;

/** NVIDIA Cumulus Linux: an NVUE startup configuration. Cumulus has no NETCONF and no YANG. */
public final class CumulusPack implements PlatformPack {

    @Override
    public String id() {
        return "cumulus";
    }

    @Override
    public String title() {
        return "NVIDIA Cumulus Linux, NVUE startup.yaml";
    }

    @Override
    public DeviceKind kind() {
        return DeviceKind.SWITCH;
    }
}
