package dev.weft.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.cumulus.CumulusNvueReader;
import dev.weft.platform.cumulus.CumulusPack;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.NvueJson;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * read(nv config show -o json of render(switch)) == what NVUE carries of the switch, for every switch of
 * both example inventories rendered with the Cumulus templates (whatever its own platform): the NVUE reader
 * and the template agree on every feature, and {@link CumulusPack#expected} says exactly what NVUE drops.
 */
class CumulusRoundTripTest {
    private final Renderer renderer = new Renderer(TemplateFolders.builtIn());
    private final CumulusPack pack = new CumulusPack();

    @TestFactory
    Stream<DynamicTest> everySwitchRoundTripsThroughNvue() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String inventory : Examples.ALL) {
            CompiledFabric fabric = Examples.compile(inventory);
            for (CompiledSwitch sw : fabric.switches()) {
                tests.add(DynamicTest.dynamicTest(inventory + "/" + sw.name(), () -> {
                    Renderer.DeviceOutput out = renderer.renderDeviceAs(sw, CumulusNvueReader.PLATFORM, fabric.fabric());
                    assertTrue(out.findings().isEmpty(), out.findings().toString());
                    String json = NvueJson.fromStartupYaml(out.text("startup.yaml"));
                    assertEquals(pack.expected(sw), CumulusNvueReader.read(json, sw.name(), "nv config show"));
                }));
            }
        }
        assertTrue(tests.size() >= 10, tests.toString());
        return tests.stream();
    }
}
