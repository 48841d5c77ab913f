package dev.weft.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.ReadException;
import dev.weft.platform.sonic.SonicConfigDbReader;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.Mutator;
import dev.weft.testing.TestPlatforms;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Every live reader on damaged device configs: a compiled switch or a {@link ReadException}, never another
 * exception. The readers are every platform pack's live profile (a new pack is fuzzed without touching this class)
 * plus SONiC's CONFIG_DB reader; each reads the example switches rendered with its platform's templates, then
 * damaged: bytes flipped, a leaf (a list key) removed, a value replaced by one that broke readers before.
 */
class LiveReaderProperties {

    /** One reader and the valid configs it starts from. */
    record Reader(String name, List<String> samples, Read read) {
        @Override
        public String toString() {
            return name;
        }
    }

    @FunctionalInterface
    interface Read {
        CompiledSwitch read(String text) throws ReadException;
    }

    static final List<Reader> READERS = allReaders();

    static List<Reader> allReaders() {
        List<Reader> out = new ArrayList<>();
        for (PlatformPack pack : TestPlatforms.PLATFORMS.all()) {
            LiveProfile live = pack.live().orElse(null);
            if (live != null) {
                out.add(new Reader(pack.id() + " live profile", rendered(pack.id()), text -> live.read(text, "fuzz-device", "fuzz")));
            }
        }
        out.add(new Reader("sonic config_db", rendered(SonicConfigDbReader.PLATFORM), SonicConfigDbReader::read));
        return List.copyOf(out);
    }

    /** Every file the example switches render to with {@code platform}'s templates. */
    private static List<String> rendered(String platform) {
        Renderer renderer = new Renderer(TemplateFolders.builtIn());
        List<String> out = new ArrayList<>();
        for (String inventory : Examples.ALL) {
            CompiledFabric fabric = Examples.compile(inventory);
            for (CompiledSwitch sw : fabric.switches()) {
                if (!sw.ports().stream().allMatch(p -> p.pfcPriorities().isEmpty() || !p.headroom().isEmpty())) {
                    continue;   // no computed headroom (an EOS leaf): nothing to render for the other platforms
                }
                Renderer.DeviceOutput rendered = renderer.renderDeviceAs(sw, platform, fabric.fabric());
                rendered.files().values().forEach(b -> out.add(new String(b, StandardCharsets.UTF_8)));
            }
        }
        return List.copyOf(out);
    }

    @Property(tries = 300)
    void aDamagedConfigIsASwitchOrAReadError(@ForAll("readers") Reader reader, @ForAll @IntRange(min = 0, max = 10_000) int sample,
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int rounds) {
        assertFalse(reader.samples().isEmpty(), reader + " has nothing to read");
        byte[] text = reader.samples().get(sample % reader.samples().size()).getBytes(StandardCharsets.UTF_8);
        String damaged = new String(Mutator.mutate(text, new Random(seed), rounds), StandardCharsets.UTF_8);
        Fuzz.typedOnly(() -> reader.read().read(damaged), ReadException.class);
    }

    @Property(tries = 300)
    void aMissingLeafOrAHostileValueIsASwitchOrAReadError(@ForAll("readers") Reader reader,
            @ForAll @IntRange(min = 0, max = 10_000) int sample, @ForAll @IntRange(min = 0, max = 2000) int leaf,
            @ForAll @IntRange(min = 0, max = 100) int value, @ForAll boolean remove) {
        String text = reader.samples().get(sample % reader.samples().size());
        String hostile = Mutator.HOSTILE_VALUES.get(value % Mutator.HOSTILE_VALUES.size());
        String damaged = text.startsWith("{") || text.startsWith("[")
                ? jsonDamage(text, leaf, hostile, remove)
                : remove ? Mutator.removeXmlLeaf(text, leaf) : Mutator.replaceXmlText(text, leaf, hostile);
        Fuzz.typedOnly(() -> reader.read().read(damaged), ReadException.class);
    }

    /** The {@code n}-th JSON string value replaced by a hostile one, or its member removed. */
    private static String jsonDamage(String json, int n, String hostile, boolean remove) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(,?\\s*\"[^\"]*\"\\s*:\\s*)\"([^\"]*)\"").matcher(json);
        int i = 0;
        while (m.find()) {
            if (i++ == n % Math.max(1, (int) json.chars().filter(c -> c == ':').count())) {
                return remove ? json.substring(0, m.start()) + json.substring(m.end())
                        : json.substring(0, m.start(2)) + hostile.replace("\"", "") + json.substring(m.end(2));
            }
        }
        return json;
    }

    @Provide
    Arbitrary<Reader> readers() {
        return Arbitraries.of(READERS);
    }
}
