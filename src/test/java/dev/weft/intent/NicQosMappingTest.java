package dev.weft.intent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledNic;
import dev.weft.compile.Compiler;
import dev.weft.compile.NicKnobs;
import dev.weft.finding.Finding;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.TestYaml;
import dev.weft.yaml.LoadLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fabric.nic-qos} and a NIC model's {@code nic-qos}: mapped with units, merged key by key
 * (reaction-point parameters one by one), each compiled value owned by the line that wrote it.
 */
class NicQosMappingTest {

  private static final Path KNOBS =
      Path.of(System.getProperty("weft.project.dir", "."), "src/test/resources/nic-knobs");

  @TempDir Path dir;

  private IntentResult read(String yaml) throws Exception {
    return new IntentReader(
            new IntentLoader(LoadLimits.defaults()),
            TestPlatforms.schemaValidator(),
            TestPlatforms.PLATFORMS.switches())
        .read(TestYaml.inventory(dir, Map.of("fabric.yaml", yaml)));
  }

  private static String knobs() throws Exception {
    return Files.readString(KNOBS.resolve("fabric.yaml"));
  }

  private static CompiledNic nic(IntentResult r, String name) {
    CompiledFabric f = Compiler.compile(r.model(), AsicProfiles.builtIn()).fabric();
    return f.hosts().get(0).nics().stream()
        .filter(n -> n.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aModelReplacesTheFabricsKeysOneByOneAndEachValueIsOwnedByItsLine() throws Exception {
    IntentResult r = read(knobs());
    assertEquals(List.of(), r.findings());
    CompiledNic plan = nic(r, "eth0");
    CompiledNic model = nic(r, "eth1");
    assertEquals(List.of(0, 0, 0, 1, 0, 0, 0, 0), model.knobs().prio2buffer());
    assertEquals(List.of(262144L, 262144L, 0L, 0L, 0L, 0L, 0L, 0L), plan.knobs().bufferSize());
    assertEquals(List.of(40, 0, 0, 60, 0, 0, 0, 0), plan.knobs().bw());
    assertEquals(List.of(20, 0, 0, 80, 0, 0, 0, 0), model.knobs().bw());
    assertEquals(5L, plan.knobs().dcqcnRp().get("rpg_ai_rate"));
    assertEquals(10L, model.knobs().dcqcnRp().get("rpg_ai_rate"));
    assertEquals(300L, model.knobs().dcqcnRp().get("rpg_time_reset"), "µs, from 300us");
    assertEquals(9, model.knobs().dcqcnRp().size(), "the other eight follow the fabric");
    assertEquals(
        List.copyOf(model.knobs().dcqcnRp().keySet()),
        NicKnobs.RP_PARAMETERS.stream().map(NicKnobs.RpParameter::ofedName).toList(),
        "the order the script sets them");

    String file = "inv/fabric.yaml";
    assertEquals(file, model.owner("ets_bw").file());
    assertEquals(line("          bw: [20, 0, 0, 80, 0, 0, 0, 0]"), model.owner("ets_bw").line());
    assertEquals(line("      bw: [40, 0, 0, 60, 0, 0, 0, 0]"), plan.owner("ets_bw").line());
    assertEquals(
        line("        dcqcn-rp: { ai-rate: 10 }"), model.owner("dcqcn_rp.rpg_ai_rate").line());
    assertEquals(line("      hai-rate: 50"), model.owner("dcqcn_rp.rpg_hai_rate").line());
    assertEquals(
        line("    prio2buffer: [0, 0, 0, 1, 0, 0, 0, 0]"), model.owner("prio2buffer").line());
  }

  @Test
  void withoutNicQosEveryNicHasNoKnob() throws Exception {
    String yaml = knobs();
    int from = yaml.indexOf("  nic-qos:\n");
    int to = yaml.indexOf("  nic-models:\n");
    yaml = yaml.substring(0, from) + yaml.substring(to);
    yaml =
        yaml.replaceAll(
            "(?s)    bluefield-3:\n.*?(?=switches:)", "    bluefield-3: { dcbx: os }\n");
    IntentResult r = read(yaml);
    assertEquals(List.of(), r.findings());
    assertSame(NicKnobs.NONE, nic(r, "eth0").knobs());
    assertTrue(nic(r, "eth1").knobs().none());
  }

  @Test
  void aBufferSizeThatIsNoWholeByteIsALocatedFinding() throws Exception {
    String yaml =
        knobs()
            .replace(
                "    buffer-size: [262144, 262144, 0, 0, 0, 0, 0, 0]",
                "    buffer-size: [262144, 0.5B, 0, 0, 0, 0, 0, 0]");
    IntentResult r = read(yaml);
    assertEquals(1, r.findings().size(), r.findings().toString());
    Finding f = r.findings().get(0);
    assertEquals(line("    buffer-size: [262144, 262144, 0, 0, 0, 0, 0, 0]"), f.location().line());
    assertEquals(27, f.location().column(), f.toString());
  }

  private static int line(String text) throws Exception {
    List<String> lines = Files.readAllLines(KNOBS.resolve("fabric.yaml"));
    int i = lines.indexOf(text);
    assertTrue(i >= 0, "no line " + text);
    return i + 1;
  }
}
