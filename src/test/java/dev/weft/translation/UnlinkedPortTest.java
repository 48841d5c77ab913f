package dev.weft.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.drift.Drift;
import dev.weft.drift.DriftAudit;
import dev.weft.drift.Tolerance;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.json.Json;
import dev.weft.platform.LiveProfile;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A declared port without a link (issue 33: "one uncabled port blocks a whole leaf"), on the
 * port-unlinked fail fixture: one switch of each RoCE platform whose Ethernet0 is cabled to a GPU
 * and whose Ethernet8 is not. The unlinked port compiles lossy (no PFC, no watchdog, no headroom)
 * on every platform alike, nothing stops a switch from rendering, and every rendered file reads
 * back as planned with no drift.
 */
class UnlinkedPortTest {

  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());
  private static final TranslationCheck CHECK = new TranslationCheck(TestPlatforms.PLATFORMS);

  private static CompiledFabric fixture(String kind) throws Exception {
    Path root = Examples.projectRoot();
    IntentResult read =
        TestPlatforms.intentReader()
            .read(new WorkingTreeSource(root, root.resolve("policies/port-unlinked/" + kind)));
    return Compiler.compile(read.model(), AsicProfiles.builtIn()).fabric();
  }

  @Test
  void anUnlinkedPortIsLossyOnEveryPlatformAndItsCabledNeighbourIsNot() throws Exception {
    CompiledFabric f = fixture("fail");
    Set<String> platforms = new TreeSet<>();
    for (CompiledSwitch sw : f.switches()) {
      platforms.add(sw.platform());
      CompiledPort cabled = sw.port("Ethernet0");
      CompiledPort unlinked = sw.port("Ethernet8");
      assertEquals(List.of(3), cabled.pfcPriorities(), sw.name());
      assertEquals(List.of(), unlinked.pfcPriorities(), sw.name());
      assertFalse(unlinked.watchdog(), sw.name());
      assertEquals(List.of(), unlinked.headroom(), sw.name());
      // the rest of the plan is the port's as usual
      assertEquals(cabled.priorityToQueue(), unlinked.priorityToQueue(), sw.name());
      assertTrue(unlinked.trustDscp(), sw.name());
      // the PFC set is owned by the port's own line, where port-unlinked points
      assertEquals(unlinked.owner("name"), unlinked.owner("pfc_priorities"), sw.name());
    }
    assertEquals(
        Set.of("cumulus", "eos", "junos", "nxos", "openconfig", "sonic", "srlinux"), platforms);
  }

  @Test
  void everySwitchRendersAndReadsBackWithNoDifference() throws Exception {
    CompiledFabric f = fixture("fail");
    assertEquals(List.of(), RENDERER.preflight(f), "nothing blocks a switch");
    List<Finding> differences = new java.util.ArrayList<>();
    for (CompiledSwitch sw : f.switches()) {
      Renderer.DeviceOutput out = RENDERER.renderDevice(sw, f.fabric());
      assertEquals(List.of(), out.findings(), sw.name());
      assertFalse(out.files().isEmpty(), sw.name());
      differences.addAll(CHECK.check(sw, out.files()));
    }
    assertEquals(List.of(), differences, "every switch reads back as planned");
  }

  @Test
  @SuppressWarnings("unchecked")
  void sonicWritesTheUnlinkedPortWithoutPfcOrHeadroomAndDriftIsClean() throws Exception {
    CompiledFabric f = fixture("fail");
    CompiledSwitch leaf = (CompiledSwitch) f.device("leaf-01").orElseThrow();
    assertEquals("sonic", leaf.platform());
    String text = RENDERER.renderDevice(leaf, f.fabric()).text("config_db.json");
    Map<String, Object> db = (Map<String, Object>) Json.parse(text);
    Map<String, Object> qos = (Map<String, Object>) db.get("PORT_QOS_MAP");
    assertEquals("3", ((Map<String, Object>) qos.get("Ethernet0")).get("pfc_enable"), text);
    Object pfc = ((Map<String, Object>) qos.get("Ethernet8")).get("pfc_enable");
    assertTrue(pfc == null || "".equals(pfc), "Ethernet8 has no PFC: " + pfc);
    Map<String, Object> pgs = (Map<String, Object>) db.get("BUFFER_PG");
    assertTrue(pgs.keySet().stream().anyMatch(k -> k.startsWith("Ethernet0|")), text);
    assertTrue(pgs.keySet().stream().noneMatch(k -> k.startsWith("Ethernet8|3")), text);

    LiveProfile profile = TestPlatforms.PLATFORMS.live("sonic").orElseThrow();
    CompiledSwitch live = profile.read(text, leaf.name(), "rendered " + leaf.name());
    List<Finding> drift =
        Drift.compare(
            DriftAudit.comparable(leaf, profile),
            live,
            Tolerance.EXACT,
            profile.paths(),
            profile.notAudited().keySet());
    assertEquals(List.of(), drift);
  }

  /**
   * A switch whose ports are all unlinked (the fixture without its hosts and links) runs no PFC on
   * any port. EOS, NVUE and OpenConfig derive the switch-wide lossless set and watchdog from the
   * ports (none), the other platforms from the plan's classes; drift compares what the ports run,
   * so every platform reads it back as planned instead of failing translation validation with an
   * internal-error.
   */
  @Test
  void aSwitchWhoseEveryPortIsUnlinkedRendersAndReadsBackOnEveryPlatform(@TempDir Path dir)
      throws Exception {
    Path root = Examples.projectRoot();
    String text =
        java.nio.file.Files.readString(root.resolve("policies/port-unlinked/fail/fabric.yaml"));
    java.nio.file.Files.writeString(
        dir.resolve("fabric.yaml"), text.substring(0, text.indexOf("hosts:")));
    IntentResult read = TestPlatforms.intentReader().read(new WorkingTreeSource(dir, dir));
    assertTrue(read.ok(), read.findings().toString());
    CompiledFabric f = Compiler.compile(read.model(), AsicProfiles.builtIn()).fabric();
    assertEquals(List.of(), RENDERER.preflight(f), "nothing blocks a switch");
    List<Finding> differences = new java.util.ArrayList<>();
    for (CompiledSwitch sw : f.switches()) {
      assertTrue(sw.ports().stream().allMatch(p -> p.pfcPriorities().isEmpty()), sw.name());
      Renderer.DeviceOutput out = RENDERER.renderDevice(sw, f.fabric());
      assertEquals(List.of(), out.findings(), sw.name());
      differences.addAll(CHECK.check(sw, out.files()));
    }
    assertEquals(7, f.switches().size());
    assertEquals(List.of(), differences, "every switch reads back as planned");
  }

  @Test
  void oncePlannedLosslessTheSamePortCompilesWithPfcAndHeadroom() throws Exception {
    CompiledFabric f = fixture("pass");
    for (CompiledSwitch sw : f.switches()) {
      CompiledPort cabled = sw.port("Ethernet8");
      assertEquals(List.of(3), cabled.pfcPriorities(), sw.name());
      assertTrue(cabled.watchdog(), sw.name());
    }
  }
}
