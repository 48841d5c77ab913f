package dev.weft.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A port that declares its cable without a link (issue 31: an import from one device's backup knows
 * no far end). On {@code src/test/resources/port-cable/}: one switch of each RoCE platform whose
 * Ethernet0 is cabled to a GPU and whose Ethernet8 has no link but a {@code cable-length}: a length
 * ({@code length/}) or {@code default} ({@code default/}).
 */
class PortCableLengthTest {

  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());
  private static final TranslationCheck CHECK = new TranslationCheck(TestPlatforms.PLATFORMS);

  private static IntentResult read(Path dir) throws Exception {
    return TestPlatforms.intentReader().read(new WorkingTreeSource(dir, dir));
  }

  private static Path fixture(String kind) {
    return Examples.projectRoot().resolve("src/test/resources/port-cable/" + kind);
  }

  private static CompiledFabric compile(IntentResult read) {
    assertTrue(read.ok(), read.findings().toString());
    return Compiler.compile(read.model(), AsicProfiles.builtIn()).fabric();
  }

  private static long xoff(CompiledPort p) {
    return p.headroom().stream().mapToLong(PriorityGroupHeadroom::xoff).sum();
  }

  /**
   * The 1-based line of the first line of {@code text} holding both strings, after {@code from}.
   */
  private static int line(String text, String from, String what) {
    String[] lines = text.split("\n", -1);
    boolean seen = false;
    for (int i = 0; i < lines.length; i++) {
      seen |= lines[i].contains(from);
      if (seen && lines[i].contains(what)) {
        return i + 1;
      }
    }
    throw new AssertionError(from + " / " + what);
  }

  @Test
  void anUnlinkedPortWithItsOwnLengthIsLosslessWithHeadroomSizedFromIt() throws Exception {
    CompiledFabric f = compile(read(fixture("length")));
    String text = Files.readString(fixture("length").resolve("fabric.yaml"));
    for (CompiledSwitch sw : f.switches()) {
      CompiledPort cabled = sw.port("Ethernet0");
      CompiledPort own = sw.port("Ethernet8");
      assertEquals(List.of(3), own.pfcPriorities(), sw.name());
      assertTrue(own.watchdog(), sw.name());
      assertEquals(5, own.cableLengthMetres(), sw.name());
      assertEquals(
          line(text, "name: " + sw.name(), "cable-length: 5m"),
          own.owner("cable_length_m").line(),
          sw.name());
      // 5 m of cable holds more in flight than the linked port's 3 m
      assertTrue(xoff(own) > xoff(cabled), sw.name() + ": " + own.headroom());
    }
  }

  @Test
  void everySwitchWithAnUnlinkedLengthRendersTheLengthAndReadsBackAsPlanned() throws Exception {
    CompiledFabric f = compile(read(fixture("length")));
    assertEquals(List.of(), RENDERER.preflight(f), "nothing blocks a switch");
    List<Finding> differences = new ArrayList<>();
    Map<String, String> files = new TreeMap<>();
    for (CompiledSwitch sw : f.switches()) {
      Renderer.DeviceOutput out = RENDERER.renderDevice(sw, f.fabric());
      assertEquals(List.of(), out.findings(), sw.name());
      differences.addAll(CHECK.check(sw, out.files()));
      out.files().keySet().forEach(k -> files.put(sw.platform() + "/" + k, out.text(k)));
    }
    assertEquals(List.of(), differences, "every switch reads back as planned");
    assertTrue(files.get("sonic/config_db.json").contains("\"Ethernet8\": \"5m\""));
    assertTrue(files.get("cumulus/startup.yaml").contains("cable-length: 5"));
    assertTrue(files.get("junos/config.xml").contains("<cable-length>5</cable-length>"));
  }

  @Test
  void defaultIsRefusedAtItsLineWhereThePlatformFileCarriesHeadroomAndRendersElsewhere()
      throws Exception {
    CompiledFabric f = compile(read(fixture("default")));
    String text = Files.readString(fixture("default").resolve("fabric.yaml"));
    Map<String, Finding> refused = new TreeMap<>();
    for (Renderer.Blocker b : RENDERER.preflight(f)) {
      refused.put(b.finding().device(), b.finding());
    }
    assertEquals(List.of("leaf-01", "leaf-04"), List.copyOf(refused.keySet()), "SONiC, OpenConfig");
    for (Finding refusal : refused.values()) {
      assertEquals(
          line(text, "name: " + refusal.device(), "cable-length: default"),
          refusal.location().line(),
          refusal.toString());
      assertEquals("Ethernet8", refusal.port());
      assertTrue(refusal.message().contains("cable-length: default"), refusal.message());
    }
    List<Finding> differences = new ArrayList<>();
    for (CompiledSwitch sw : f.switches()) {
      CompiledPort port = sw.port("Ethernet8");
      assertEquals(List.of(3), port.pfcPriorities(), sw.name());
      assertEquals(List.of(), port.headroom(), sw.name());
      if (refused.containsKey(sw.name())) {
        continue;
      }
      Renderer.DeviceOutput out = RENDERER.renderDevice(sw, f.fabric());
      assertEquals(List.of(), out.findings(), sw.name());
      differences.addAll(CHECK.check(sw, out.files()));
    }
    assertEquals(List.of(), differences, "the other platforms read back as planned");
  }

  @Test
  void aProfileLengthSizesItsUnlinkedPortsAndALinkThatDisagreesWithThePortIsAnError(
      @TempDir Path dir) throws Exception {
    String text = Files.readString(fixture("length").resolve("fabric.yaml"));
    text =
        text.replace("switches:", "profiles:\n  ten-metres: { cable-length: 10m }\nswitches:")
            .replaceFirst(
                "\\{ name: Ethernet8, speed: 400G, cable-length: 5m \\}",
                "{ name: Ethernet8, speed: 400G, profile: ten-metres }")
            .replaceFirst(
                "\\{ name: Ethernet0, speed: 400G \\}",
                "{ name: Ethernet0, speed: 400G, cable-length: 7m }");
    Files.writeString(dir.resolve("fabric.yaml"), text);
    IntentResult read = read(dir);
    List<Finding> errors = read.findings().stream().filter(x -> x.rule().equals("schema")).toList();
    assertEquals(1, errors.size(), errors.toString());
    Finding conflict = errors.get(0);
    assertEquals(line(text, "leaf-01", "cable-length: 7m"), conflict.location().line());
    int linkLine = line(text, "links:", "leaf-01:Ethernet0");
    assertTrue(
        conflict.message().contains("fabric.yaml:" + linkLine + ":")
            && conflict.message().contains("7m")
            && conflict.message().contains("3m"),
        conflict.message());

    // without the disagreement, the profile's length sizes the unlinked port
    Files.writeString(dir.resolve("fabric.yaml"), text.replace(", cable-length: 7m", ""));
    CompiledSwitch leaf = (CompiledSwitch) compile(read(dir)).device("leaf-01").orElseThrow();
    CompiledPort port = leaf.port("Ethernet8");
    assertEquals(10, port.cableLengthMetres());
    assertEquals(List.of(3), port.pfcPriorities());
    assertNotNull(port.owner("cable_length_m"));
  }
}
