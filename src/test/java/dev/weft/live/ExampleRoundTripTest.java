package dev.weft.live;

import dev.weft.platform.ReadBack;
import dev.weft.platform.sonic.SonicConfigDbReader;
import dev.weft.platform.openconfig.OpenConfigReader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * parse(render(switch)) == switch for every switch of both example inventories, through both readers:
 * each switch is rendered with the SONiC and with the OpenConfig templates (whatever its own
 * platform) and read back. Equality is on what the platform carries ({@link ReadBack#expected}).
 */
class ExampleRoundTripTest {
    private final Renderer renderer = new Renderer(TemplateFolders.builtIn());

    @TestFactory
    Stream<DynamicTest> everySwitchRoundTrips() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String inventory : Examples.ALL) {
            CompiledFabric fabric = Examples.compile(inventory);
            for (CompiledSwitch sw : fabric.switches()) {
                if (sw.ports().stream().anyMatch(p -> !p.pfcPriorities().isEmpty() && p.headroom().isEmpty())) {
                    // No ASIC profile (EOS leaves): headroom comes from the platform, so render through
                    // the readers' platforms needs headroom; read it back with the headroom the device would report.
                    sw = RoundTrips.withDeviceHeadroom(sw);
                }
                CompiledSwitch subject = sw;
                tests.add(DynamicTest.dynamicTest(inventory + "/" + sw.name() + " via SONiC", () -> {
                    Renderer.DeviceOutput out = renderer.renderDeviceAs(subject, SonicConfigDbReader.PLATFORM, fabric.fabric());
                    assertTrue(out.findings().isEmpty(), out.findings().toString());
                    assertEquals(ReadBack.expected(subject, "sonic", true), SonicConfigDbReader.read(out.text("config_db.json")));
                }));
                tests.add(DynamicTest.dynamicTest(inventory + "/" + sw.name() + " via OpenConfig", () -> {
                    Renderer.DeviceOutput out = renderer.renderDeviceAs(subject, OpenConfigReader.PLATFORM, fabric.fabric());
                    assertTrue(out.findings().isEmpty(), out.findings().toString());
                    assertEquals(ReadBack.expected(subject, "openconfig", false),
                            OpenConfigReader.read(out.text("config.xml"), subject.name(), "config.xml"));
                }));
            }
        }
        return tests.stream();
    }
}
