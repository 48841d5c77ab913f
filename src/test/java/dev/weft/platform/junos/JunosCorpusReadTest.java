package dev.weft.platform.junos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.CorpusPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Junos reader judged on Juniper's own AI/ML backend design (the vendored {@code juniper-jvd}
 * set: a QFX5240 leaf and spine configuration and the RoCEv2 lossless CoS snippet, as Junos curly
 * text): each file reads to the plan its expectation file holds, by value ({@code
 * src/test/resources/corpus-expect/README.md}), plus {@code classes}: the priority each of
 * Juniper's forwarding classes is given, and {@code ecn}: every drop profile by value. The same
 * file in {@code display set} form reads to the same plan, and the plan rendered by Weft's Junos
 * template reads back as the pack expects it.
 */
class JunosCorpusReadTest {

  private static final Path ROOT = Examples.projectRoot();
  private static final Path CORPUS = ROOT.resolve("src/test/resources/corpus");
  private static final Path EXPECT = ROOT.resolve("src/test/resources/corpus-expect");
  private static final JunosPack PACK = new JunosPack();

  static List<String> files() throws IOException {
    return CorpusPlan.files("juniper-jvd", ".conf");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void readsThePlanTheFileHolds(String file) throws Exception {
    Path expectFile = EXPECT.resolve(file.replaceAll("\\.conf$", ".expect.json"));
    String text = Files.readString(CORPUS.resolve(file), StandardCharsets.UTF_8);
    Map<String, Object> plan = plan(text, file);
    assertTrue(
        Files.exists(expectFile),
        file
            + " has no expectation: write "
            + ROOT.relativize(expectFile)
            + " (checked by hand against the file); this reader gives\n"
            + Json.write(plan));
    @SuppressWarnings("unchecked")
    Map<String, Object> expected =
        new TreeMap<>(
            (Map<String, Object>) Json.parse(Files.readString(expectFile, StandardCharsets.UTF_8)));
    expected.remove("validate-errors"); // what validate says of its import: ImportCorpusPageTest
    assertEquals(Json.write(expected), Json.write(plan), file);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void theDisplaySetFormReadsToTheSamePlan(String file) throws Exception {
    String text = Files.readString(CORPUS.resolve(file), StandardCharsets.UTF_8);
    assertEquals(
        Json.write(plan(text, file)), Json.write(plan(DisplaySet.of(text), file + " as set")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void weftsRenderOfThePlanReadsBackAsThePackExpects(String file) throws Exception {
    String text = Files.readString(CORPUS.resolve(file), StandardCharsets.UTF_8);
    CompiledSwitch live = PACK.read(text, "jvd", file);
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.builtIn()).renderDeviceAs(live, "junos", "jvd");
    assertTrue(out.findings().isEmpty(), out.findings().toString());
    assertEquals(PACK.expected(live), PACK.read(out.text("config.xml"), "jvd", "rendered"));
  }

  private static Map<String, Object> plan(String text, String what) throws Exception {
    CompiledSwitch sw = PACK.read(text, "jvd", what);
    Map<String, Object> plan = new TreeMap<>(CorpusPlan.of(sw));
    plan.put("classes", new TreeMap<>(JunosReader.classPriorities(text, what)));
    // the drop profiles by value, also those no port's queue uses (the CoS snippet has no ports)
    plan.put(
        "ecn",
        sw.ecnProfiles().stream()
            .map(
                e ->
                    e.minBytes()
                        + "-"
                        + e.maxBytes()
                        + " "
                        + e.probability()
                        + "% "
                        + (e.dropNonEct() ? "drop" : "keep"))
            .sorted()
            .toList());
    plan.put("input", "as vendored");
    return plan;
  }
}
