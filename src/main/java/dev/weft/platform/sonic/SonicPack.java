package dev.weft.platform.sonic;

import dev.weft.platform.DeviceKind;
import dev.weft.platform.PlatformPack;

/**
 * Community SONiC: the rendered {@code config_db.json} tables (PORT, PORT_QOS_MAP, QUEUE, SCHEDULER,
 * WRED_PROFILE, BUFFER_*, CABLE_LENGTH, PFC_WD, SWITCH_HASH). {@link SonicConfigDbReader} reads a
 * rendered or dumped CONFIG_DB back into the compiled switch. SONiC has no NETCONF server.
 */
public final class SonicPack implements PlatformPack {

    @Override
    public String id() {
        return SonicConfigDbReader.PLATFORM;
    }

    @Override
    public String title() {
        return "SONiC (community), CONFIG_DB JSON";
    }

    @Override
    public DeviceKind kind() {
        return DeviceKind.SWITCH;
    }
}
