package dev.weft.platform.eos;

import dev.weft.platform.DeviceKind;
import dev.weft.platform.PlatformPack;

/** Arista EOS: a running-config of CLI lines. */
public final class EosPack implements PlatformPack {

    @Override
    public String id() {
        return "eos";
    }

    @Override
    public String title() {
        return "Arista EOS, CLI running-config";
    }

    @Override
    public DeviceKind kind() {
        return DeviceKind.SWITCH;
    }
}
