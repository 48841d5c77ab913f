package dev.weft.live;

import dev.weft.compile.CompiledSwitch;

/** Live profile {@code openconfig}: openconfig-interfaces and openconfig-qos (+ weft-qos-ext), read by {@link OpenConfigReader}. */
public final class OpenConfigProfile implements DeviceProfile {

    /** Only the two trees drift compares: a device's other config (routing, users) is never transferred. */
    static final String FILTER = "<interfaces xmlns=\"" + OpenConfigReader.IF + "\"/>"
            + "<qos xmlns=\"" + OpenConfigReader.QOS + "\"/>";

    @Override
    public String name() {
        return OpenConfigReader.PLATFORM;
    }

    @Override
    public String subtreeFilter() {
        return FILTER;
    }

    @Override
    public CompiledSwitch read(String replyXml, String device, String what) throws ReadException {
        return OpenConfigReader.read(replyXml, device, what);
    }
}
