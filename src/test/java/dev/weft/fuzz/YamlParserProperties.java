package dev.weft.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.source.SourceFile;
import dev.weft.testing.Mutator;
import dev.weft.testing.Weft;
import dev.weft.yaml.LoadLimits;
import dev.weft.yaml.ParseResult;
import dev.weft.yaml.YamlParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import dev.weft.accel.Accelerators;
import dev.weft.accel.FastMode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The YAML loader (the fast path and snakeyaml behind it) on damaged example files and on arbitrary text: a tree,
 * or findings that each name the file, never an exception, always within the bound.
 */
class YamlParserProperties {

    private static final List<byte[]> EXAMPLES = examples();
    private static final YamlParser PARSER = new YamlParser(LoadLimits.defaults());

    static List<byte[]> examples() {
        try (Stream<Path> files = Files.walk(Weft.projectDir().resolve("inventories"))) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().map(p -> {
                try {
                    return Files.readAllBytes(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Property(tries = 400)
    void aDamagedInventoryFileParsesOrIsAFinding(@ForAll @IntRange(min = 0, max = 10_000) int example,
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int rounds) {
        byte[] bytes = Mutator.mutate(EXAMPLES.get(example % EXAMPLES.size()), new Random(seed), rounds);
        check(bytes);
    }

    @Property(tries = 400)
    void anyYamlishTextParsesOrIsAFinding(@ForAll("yamlish") String text) {
        check(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Property(tries = 200)
    void aHostileValueAnywhereParsesOrIsAFinding(@ForAll @IntRange(min = 0, max = 10_000) int example, @ForAll long seed) {
        String text = new String(EXAMPLES.get(example % EXAMPLES.size()), java.nio.charset.StandardCharsets.UTF_8);
        Random random = new Random(seed);
        String value = Mutator.HOSTILE_VALUES.get(random.nextInt(Mutator.HOSTILE_VALUES.size()));
        String changed = text.replaceFirst("(?m)(:\\s+)[^\\s{\\[#][^,}\\n#]*", "$1" + java.util.regex.Matcher.quoteReplacement(value));
        check(changed.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static void check(byte[] bytes) {
        ParseResult result = Fuzz.typedOnly(() -> PARSER.parse(new SourceFile("fuzz/case.yaml", bytes, null)));
        assertNotNull(result, "no result");
        assertTrue(result.ok() || !result.findings().isEmpty(), "neither a tree nor a finding");
        for (Finding f : result.findings()) {
            assertTrue(f.location() != null && "fuzz/case.yaml".equals(f.location().file()), "finding without the file: " + f);
        }
    }

    /**
     * The fast path and snakeyaml agree on every damaged example they both accept ({@code WEFT_FAST=verify} on
     * fuzzed input): the hand-written parser may decline a file, never read it differently.
     */
    @Property(tries = 400)
    void theFastPathAndSnakeyamlAgreeOnDamagedFiles(@ForAll @IntRange(min = 0, max = 10_000) int example,
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int rounds) {
        byte[] bytes = Mutator.mutate(EXAMPLES.get(example % EXAMPLES.size()), new Random(seed), rounds);
        Accelerators verify = new Accelerators(FastMode.VERIFY);
        Fuzz.typedOnly(() -> new YamlParser(LoadLimits.defaults(), verify).parse(new SourceFile("fuzz/case.yaml", bytes, null)));
        assertEquals(List.of(), verify.takeDivergences(), () -> new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
    }

    @Provide
    Arbitrary<String> yamlish() {
        return Arbitraries.strings().withChars("ab01:- []{}&*!|>'\"#,\n\t.%@`?~").ofMaxLength(300);
    }
}
