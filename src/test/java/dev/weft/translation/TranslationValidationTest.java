package dev.weft.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompileResult;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.generate.RoceFabricGenerator;
import dev.weft.generate.RoceFabricShape;
import dev.weft.intent.IntentResult;
import dev.weft.render.Examples;
import dev.weft.render.RenderOptions;
import dev.weft.render.RenderResult;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateEngine;
import dev.weft.render.TemplateFolders;
import dev.weft.rules.RuleEngine;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.BrokenTemplates;
import dev.weft.testing.TestPlatforms;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Translation validation on everything the project ships: every switch of every example inventory,
 * of every policy fixture that compiles (pass and fail: a fixture's mistake is in the plan, and the
 * files must still say exactly that plan), and of generated inventories, rendered with its own
 * platform's templates and read back through that platform's reader, with no difference. A template
 * broken on purpose (one value changed in a temporary templates folder) is caught, naming the
 * device, the file and the feature, and its file is not written.
 */
class TranslationValidationTest {

  private static final TranslationCheck CHECK = new TranslationCheck(TestPlatforms.PLATFORMS);
  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());

  /** The checked switches of one inventory, and the differences found (none expected). */
  private record Checked(int switches, List<Finding> findings) {}

  private static Checked readBackAll(CompiledFabric fabric) {
    int switches = 0;
    List<Finding> findings = new ArrayList<>();
    for (CompiledSwitch sw : fabric.switches()) {
      Renderer.DeviceOutput out = RENDERER.renderDevice(sw, fabric.fabric());
      if (!out.findings().isEmpty()) {
        continue; // a switch that cannot render is reported as render-error, not read back
      }
      if (TestPlatforms.PLATFORMS.live(sw.platform()).isPresent()) {
        switches++;
      }
      findings.addAll(CHECK.check(sw, out.files()));
    }
    return new Checked(switches, findings);
  }

  @TestFactory
  Stream<DynamicTest> everyExampleReadsBackAsPlanned() throws IOException {
    List<String> inventories = new ArrayList<>();
    try (Stream<Path> all = Files.list(Examples.projectRoot().resolve("inventories"))) {
      all.filter(Files::isDirectory)
          .map(p -> p.getFileName().toString())
          .filter(n -> !n.startsWith("ib-"))
          .sorted()
          .forEach(inventories::add);
    }
    assertTrue(inventories.size() >= 4, inventories.toString());
    return inventories.stream()
        .map(
            name ->
                DynamicTest.dynamicTest(
                    name,
                    () -> {
                      Checked c = readBackAll(Examples.compile(name));
                      assertEquals(List.of(), c.findings(), name);
                      assertTrue(c.switches() > 0, name + " has switches read back");
                    }));
  }

  /**
   * Fail fixtures whose mistake is a plan no file can carry, each refused by an error of its rule
   * (so it never renders): the read back differs, and must (a fixed conflict leaves this list).
   */
  private static final Map<String, String> PLAN_CONFLICTS =
      Map.of(
          "policies/link-pause-with-pfc/fail",
          "802.3x link pause beside PFC on one port: SONiC's file holds PFC only (error"
              + " link-pause-with-pfc)");

  @TestFactory
  Stream<DynamicTest> everyPolicyFixtureThatCompilesReadsBackAsPlanned() throws IOException {
    List<Path> fixtures = new ArrayList<>();
    try (Stream<Path> rules = Files.list(Examples.projectRoot().resolve("policies"))) {
      for (Path rule : rules.filter(Files::isDirectory).sorted().toList()) {
        for (String kind : List.of("pass", "fail")) {
          if (Files.isDirectory(rule.resolve(kind))) {
            fixtures.add(rule.resolve(kind));
          }
        }
      }
    }
    assertTrue(fixtures.size() > 50, "fixtures: " + fixtures.size());
    int[] readBack = {0};
    List<DynamicTest> tests = new ArrayList<>();
    for (Path fixture : fixtures) {
      String name = Examples.projectRoot().relativize(fixture).toString();
      tests.add(
          DynamicTest.dynamicTest(
              name,
              () -> {
                CompiledFabric fabric = compiledOrNull(fixture);
                if (fabric != null) {
                  Checked c = readBackAll(fabric);
                  readBack[0] += c.switches();
                  if (PLAN_CONFLICTS.containsKey(name)) {
                    // the file cannot say both halves of the conflict; validate refuses the plan
                    assertFalse(c.findings().isEmpty(), name + ": " + PLAN_CONFLICTS.get(name));
                  } else {
                    assertEquals(List.of(), c.findings(), name);
                  }
                }
              }));
    }
    tests.add(
        DynamicTest.dynamicTest(
            "the fixtures read back switches",
            () -> assertTrue(readBack[0] > 100, "switches read back: " + readBack[0])));
    return tests.stream();
  }

  /** A fixture's compiled fabric, or null when its intent does not map (schema errors) or is IB. */
  private static CompiledFabric compiledOrNull(Path inventory) throws Exception {
    Path root = Examples.projectRoot();
    IntentResult read = TestPlatforms.intentReader().read(new WorkingTreeSource(root, inventory));
    if (read.model() == null || read.model().subnet() != null) {
      return null;
    }
    CompileResult compiled = Compiler.compile(read.model(), AsicProfiles.builtIn());
    return compiled.fabric();
  }

  @Test
  void generatedInventoriesReadBackAsPlanned(@TempDir Path tmp) throws IOException {
    int checked = 0;
    for (int gpus : List.of(256, 1024)) {
      String name = "gpu-" + gpus;
      Map<String, String> generated =
          new RoceFabricGenerator().generate(name, RoceFabricShape.forGpus(gpus));
      for (Map.Entry<String, String> f : generated.entrySet()) {
        Path target = tmp.resolve(name).resolve(f.getKey());
        Files.createDirectories(target.getParent());
        Files.writeString(target, f.getValue(), StandardCharsets.UTF_8);
      }
      Checked c = readBackAll(Examples.compile(tmp, Path.of(name)));
      assertEquals(List.of(), c.findings(), name);
      checked += c.switches();
    }
    assertTrue(checked >= 64, "switches read back: " + checked);
  }

  @Test
  void aTemplateBrokenOnPurposeIsCaughtAndItsFileIsNotWritten(@TempDir Path tmp)
      throws IOException {
    Path templates = BrokenTemplates.sonicEcnMinShifted(Examples.projectRoot(), tmp);
    CompiledFabric fabric = Examples.compile("roce-pod-a");
    TemplateFolders folders = TemplateFolders.withOverrides(templates);
    Renderer renderer =
        new Renderer(
            folders,
            new TemplateEngine(folders),
            TestPlatforms.PLATFORMS,
            new TranslationCheck(TestPlatforms.PLATFORMS));
    Path out = tmp.resolve("out");
    RenderResult result = renderer.renderInto(fabric, RenderOptions.all(), out, false);
    List<Finding> caught =
        result.findings().stream().filter(f -> f.rule().equals(RuleEngine.INTERNAL_ERROR)).toList();
    assertFalse(caught.isEmpty(), "the broken ECN threshold is caught: " + result.findings());
    Finding first = caught.get(0);
    assertEquals(Severity.ERROR, first.severity());
    assertEquals("leaf-01", first.device(), first.toString());
    assertTrue(
        first.message().contains("leaf-01/config_db.json reads back with a different ecn"),
        first.message());
    assertTrue(first.location() != null, "at the intent line of the value: " + first);
    assertFalse(first.expected().equals(first.actual()), "expected and actual differ: " + first);
    // the SONiC switches' files are not written; the other platforms' are
    assertFalse(Files.exists(out.resolve("leaf-01").resolve("config_db.json")));
    for (CompiledSwitch sw : fabric.switches()) {
      boolean sonic = sw.platform().equals("sonic");
      assertEquals(
          sonic,
          caught.stream().anyMatch(f -> sw.name().equals(f.device())),
          sw.name() + " (" + sw.platform() + ")");
    }
  }

  @Test
  void aRenderedFileTheReaderCannotReadIsAFindingNotACrash() {
    CompiledFabric fabric = Examples.compile("roce-pod-a");
    CompiledSwitch leaf =
        fabric.switches().stream().filter(s -> s.platform().equals("sonic")).findFirst().get();
    List<Finding> findings =
        CHECK.check(leaf, Map.of("config_db.json", "{ not json".getBytes(StandardCharsets.UTF_8)));
    assertEquals(1, findings.size(), findings.toString());
    assertTrue(
        findings.get(0).message().contains("does not read back through the sonic reader"),
        findings.get(0).message());
    List<Finding> missing = CHECK.check(leaf, Map.of());
    assertTrue(
        missing.get(0).message().contains("no config_db.json was rendered"), missing.toString());
  }

  @Test
  void theFilesNotReadBackAreNamedWithTheirReason() {
    List<NotReadBack> notRead = NotReadBack.of(TestPlatforms.PLATFORMS, RENDERER::outputs);
    Map<String, List<String>> files = new java.util.TreeMap<>();
    notRead.forEach(n -> files.put(n.platform(), n.files()));
    assertEquals(
        Map.of(
            "connectx", List.of("nccl.env", "roce-qos.sh"),
            "opensm",
                List.of("opensm.conf", "partitions.conf", "qos-policy.conf", "root-guids.conf")),
        files);
    notRead.forEach(n -> assertFalse(n.reason().isBlank(), n.toString()));
  }

  @Test
  void switchesOfOneDesignShareAShape() {
    CompiledFabric fabric = Examples.compile("roce-pod-a");
    List<CompiledSwitch> sample = TranslationSample.of(fabric);
    assertTrue(sample.size() < fabric.switches().size(), sample.size() + " shapes");
    // every platform of the fabric is in the sample
    assertEquals(
        fabric.switches().stream().map(CompiledSwitch::platform).distinct().sorted().toList(),
        sample.stream().map(CompiledSwitch::platform).distinct().sorted().toList());
  }
}
