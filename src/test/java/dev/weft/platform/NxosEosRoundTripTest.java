package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.eos.EosPack;
import dev.weft.platform.nxos.NxosPack;
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
 * read(render(switch)) == expected(switch) through the NX-OS and EOS NETCONF packs, without a device: every
 * switch of every example inventory and the hand-made plans rendered with each pack's config.xml template
 * and read back by its reader, as a rendered {@code <config>} and as a {@code <get-config>} reply. Equality
 * is on what each vendor's model holds ({@link LiveProfile#expected}), so a field the template forgets or
 * the reader misreads fails here.
 */
class NxosEosRoundTripTest {
    private final Renderer renderer = new Renderer(TemplateFolders.builtIn());
    private static final List<PlatformPack> PACKS = List.of(new NxosPack(), new EosPack());

    @TestFactory
    Stream<DynamicTest> everyExampleSwitchRoundTripsThroughEachVendor() {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> inventories = new ArrayList<>(Examples.ALL);
        inventories.add("roce-pod-e");
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
        String reply = "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"1\"><data>"
                + config.substring(config.indexOf('>') + 1, config.lastIndexOf("</config>")) + "</data></rpc-reply>";
        assertEquals(profile.expected(sw), profile.read(reply, sw.name(), "get-config"));
    }
}
