package dev.weft.live;

import dev.weft.platform.ReadBack;
import dev.weft.platform.sonic.SonicConfigDbReader;
import dev.weft.platform.openconfig.OpenConfigReader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledSwitch;
import dev.weft.render.Fixtures;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** parse(render(switch)) == switch for hand-made switches with one and with two lossless priorities. */
class FixtureRoundTripTest {
    private final Renderer renderer = new Renderer(TemplateFolders.builtIn());

    @ParameterizedTest
    @ValueSource(strings = {"3", "3,4"})
    void sonicRoundTrips(String lossless) throws Exception {
        CompiledSwitch sw = Fixtures.plan("leaf-01", "sonic", priorities(lossless));
        Renderer.DeviceOutput out = renderer.renderDevice(sw, "pod");
        assertTrue(out.findings().isEmpty(), out.findings().toString());
        CompiledSwitch back = SonicConfigDbReader.read(out.text("config_db.json"));
        assertEquals(ReadBack.expected(sw, "sonic", true), back);
    }

    @ParameterizedTest
    @ValueSource(strings = {"3", "3,4"})
    void openConfigRoundTrips(String lossless) throws Exception {
        CompiledSwitch sw = Fixtures.plan("leaf-01", "openconfig", priorities(lossless));
        Renderer.DeviceOutput out = renderer.renderDevice(sw, "pod");
        assertTrue(out.findings().isEmpty(), out.findings().toString());
        CompiledSwitch back = OpenConfigReader.read(out.text("config.xml"), "leaf-01", "config.xml");
        assertEquals(ReadBack.expected(sw, "openconfig", false), back);
    }

    private static List<Integer> priorities(String csv) {
        return java.util.Arrays.stream(csv.split(",")).map(Integer::valueOf).toList();
    }
}
