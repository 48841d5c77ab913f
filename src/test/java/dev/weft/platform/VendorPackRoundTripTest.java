package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.junos.JunosPack;
import dev.weft.platform.srlinux.SrlinuxPack;
import dev.weft.render.Examples;
import dev.weft.render.Fixtures;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * read(render(switch)) == expected(switch) through the Junos and SR Linux packs, without a device: every
 * switch of every example inventory and the hand-made plans (with computed headroom) rendered with each
 * vendor's template and read back by its reader. Equality is on what the vendor's model holds
 * ({@link LiveProfile#expected}: headroom in whole microseconds on Junos, no xon or cable length on SR
 * Linux, ...), so a field the template forgets or the reader misreads fails here.
 */
class VendorPackRoundTripTest {
    private final Renderer renderer = new Renderer(TemplateFolders.builtIn());
    private static final List<PlatformPack> PACKS = List.of(new JunosPack(), new SrlinuxPack());

    @TestFactory
    Stream<DynamicTest> everyExampleSwitchRoundTripsThroughEachVendor() {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> inventories = new ArrayList<>(Examples.ALL);
        inventories.add("roce-pod-d");
        for (String inventory : inventories) {
            CompiledFabric fabric = Examples.compile(inventory);
            for (CompiledSwitch sw : fabric.switches()) {
                for (PlatformPack pack : PACKS) {
                    tests.add(DynamicTest.dynamicTest(inventory + "/" + sw.name() + " via " + pack.id(),
                            () -> roundTrip(sw, pack, fabric.fabric())));
                }
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> plansWithHeadroomRoundTrip() {
        List<DynamicTest> tests = new ArrayList<>();
        for (List<Integer> lossless : List.of(List.of(3), List.of(3, 4))) {
            CompiledSwitch sw = Fixtures.plan("leaf-x", "openconfig", lossless);
            for (PlatformPack pack : PACKS) {
                tests.add(DynamicTest.dynamicTest("lossless " + lossless + " via " + pack.id(), () -> roundTrip(sw, pack, "pod")));
            }
        }
        return tests.stream();
    }

    private void roundTrip(CompiledSwitch sw, PlatformPack pack, String fabric) throws Exception {
        LiveProfile profile = pack.live().orElseThrow();
        Renderer.DeviceOutput out = renderer.renderDeviceAs(sw, pack.id(), fabric);
        assertTrue(out.findings().isEmpty(), out.findings().toString());
        String config = out.text("config.xml");
        assertEquals(profile.expected(sw), profile.read(config, sw.name(), "config.xml"));
        // a get-config reply carries the same trees inside <rpc-reply><data>
        String reply = "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"1\"><data>"
                + config.substring(config.indexOf('>') + 1, config.lastIndexOf("</config>")) + "</data></rpc-reply>";
        assertEquals(profile.expected(sw), profile.read(reply, sw.name(), "get-config"));
    }
}
