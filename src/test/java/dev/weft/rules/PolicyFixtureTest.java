package dev.weft.rules;

import dev.weft.testing.TestPlatforms;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompileResult;
import dev.weft.compile.Compiler;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentReader;
import dev.weft.intent.IntentResult;
import dev.weft.source.WorkingTreeSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code policies/<id>/pass} and {@code fail} inventory through the real validate pipeline (source →
 * loader → schema → model → compile → rule engine with the built-in metadata and waivers), so rules on
 * intent and rules on compiled config are tested the same way. A fail fixture must produce
 * exactly the {@code # expect:} markers as (rule, file, line); a pass fixture must produce no unwaived
 * finding at all, and its waived findings must match its {@code # expect-waived:} markers. A rule test
 * therefore costs no Java.
 */
class PolicyFixtureTest {

    /** Waiver fixtures are written against this date. */
    static final LocalDate TODAY = LocalDate.of(2026, 6, 1);

    private static final IntentReader READER = TestPlatforms.intentReader();
    private static final RuleCatalog CATALOG = dev.weft.rules.builtin.BuiltInRules.catalog();
    private static final AsicProfiles ASICS = AsicProfiles.builtIn();

    @TestFactory
    Stream<DynamicContainer> fixtures() throws IOException {
        RuleMetaLoader.Result meta = new RuleMetaLoader().load(CATALOG, List.of());
        assertEquals(List.of(), meta.problems());
        RuleEngine engine = new RuleEngine(CATALOG, meta.meta());
        List<DynamicContainer> rules = new ArrayList<>();
        try (Stream<Path> folders = Files.list(RuleCatalogTest.policies())) {
            for (Path folder : folders.filter(Files::isDirectory)
                    .filter(f -> !f.getFileName().toString().equals(RuleCatalogTest.EXAMPLES)).sorted().toList()) {
                List<DynamicTest> tests = new ArrayList<>();
                for (String kind : List.of("pass", "fail")) {
                    Path dir = folder.resolve(kind);
                    if (Files.isDirectory(dir)) {
                        tests.add(DynamicTest.dynamicTest(kind, dir.toUri(), () -> check(engine, folder, dir, kind)));
                    }
                }
                rules.add(DynamicContainer.dynamicContainer(folder.getFileName().toString(), tests));
            }
        }
        return rules.stream();
    }

    private static void check(RuleEngine engine, Path folder, Path dir, String kind) throws Exception {
        Path root = RuleCatalogTest.projectDir();
        Set<FixtureMarkers.Expected> expected = new TreeSet<>();
        for (Path f : RuleCatalogTest.yamlFiles(dir)) {
            expected.addAll(FixtureMarkers.read(f, root.relativize(f).toString().replace('\\', '/')));
        }
        if (kind.equals("pass")) {
            assertTrue(expected.stream().allMatch(FixtureMarkers.Expected::waived),
                    "a pass fixture may only carry # expect-waived: markers: " + expected);
        } else {
            String id = folder.getFileName().toString();
            assertTrue(expected.stream().anyMatch(e -> e.rule().equals(id) && !e.waived()),
                    "fail fixture has no '# expect: " + id + "' marker");
        }

        IntentResult intent = READER.read(new WorkingTreeSource(root, dir));
        List<Finding> all = new ArrayList<>(intent.findings());
        if (intent.model() != null) {
            CompileResult compiled = Compiler.compile(intent.model(), ASICS);
            all.addAll(compiled.findings());
            all.addAll(engine.run(new RuleInput(intent.model(), compiled.fabric(), TODAY)));
        }
        Map<FixtureMarkers.Expected, Finding> actual = new TreeMap<>();
        for (Finding f : all) {
            if (f.location() == null) {
                fail("finding without a location: " + f);
            }
            actual.putIfAbsent(new FixtureMarkers.Expected(f.rule(), f.location().file(), f.location().line(), f.waived()), f);
        }
        if (!expected.equals(actual.keySet())) {
            StringBuilder diff = new StringBuilder("findings differ from the # expect markers of " + dir + "\n");
            for (FixtureMarkers.Expected e : expected) {
                if (!actual.containsKey(e)) {
                    diff.append("  missing:    ").append(e).append('\n');
                }
            }
            actual.forEach((e, f) -> {
                if (!expected.contains(e)) {
                    diff.append("  unexpected: ").append(e).append(" — ").append(f.message()).append('\n');
                }
            });
            fail(diff.toString());
        }
    }
}
