package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.eos.EosPack;
import dev.weft.platform.nxos.NxosPack;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * What a real server might return that the NX-OS and EOS readers must survive: every element of a rendered
 * payload removed in turn, every leaf value replaced with nonsense. The reader either reads the config or
 * throws a {@link ReadException} of one line that names the source; it never throws anything else. Values a
 * server prints differently (decimal64 with trailing zeros, the enumeration names of later NX-OS releases)
 * are read by value.
 */
class NxosEosReaderInputTest {
    private static final Pattern LEAF = Pattern.compile("<([A-Za-z0-9.-]+)(?: xmlns=\"[^\"]*\")?>([^<]+)</\\1>");
    private static final Pattern ELEMENT = Pattern.compile("<([A-Za-z0-9.-]+)(?: xmlns=\"[^\"]*\")?>");

    private static final CompiledFabric FABRIC = Examples.compile("roce-pod-e");

    private static String rendered(String platform, String device) {
        CompiledSwitch sw = (CompiledSwitch) FABRIC.device(device).orElseThrow();
        return new Renderer(TemplateFolders.builtIn()).renderDeviceAs(sw, platform, FABRIC.fabric()).text("config.xml");
    }

    @TestFactory
    Stream<DynamicTest> damagedRepliesAreReadOrRefusedWithOneLocatedLine() {
        List<DynamicTest> tests = new ArrayList<>();
        for (LiveProfile profile : List.of((LiveProfile) new NxosPack(), new EosPack())) {
            String config = rendered(profile.platform(), profile.platform().equals("nxos") ? "nx-leaf-1" : "eos-spine-1");
            tests.add(DynamicTest.dynamicTest(profile.platform() + ": every leaf value replaced", () -> {
                Matcher m = LEAF.matcher(config);
                int n = 0;
                while (m.find()) {
                    for (String nonsense : List.of("x!", "99999999999999999999999", "", "-1", "1.5")) {
                        readOrRefuse(profile, config.substring(0, m.start(2)) + nonsense + config.substring(m.end(2)));
                    }
                    n++;
                }
                assertTrue(n > 40, "too few leaves to be a real payload: " + n);
            }));
            tests.add(DynamicTest.dynamicTest(profile.platform() + ": every element removed", () -> {
                Matcher m = ELEMENT.matcher(config);
                while (m.find()) {
                    String close = "</" + m.group(1) + ">";
                    int end = config.indexOf(close, m.end());
                    if (end > 0) {
                        readOrRefuse(profile, config.substring(0, m.start()) + config.substring(end + close.length()));
                    }
                }
            }));
        }
        return tests.stream();
    }

    private static void readOrRefuse(LiveProfile profile, String xml) {
        try {
            profile.read(xml, "dev", "dev get-config");
        } catch (ReadException e) {
            assertTrue(e.getMessage().startsWith("dev get-config"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void numbersAndNamesAreReadByValue() throws Exception {
        String nx = rendered("nxos", "nx-leaf-1");
        CompiledSwitch expected = new NxosPack().read(nx, "nx-leaf-1", "x");
        // NX-OS 10.x names what 9.3(x) numbers; a server may print leading zeros
        String printed = nx.replace("<mode>1</mode>", "<mode>on</mode>")
                .replace("<watchDogInterval>1</watchDogInterval>", "<watchDogInterval>on</watchDogInterval>")
                .replace("<mtu>9214</mtu>", "<mtu>09214</mtu>")
                .replace("<minThreshold>150000</minThreshold>", "<minThreshold>+150000</minThreshold>");
        assertEquals(expected, new NxosPack().read(printed, "nx-leaf-1", "x"));

        String eos = rendered("eos", "eos-spine-1");
        CompiledSwitch eosExpected = new EosPack().read(eos, "eos-spine-1", "x");
        // netconfd prints decimal64 with all its fraction digits; hex digits in either case
        String eosPrinted = eos.replace("<default-timeout>0.4</default-timeout>", "<default-timeout>0.40</default-timeout>")
                .replace("<default-polling-interval>0.1</default-polling-interval>",
                        "<default-polling-interval>0.100</default-polling-interval>")
                .replace("<priorities-no-drop>18</priorities-no-drop>", "<priorities-no-drop>018</priorities-no-drop>");
        assertThrows(ReadException.class, () -> new EosPack().read(eosPrinted, "eos-spine-1", "x"), "three hex digits");
        assertEquals(eosExpected, new EosPack().read(eosPrinted.replace("<priorities-no-drop>018</", "<priorities-no-drop>18</"),
                "eos-spine-1", "x"));
    }

    @Test
    void anUndefinedReferenceNamesTheVendorPath() {
        String nx = rendered("nxos", "nx-leaf-1").replace("<sys-items><pmap-items><name>weft-out</name>",
                "<sys-items><pmap-items><name>nope</name>");
        ReadException e = assertThrows(ReadException.class, () -> new NxosPack().read(nx, "n", "n get-config"));
        assertEquals("n get-config: policy-map 'nope' is in effect but not defined under "
                + "/System/ipqos-items/queuing-items/p-items/name-items/PMapInst-list", e.getMessage());
        String eos = rendered("eos", "eos-spine-1").replace("<threshold-unit>BYTES</threshold-unit>",
                "<threshold-unit>SEGMENTS</threshold-unit>");
        ReadException u = assertThrows(ReadException.class, () -> new EosPack().read(eos, "e", "e get-config"));
        assertTrue(u.getMessage().startsWith("e get-config: /qos/queues/queue[3]/ecn/config/threshold-unit: expected BYTES"),
                u.getMessage());
    }
}
