package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.intent.IntentResult;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.Platforms;
import dev.weft.render.Renderer;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.NvueJson;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What every lab test of {@code weft import} checks: the import's own round trip, and the second render's features. */
public final class ImportChecks {

    private ImportChecks() {}

    /** The import's report: no feature differs, nothing unreadable, every device ok, exit 0. */
    public static void assertRoundTrips(Cli run, List<String> devices) throws Exception {
        List<Map<String, Object>> broken = run.all().stream().filter(f -> String.valueOf(f.get("rule")).startsWith("drift-")
                || List.of("render-error", "import-unreadable", "device-unreachable").contains(f.get("rule"))).toList();
        assertEquals(List.of(), broken, run.out() + run.err());
        Map<String, String> ok = new TreeMap<>();
        devices.forEach(d -> ok.put(d, "ok"));
        assertEquals(ok, run.devices(), run.out());
        assertEquals(0, run.exit(), run.out() + run.err());
    }

    /** The imported inventory's render, read back by each platform's reader, equals the original render's. */
    public static void assertRendersTheSame(Renderer renderer, Path root, Path imported, Map<String, String> first, String file) throws Exception {
        CompiledFabric again = compile(root, imported);
        Platforms platforms = Platforms.builtIn();
        for (Map.Entry<String, String> e : first.entrySet()) {
            CompiledSwitch sw = device(again, e.getKey());
            Renderer.DeviceOutput out = renderer.renderDevice(sw, again.fabric());
            assertEquals(List.of(), out.findings());
            LiveProfile reader = platforms.live(sw.platform()).orElseThrow();
            String second = file.equals("startup.yaml") ? NvueJson.fromStartupYaml(out.text(file)) : out.text(file);
            assertEquals(withoutCablesTo(reader.read(e.getValue(), e.getKey(), "first render"), again),
                    reader.read(second, e.getKey(), "second render"),
                    e.getKey() + ": the imported inventory renders other features");
        }
    }

    /**
     * {@code sw} without the cables to devices the imported inventory does not have: the EOS leaves of roce-pod-c
     * have no reader, so they are not imported and the spines' ports towards them keep no peer or cable length.
     */
    static CompiledSwitch withoutCablesTo(CompiledSwitch sw, CompiledFabric imported) {
        List<CompiledPort> ports = new ArrayList<>();
        for (CompiledPort p : sw.ports()) {
            boolean known = p.peer() == null || imported.device(p.peer().substring(0, p.peer().indexOf(':'))).isPresent();
            ports.add(known ? p : p.toBuilder().peer(null).cableLengthMetres(null).build());
        }
        return sw.toBuilder().ports(ports).build();
    }

    public static CompiledFabric compile(Path root, Path inventory) throws Exception {
        IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(root, inventory));
        assertNotNull(intent.model(), intent.findings().toString());
        return Compiler.compile(intent.model(), AsicProfiles.builtIn()).fabric();
    }

    public static CompiledSwitch device(CompiledFabric fabric, String name) {
        return (CompiledSwitch) fabric.device(name).orElseThrow();
    }

}
