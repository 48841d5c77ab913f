package dev.weft.platform.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.weft.adopt.ConfigFolder;
import dev.weft.adopt.ImportIds;
import dev.weft.adopt.ImportResult;
import dev.weft.adopt.Importer;
import dev.weft.adopt.RoundTrip;
import dev.weft.cli.Main;
import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.json.Json;
import dev.weft.platform.Platforms;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 31's acceptance, on every CONFIG_DB of the vendored SONiC corpus (the files {@link
 * SonicCorpusReadTest} reads, completed as its expectations say): {@code weft import} without a
 * skeleton writes an inventory the intent schema accepts, whose plan holds the file's
 * classification and lossless priorities by value as the expectation file gives them; and {@code
 * weft drift --from-backup} of the device against its own import reports exactly the differences
 * the import's round trip reports, because both compare with the same code.
 */
class SonicCorpusImportTest {

  private static final Path ROOT = Examples.projectRoot();
  private static final Path EXPECT = ROOT.resolve("src/test/resources/corpus-expect");
  private static final String DEVICE = "corpus-1";

  @TempDir Path tmp;

  static List<String> files() throws Exception {
    return SonicCorpusReadTest.files();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void importsToValidIntentHoldingThePlanByValue(String file) throws Exception {
    @SuppressWarnings("unchecked")
    Map<String, Object> expected =
        (Map<String, Object>)
            Json.parse(
                Files.readString(
                    EXPECT.resolve(file.replaceAll("\\.json$", ".expect.json")),
                    StandardCharsets.UTF_8));
    if (expected.containsKey("unreadable")) {
      return; // SonicCorpusReadTest holds the reader's refusal; there is nothing to import
    }
    String text = SonicCorpusReadTest.completed(file);
    Path backup = Files.createDirectories(tmp.resolve("backup"));
    Files.writeString(backup.resolve(DEVICE + ".json"), text);
    Platforms platforms = Platforms.builtIn();
    ImportResult imported =
        new Importer(platforms)
            .run(
                ConfigFolder.read(backup, d -> java.util.Optional.empty(), platforms),
                null,
                "corpus",
                "corpus",
                "");
    assertEquals(List.of(DEVICE), List.copyOf(imported.devices().keySet()), file);
    Path inventory = tmp.resolve("imported");
    for (Map.Entry<String, String> f : imported.files().entrySet()) {
      Path p = inventory.resolve(f.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, f.getValue());
    }

    // valid intent: it loads, and neither YAML nor the schema finds anything
    IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(tmp, inventory));
    List<Finding> invalid =
        intent.findings().stream()
            .filter(f -> List.of("schema", "yaml-syntax").contains(f.rule()))
            .toList();
    assertEquals(List.of(), invalid, file + "\n" + imported.files());
    assertNotNull(intent.model(), file + ": " + intent.findings());

    // the plan by value: every code point the file maps to a class the intent can hold
    CompiledFabric compiled = Compiler.compile(intent.model(), AsicProfiles.builtIn()).fabric();
    CompiledSwitch sw = (CompiledSwitch) compiled.device(DEVICE).orElseThrow();
    @SuppressWarnings("unchecked")
    Map<String, Object> plan = (Map<String, Object>) expected.get("switch");
    Map<Integer, Integer> dscp = runs((String) plan.get("dscp-to-tc"));
    boolean beyond = dscp.values().stream().anyMatch(tc -> tc > 7);
    dscp.forEach(
        (d, tc) -> {
          if (tc <= 7) {
            assertEquals(tc, sw.dscpToPriority().get(d), file + ": DSCP " + d);
          }
        });
    assertEquals(
        beyond,
        imported.findings().stream()
            .anyMatch(
                f ->
                    f.rule().equals(ImportIds.OUTSIDE_MODEL)
                        && "/fabric/traffic-classes".equals(f.path())),
        file + ": a class above 7 is a finding at fabric.traffic-classes");
    if (!beyond) {
      assertEquals(
          new TreeSet<>(numbers(plan.get("lossless"))),
          new TreeSet<>(sw.losslessPriorities()),
          file + ": lossless priorities");
    }

    // drift from the backup against its own import: the round trip's differences, no other
    List<String> trip =
        drift(
            RoundTrip.check(
                compiled, imported, platforms, new Renderer(TemplateFolders.builtIn())));
    StringWriter out = new StringWriter();
    Main.run(
        new String[] {
          "drift", inventory.toString(), "--from-backup", backup.toString(), "--format", "json"
        },
        new PrintWriter(out),
        new PrintWriter(new StringWriter()));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> found =
        (List<Map<String, Object>>)
            ((Map<String, Object>) Json.parse(out.toString())).get("findings");
    List<String> fromBackup =
        found.stream()
            .filter(f -> String.valueOf(f.get("rule")).startsWith("drift-"))
            .map(f -> f.get("rule") + " " + f.get("port") + " " + f.get("message"))
            .sorted()
            .toList();
    assertEquals(trip, fromBackup, file);
  }

  private static List<String> drift(List<Finding> findings) {
    return findings.stream()
        .filter(f -> f.rule().startsWith("drift-"))
        .map(f -> f.rule() + " " + f.port() + " " + f.message())
        .sorted()
        .toList();
  }

  /** {@code 0-2:1 3:3} as code point → class. */
  private static Map<Integer, Integer> runs(String text) {
    Map<Integer, Integer> out = new TreeMap<>();
    if (text == null || text.isBlank()) {
      return out;
    }
    for (String run : text.trim().split(" ")) {
      String[] kv = run.split(":");
      String[] ab = kv[0].split("-");
      int a = Integer.parseInt(ab[0]);
      int b = ab.length == 1 ? a : Integer.parseInt(ab[1]);
      for (int d = a; d <= b; d++) {
        out.put(d, Integer.parseInt(kv[1]));
      }
    }
    return out;
  }

  private static List<Integer> numbers(Object list) {
    return ((List<?>) list).stream().map(n -> ((Number) n).intValue()).toList();
  }
}
