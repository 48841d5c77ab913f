package dev.weft.live;

import dev.weft.compile.CompiledSwitch;

/**
 * How Weft reads one kind of device's live config over NETCONF: what to ask for, and how the reply maps
 * into the compiled device model (types, units, list order and device defaults normalised). One class per
 * profile; {@link DeviceProfiles} chooses it by the switch's {@code platform}.
 */
public interface DeviceProfile {

    /** The profile's name as used in messages, e.g. {@code openconfig}. */
    String name();

    /** The {@code <filter type="subtree">} content of the {@code <get-config>} (the part of the config drift compares). */
    String subtreeFilter();

    /**
     * Maps a {@code <get-config>} reply (the whole {@code <rpc-reply>} text) to a compiled switch.
     *
     * @param device the device name (OpenConfig config carries no hostname)
     * @param what   names the source in messages, e.g. {@code leaf-1 (127.0.0.1:830) get-config}
     */
    CompiledSwitch read(String replyXml, String device, String what) throws ReadException;
}
