package dev.weft.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.json.Json;
import dev.weft.platform.RenderGaps;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.TestPlatforms;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A switch's trust mode ({@code fabric.trust: pcp} with a PCP map that folds PCP 1 into priority
 * 0), end to end on one leaf per platform (src/test/resources/trust-mode): compiled onto every
 * port, rendered as each platform classifies by 802.1p (SONiC DOT1P_TO_TC_MAP, NVUE trust l2, EOS
 * qos trust cos, a Junos ieee-802.1 classifier), read back by each reader with no difference, a PCP
 * entry changed in a rendered file is exactly one classification difference at that PCP's vendor
 * path, and the platforms without an 802.1p classifier are one render-gap note each.
 */
class TrustModeTest {

  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());
  private static final TranslationCheck CHECK = new TranslationCheck(TestPlatforms.PLATFORMS);
  private static final List<Integer> MAP = List.of(0, 0, 2, 3, 4, 5, 6, 7);

  private static CompiledFabric fabric() throws Exception {
    return Examples.compile(Examples.projectRoot(), Path.of("src/test/resources/trust-mode"));
  }

  private static CompiledSwitch sw(CompiledFabric f, String name) {
    return (CompiledSwitch) f.device(name).orElseThrow();
  }

  @Test
  void everyPortTrustsPcpAtTheFabricsTrustLineWithTheFabricsMap() throws Exception {
    CompiledFabric f = fabric();
    assertEquals(7, f.switches().size());
    for (CompiledSwitch s : f.switches()) {
      assertEquals(MAP, s.pcpToPriority(), s.name());
      assertEquals(
          32, s.provenance().get("pcp_to_priority").line(), s.name() + ": the pcp-map line");
      for (CompiledPort p : s.ports()) {
        assertFalse(p.trustDscp(), s.name() + ":" + p.name());
        assertEquals(31, p.owner("trust_dscp").line(), "the fabric's trust: pcp line");
      }
    }
  }

  @Test
  void aSwitchsOwnTrustOverridesTheFabricsAndDscpRendersAsBefore() throws Exception {
    CompiledFabric f = fabric();
    // the DSCP map stays in every file; only its binding changes, so a DSCP switch is unchanged
    CompiledSwitch pcp = sw(f, "sonic-leaf");
    CompiledSwitch dscp =
        pcp.toBuilder()
            .pcpToPriority(List.of())
            .ports(pcp.ports().stream().map(p -> p.toBuilder().trustDscp(true).build()).toList())
            .build();
    String text = RENDERER.renderDevice(dscp, f.fabric()).text("config_db.json");
    assertFalse(text.contains("DOT1P_TO_TC_MAP"), text);
    assertTrue(text.contains("\"dscp_to_tc_map\": \"ROCE\""), text);
  }

  @Test
  @SuppressWarnings("unchecked")
  void sonicBindsDot1pInsteadOfDscp() throws Exception {
    CompiledFabric f = fabric();
    String text = RENDERER.renderDevice(sw(f, "sonic-leaf"), f.fabric()).text("config_db.json");
    Map<String, Object> db = (Map<String, Object>) Json.parse(text);
    Map<String, Object> dot1p =
        (Map<String, Object>) ((Map<String, Object>) db.get("DOT1P_TO_TC_MAP")).get("ROCE");
    assertEquals("0", dot1p.get("1"));
    assertEquals("3", dot1p.get("3"));
    Map<String, Object> binding =
        (Map<String, Object>) ((Map<String, Object>) db.get("PORT_QOS_MAP")).get("Ethernet0");
    assertEquals("ROCE", binding.get("dot1p_to_tc_map"));
    assertFalse(binding.containsKey("dscp_to_tc_map"), binding.toString());
    assertTrue(db.containsKey("DSCP_TO_TC_MAP"), "the DSCP map stays, unbound");
  }

  @Test
  void everyPlatformsFilesReadBackAsThePlan() throws Exception {
    CompiledFabric f = fabric();
    for (CompiledSwitch s : f.switches()) {
      Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
      assertEquals(List.of(), out.findings(), s.name());
      assertEquals(List.of(), CHECK.check(s, out.files()), s.name());
    }
  }

  /** One PCP entry changed in each classifying platform's file, and where the difference points. */
  @Test
  void aPcpEntryChangedInTheFileIsOneClassificationDifferenceAtItsPath() throws Exception {
    CompiledFabric f = fabric();
    // sonic: DOT1P_TO_TC_MAP|ROCE "3": "3" -> "0"
    assertOneDifference(
        f,
        "sonic-leaf",
        "config_db.json",
        "\"DOT1P_TO_TC_MAP\": {\n        \"ROCE\": {\n            \"0\": \"0\",\n            \"1\": \"0\",\n"
            + "            \"2\": \"2\",\n            \"3\": \"3\"",
        "\"DOT1P_TO_TC_MAP\": {\n        \"ROCE\": {\n            \"0\": \"0\",\n            \"1\": \"0\",\n"
            + "            \"2\": \"2\",\n            \"3\": \"0\"",
        "802.1p classifier: PCP 3 to switch priority");
    // NVUE: qos mapping default-global pcp 3 switch-priority 3 -> 0
    assertOneDifference(
        f,
        "nvue-leaf",
        "startup.yaml",
        "'3':\n              switch-priority: 3\n            '4'",
        "'3':\n              switch-priority: 0\n            '4'",
        "802.1p classifier: PCP 3 to switch priority");
    // EOS: qos map cos 3 to traffic-class 3 -> 0
    assertOneDifference(
        f,
        "eos-leaf",
        "weft-qos.eos.cfg",
        "qos map cos 3 to traffic-class 3",
        "qos map cos 3 to traffic-class 0",
        "cli: qos map cos 3 to traffic-class");
    // Junos: code point 011 moves from tc3 to tc0's class
    assertOneDifference(
        f,
        "qfx-leaf",
        "config.xml",
        "<code-points>011</code-points>\n",
        "",
        "/configuration/class-of-service/classifiers/ieee-802.1[weft-pcp]/forwarding-class/loss-priority/code-points");
  }

  private static void assertOneDifference(
      CompiledFabric f, String device, String file, String from, String to, String path)
      throws Exception {
    CompiledSwitch s = sw(f, device);
    Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
    String text = out.text(file);
    String changed = text.replace(from, to);
    assertNotEquals(text, changed, device + ": the test edits " + file + "\n" + text);
    Map<String, byte[]> files = new TreeMap<>(out.files());
    files.put(file, changed.getBytes(StandardCharsets.UTF_8));
    List<Finding> found = CHECK.check(s, files);
    assertEquals(1, found.size(), device + ": " + found);
    assertEquals(path, found.get(0).path(), device);
    assertTrue(found.get(0).message().contains("classification"), found.get(0).message());
    assertEquals(32, found.get(0).location().line(), device + ": at the fabric's pcp-map line");
  }

  @Test
  void platformsWithoutAn8021pClassifierAreOneRenderGapNoteEachAtTheTrustLine() throws Exception {
    CompiledFabric f = fabric();
    List<Finding> gaps =
        RenderGaps.of(f.switches(), TestPlatforms.PLATFORMS::pack).stream()
            .filter(g -> g.message().contains("PCP trust"))
            .toList();
    assertEquals(3, gaps.size(), gaps.toString());
    for (Finding g : gaps) {
      assertEquals(Severity.INFO, g.severity());
      assertEquals(31, g.location().line(), g.toString());
    }
    assertEquals(
        List.of("nxos", "openconfig", "srlinux"),
        gaps.stream().map(g -> g.message().split(" ")[1]).toList());
  }
}
