package dev.weft.platform.eos;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.DeviceKind;
import dev.weft.platform.Feature;
import dev.weft.platform.RenderGap;
import dev.weft.platform.HashFieldSpelling;
import dev.weft.platform.PlatformPack;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Arista EOS: a running-config of CLI lines (command forms as in Arista AVD's eos_cli_config_gen). The
 * ECMP hash is {@code ip load-sharing trident fields ip|ipv6 ...}, the form of EOS's Strata (Trident and
 * Tomahawk) switches; Jericho-based switches hash through {@code load-balance policies} instead, which
 * Weft does not render. EOS sizes PFC headroom on the platform: Weft renders no cable length or headroom
 * for it and says so ({@code render-gap}).
 */
public final class EosPack implements PlatformPack {

    /** {@code ip load-sharing trident fields ip} field names. */
    static final HashFieldSpelling IPV4 = new HashFieldSpelling(Map.of("src-ip", "source-ip", "dst-ip", "destination-ip",
            "ip-protocol", "protocol", "l4-src-port", "source-port", "l4-dst-port", "destination-port",
            "in-port", "ingress-interface"));
    /** {@code ip load-sharing trident fields ipv6} field names (the flow label exists for IPv6 only). */
    static final HashFieldSpelling IPV6 = new HashFieldSpelling(Map.of("src-ip", "source-ip", "dst-ip", "destination-ip",
            "l4-src-port", "source-port", "l4-dst-port", "destination-port", "in-port", "ingress-interface",
            "ipv6-flow-label", "flow-label"));

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

    @Override
    public List<RenderGap> renderGaps(CompiledSwitch sw) {
        return RenderGap.usedBy(sw, gapsOf(sw));
    }

    /** What this switch asks for that the platform cannot express, by feature. */
    private Map<Feature, String> gapsOf(CompiledSwitch sw) {
        Map<Feature, String> gaps = new TreeMap<>();
        List<String> neither = IPV4.missing(sw.ecmpHashFields()).stream()
                .filter(f -> IPV6.missing(List.of(f)).contains(f)).toList();
        if (!neither.isEmpty()) {
            gaps.put(Feature.HASH, "ip load-sharing trident has no field for " + String.join(", ", neither)
                    + "; the other hash fields are rendered");
        }
        if (sw.ports().stream().anyMatch(p -> !p.headroom().isEmpty() || p.cableLengthMetres() != null)) {
            gaps.put(Feature.BUFFERS, "EOS sizes PFC headroom on the platform; Weft renders no cable length or"
                    + " headroom for it");
        }
        return gaps;
    }

    /** {@code facts}: {@code ipv4_hash_fields} and {@code ipv6_hash_fields}, EOS's names of the intent's fields. */
    @Override
    public Map<String, Object> templateData(CompiledSwitch sw) {
        return Map.of("ipv4_hash_fields", IPV4.spelled(sw.ecmpHashFields()),
                "ipv6_hash_fields", IPV6.spelled(sw.ecmpHashFields()));
    }
}
