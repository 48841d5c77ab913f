package dev.weft.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.compile.EcnProfile;
import dev.weft.drift.Drift;
import dev.weft.drift.DriftAudit;
import dev.weft.drift.Tolerance;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.json.Json;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.RenderGaps;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The intent's {@code ecn.non-ect} and a port's own PFC watchdog action, end to end on the
 * wred-drop-lossless pass fixture (a SONiC leaf, an OpenConfig spine whose Ethernet0 forwards on a
 * storm): compiled, rendered, read back by each platform's reader with no difference, and a value
 * changed in the file is exactly one drift finding at the value's vendor path.
 */
class NonEctAndPortWatchdogTest {

  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());
  private static final TranslationCheck CHECK = new TranslationCheck(TestPlatforms.PLATFORMS);

  private static CompiledFabric fixture(String kind) throws Exception {
    Path root = Examples.projectRoot();
    IntentResult read =
        TestPlatforms.intentReader()
            .read(new WorkingTreeSource(root, root.resolve("policies/wred-drop-lossless/" + kind)));
    return Compiler.compile(read.model(), AsicProfiles.builtIn()).fabric();
  }

  private static CompiledSwitch sw(CompiledFabric f, String name) {
    return (CompiledSwitch) f.device(name).orElseThrow();
  }

  private static Map<String, Boolean> dropNonEct(CompiledSwitch sw) {
    Map<String, Boolean> out = new TreeMap<>();
    for (EcnProfile e : sw.ecnProfiles()) {
      out.put(e.name(), e.dropNonEct());
    }
    return out;
  }

  /** The switch's file read back as its platform's reader reads the device. */
  private static CompiledSwitch readBack(CompiledSwitch sw, String file, String text)
      throws Exception {
    LiveProfile profile = TestPlatforms.PLATFORMS.live(sw.platform()).orElseThrow();
    return profile.read(text, sw.name(), "rendered " + sw.name());
  }

  private static List<Finding> drift(CompiledSwitch sw, CompiledSwitch live) {
    LiveProfile profile = TestPlatforms.PLATFORMS.live(sw.platform()).orElseThrow();
    return Drift.compare(
        DriftAudit.comparable(sw, profile),
        live,
        Tolerance.EXACT,
        profile.paths(),
        profile.notAudited().keySet());
  }

  @Test
  void nonEctIsKeepUnlessAClassSaysDropAndItsBySpeedProfilesFollow() throws Exception {
    assertEquals(
        Map.of("rdma", false, "storage", true), dropNonEct(sw(fixture("pass"), "leaf-01")));
    assertEquals(Map.of("rdma", true), dropNonEct(sw(fixture("fail"), "leaf-01")));
  }

  @Test
  @SuppressWarnings("unchecked")
  void sonicWritesWredDropPerProfileAndReadsItBack() throws Exception {
    CompiledFabric f = fixture("pass");
    CompiledSwitch leaf = sw(f, "leaf-01");
    Renderer.DeviceOutput out = RENDERER.renderDevice(leaf, f.fabric());
    String text = out.text("config_db.json");
    Map<String, Object> wred =
        (Map<String, Object>) ((Map<String, Object>) Json.parse(text)).get("WRED_PROFILE");
    for (String color : List.of("green", "yellow", "red")) {
      String field = "wred_" + color + "_enable";
      assertEquals("false", ((Map<String, Object>) wred.get("rdma")).get(field), field);
      assertEquals("true", ((Map<String, Object>) wred.get("storage")).get(field), field);
      // marking stays on either way: ecn is the marking mode, wred_<color>_enable the drop
      assertEquals("ecn_all", ((Map<String, Object>) wred.get("rdma")).get("ecn"));
    }
    assertEquals(List.of(), CHECK.check(leaf, out.files()));
    assertEquals(
        Map.of("rdma", false, "storage", true), dropNonEct(readBack(leaf, "config_db.json", text)));

    // the lossless queue's profile dropping on the device is one drift-ecn finding
    String changed =
        text.replaceFirst("(\"rdma\": \\{[^}]*\"wred_green_enable\": )\"false\"", "$1\"true\"");
    assertTrue(!changed.equals(text), "the test edits the rdma profile");
    List<Finding> found = drift(leaf, readBack(leaf, "config_db.json", changed));
    assertEquals(1, found.size(), found.toString());
    assertEquals("drift-ecn", found.get(0).rule());
    assertEquals("keep", found.get(0).expected());
    assertEquals("drop", found.get(0).actual());
    assertEquals(
        "/qos/queue-management-profiles/queue-management-profile[rdma]/wred/uniform/config/drop",
        found.get(0).path());
  }

  @Test
  void openConfigWritesEachPortsOwnWatchdogActionAndTheDropLeafAndReadsThemBack() throws Exception {
    CompiledFabric f = fixture("pass");
    CompiledSwitch spine = sw(f, "spine-01");
    assertEquals("forward", spine.port("Ethernet0").watchdogAction());
    assertNull(spine.port("Ethernet8").watchdogAction());
    Renderer.DeviceOutput out = RENDERER.renderDevice(spine, f.fabric());
    String text = out.text("config.xml");
    assertEquals(1, count(text, "<action>forward</action>"), text);
    assertEquals(1, count(text, "<action>drop</action>"), text);
    assertEquals(1, count(text, "<drop>true</drop>"), "storage drops non-ECT");
    assertEquals(1, count(text, "<drop>false</drop>"), "rdma keeps non-ECT");
    assertEquals(List.of(), CHECK.check(spine, out.files()), "translation validation is clean");

    CompiledSwitch read = readBack(spine, "config.xml", text);
    // the first watchdog port's action is the switch's; the other port names its own
    assertEquals("forward", read.watchdog().action());
    assertNull(read.port("Ethernet0").watchdogAction());
    assertEquals("drop", read.port("Ethernet8").watchdogAction());

    // Ethernet8 forwarding like the exception port on the device: one finding on that port, at its
    // vendor path (Ethernet0, the first by name, gives the switch's action as the reader reads it)
    String changed = text.replaceFirst("<action>drop</action>", "<action>forward</action>");
    List<Finding> found = drift(spine, readBack(spine, "config.xml", changed));
    assertEquals(1, found.size(), found.toString());
    Finding d = found.get(0);
    assertEquals("drift-watchdog", d.rule());
    assertEquals("Ethernet8", d.port());
    assertEquals("drop", d.expected());
    assertEquals("forward", d.actual());
    assertEquals("/qos/interfaces/interface[Ethernet8]/pfc/watchdog/config/action", d.path());
    assertTrue(d.location().file().endsWith("wred-drop-lossless/pass/fabric.yaml"), d.toString());
  }

  @Test
  void platformsThatCannotKeepNonEctOrHoldAPortsActionSayItAsRenderGaps() throws Exception {
    CompiledFabric f = fixture("pass");
    for (String platform : List.of("eos", "nxos", "srlinux", "junos")) {
      CompiledSwitch spine = sw(f, "spine-01").toBuilder().platform(platform).build();
      List<String> gaps =
          RenderGaps.of(spine, TestPlatforms.PLATFORMS.pack(platform).orElseThrow()).stream()
              .map(Finding::message)
              .toList();
      assertTrue(
          gaps.stream().anyMatch(m -> m.contains("rdma drop non-ECT packets")),
          platform + ": " + gaps);
    }
    for (String platform : List.of("eos", "nxos")) {
      CompiledSwitch spine = sw(f, "spine-01").toBuilder().platform(platform).build();
      List<String> gaps =
          RenderGaps.of(spine, TestPlatforms.PLATFORMS.pack(platform).orElseThrow()).stream()
              .map(Finding::message)
              .toList();
      assertTrue(
          gaps.stream().anyMatch(m -> m.contains("Ethernet0 forward")), platform + ": " + gaps);
    }
  }

  private static int count(String text, String part) {
    return (text.length() - text.replace(part, "").length()) / part.length();
  }
}
