package dev.weft.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.DriftRules;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.json.Json;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.RenderGaps;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.TestPlatforms;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * LAG membership ({@code lag:} on a port) end to end on src/test/resources/lag: compiled onto each
 * member at its port line; rendered on SONiC as PORTCHANNEL and PORTCHANNEL_MEMBER and on Junos as
 * each member's {@code gigether-options 802.3ad ae1} with the ae1 interface, while every member
 * keeps its own PFC, headroom and watchdog; read back with no difference; a member taken out of the
 * LAG or moved to another is one drift-port difference at its lag line; ports without {@code lag:}
 * render exactly what they did before; each platform without a LAG setting is one render-gap note
 * at the first lag line.
 */
class LagTest {

  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());
  private static final TranslationCheck CHECK = new TranslationCheck(TestPlatforms.PLATFORMS);
  private static final String SONIC_FILE = "config_db.json";
  private static final String JUNOS_FILE = "config.xml";

  private static CompiledFabric fabric() throws Exception {
    return Examples.compile(Examples.projectRoot(), Path.of("src/test/resources/lag"));
  }

  private static CompiledSwitch sw(CompiledFabric f, String name) {
    return (CompiledSwitch) f.device(name).orElseThrow();
  }

  private static CompiledPort port(CompiledSwitch s, String name) {
    return s.ports().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void eachMemberCarriesItsLagAtItsPortLineAndKeepsItsOwnQos() throws Exception {
    CompiledSwitch s = sw(fabric(), "sonic-leaf");
    CompiledPort a = port(s, "Ethernet0");
    CompiledPort b = port(s, "Ethernet8");
    assertEquals("PortChannel1", a.lag());
    assertEquals("PortChannel1", b.lag());
    assertNull(port(s, "Ethernet16").lag());
    assertEquals(a.owner("name").line(), a.owner("lag").line());
    assertNotEquals(a.owner("lag").line(), b.owner("lag").line());
    for (CompiledPort m : List.of(a, b)) {
      assertEquals(List.of(3), m.pfcPriorities(), m.name());
      assertTrue(m.watchdog(), m.name());
      assertFalse(m.headroom().isEmpty(), m.name());
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void sonicRendersThePortChannelAndItsMembersBesideEachMembersQos() throws Exception {
    CompiledFabric f = fabric();
    Map<String, Map<String, Object>> db =
        (Map<String, Map<String, Object>>)
            Json.parse(RENDERER.renderDevice(sw(f, "sonic-leaf"), f.fabric()).text(SONIC_FILE));
    assertEquals(
        Map.of("PortChannel1", Map.of("admin_status", "up", "min_links", "1", "mtu", "9216")),
        db.get("PORTCHANNEL"));
    assertEquals(
        Map.of("PortChannel1|Ethernet0", Map.of(), "PortChannel1|Ethernet8", Map.of()),
        db.get("PORTCHANNEL_MEMBER"));
    // PFC, headroom and the watchdog stay on each member, as SONiC applies them per port
    for (String member : List.of("Ethernet0", "Ethernet8")) {
      assertTrue(db.get("BUFFER_PG").containsKey(member + "|3"), member);
      assertTrue(db.get("PFC_WD").containsKey(member), member);
      assertEquals(
          "3", ((Map<String, Object>) db.get("PORT_QOS_MAP").get(member)).get("pfc_enable"));
    }
  }

  @Test
  void junosJoinsEachMemberToAe1AndRendersAe1() throws Exception {
    CompiledFabric f = fabric();
    String text = RENDERER.renderDevice(sw(f, "qfx-leaf"), f.fabric()).text(JUNOS_FILE);
    assertEquals(2, count(text, "<ieee-802.3ad>\n            <bundle>ae1</bundle>"), text);
    assertTrue(
        text.contains(
            "<name>ae1</name>\n        <mtu>9216</mtu>\n        <aggregated-ether-options>\n"
                + "          <lacp>\n            <active/>"),
        text);
    // the congestion-notification profiles stay on the members
    assertTrue(text.contains("<name>pfc-et-0/0/0</name>"), text);
    assertTrue(text.contains("<name>pfc-et-0/0/1</name>"), text);
    assertFalse(text.contains("pfc-ae1"), text);
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

  @Test
  void theReadersReadEachMembersLag() throws Exception {
    CompiledFabric f = fabric();
    for (String name : List.of("sonic-leaf", "qfx-leaf")) {
      CompiledSwitch s = sw(f, name);
      LiveProfile profile = TestPlatforms.PLATFORMS.live(s.platform()).orElseThrow();
      String file = s.platform().equals("sonic") ? SONIC_FILE : JUNOS_FILE;
      Map<String, byte[]> files = RENDERER.renderDevice(s, f.fabric()).files();
      CompiledSwitch read =
          profile.read(RenderedReply.of(profile, file, files).text(), s.name(), "test");
      List<String> lags = new ArrayList<>();
      read.ports().forEach(p -> lags.add(p.name() + "=" + p.lag()));
      List<String> want = new ArrayList<>();
      s.ports().forEach(p -> want.add(p.name() + "=" + p.lag()));
      assertEquals(want, lags, name);
    }
  }

  @Test
  void aMemberTakenOutOfThePortChannelIsOnePortDifferenceAtItsLagLine() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "sonic-leaf");
    Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
    String text = out.text(SONIC_FILE);
    String changed = text.replace("    \"PortChannel1|Ethernet0\": {},\n", "");
    assertNotEquals(text, changed);
    Finding d = onlyDifference(s, out.files(), SONIC_FILE, changed);
    assertEquals("Ethernet0", d.port());
    assertEquals(List.of("PortChannel1", "none"), List.of(d.expected(), d.actual()));
    assertEquals(port(s, "Ethernet0").owner("lag").line(), d.location().line());
    assertTrue(d.message().contains("the port is in no LAG on the device"), d.message());
  }

  @Test
  void aJunosMemberMovedToAnotherBundleIsOnePortDifferenceAtItsLagLine() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "qfx-leaf");
    Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
    String text = out.text(JUNOS_FILE);
    String changed = text.replaceFirst("<bundle>ae1</bundle>", "<bundle>ae2</bundle>");
    Finding d = onlyDifference(s, out.files(), JUNOS_FILE, changed);
    assertEquals("et-0/0/0", d.port());
    assertEquals(List.of("ae1", "ae2"), List.of(d.expected(), d.actual()));
    assertEquals(
        "/configuration/interfaces/interface[et-0/0/0]/gigether-options/ieee-802.3ad/bundle",
        d.path());
    assertEquals(port(s, "et-0/0/0").owner("lag").line(), d.location().line());
  }

  /** Without lag: every platform's files are byte for byte what they were before the key. */
  @Test
  void portsWithoutALagRenderAsBefore() throws Exception {
    CompiledFabric f = fabric();
    for (CompiledSwitch s : f.switches()) {
      List<CompiledPort> ports = new ArrayList<>();
      s.ports().forEach(p -> ports.add(p.toBuilder().lag(null).build()));
      CompiledSwitch none = s.toBuilder().ports(ports).build();
      Renderer.DeviceOutput with = RENDERER.renderDevice(s, f.fabric());
      Renderer.DeviceOutput without = RENDERER.renderDevice(none, f.fabric());
      assertEquals(List.of(), CHECK.check(none, without.files()), s.name());
      for (String file : without.files().keySet()) {
        String text = without.text(file);
        assertFalse(text.contains("PORTCHANNEL") || text.contains("802.3ad"), s.name());
        if (!List.of("sonic", "junos").contains(s.platform())) {
          assertEquals(text, with.text(file), s.name() + "/" + file + ": no LAG setting");
        }
      }
    }
  }

  @Test
  void platformsWithoutALagSettingAreOneRenderGapNoteEachAtTheFirstLagLine() throws Exception {
    CompiledFabric f = fabric();
    List<Finding> gaps =
        RenderGaps.of(f.switches(), TestPlatforms.PLATFORMS::pack).stream()
            .filter(g -> g.message().contains("LAG membership"))
            .toList();
    assertEquals(
        List.of("cumulus", "openconfig"),
        gaps.stream().map(g -> g.message().split(" ")[1]).toList(),
        gaps.toString());
    for (Finding g : gaps) {
      assertEquals(Severity.INFO, g.severity());
      CompiledSwitch s = sw(f, g.device());
      assertEquals(s.ports().get(0).owner("lag"), g.location(), g.toString());
    }
  }

  /** A name SONiC's YANG refuses stops the switch at that port's lag line, as the device would. */
  @Test
  void aLagNameThePlatformDoesNotTakeStopsTheSwitchAtItsLagLine() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "sonic-leaf");
    List<CompiledPort> ports = new ArrayList<>();
    s.ports()
        .forEach(
            p -> ports.add(p.name().equals("Ethernet8") ? p.toBuilder().lag("bond1").build() : p));
    CompiledSwitch bad = s.toBuilder().ports(ports).build();
    Renderer.DeviceOutput out = RENDERER.renderDevice(bad, f.fabric());
    assertEquals(Map.of(), out.files());
    assertEquals(1, out.findings().size(), out.findings().toString());
    Finding e = out.findings().get(0);
    assertEquals(RenderGaps.RENDER_ERROR, e.rule());
    assertEquals("Ethernet8", e.port());
    assertEquals(port(s, "Ethernet8").owner("lag"), e.location());
    assertEquals(List.of("PortChannel[0-9]{1,4}", "bond1"), List.of(e.expected(), e.actual()));
  }

  private static Finding onlyDifference(
      CompiledSwitch s, Map<String, byte[]> rendered, String file, String changed) {
    Map<String, byte[]> files = new TreeMap<>(rendered);
    files.put(file, changed.getBytes(StandardCharsets.UTF_8));
    List<Finding> found = CHECK.check(s, files);
    assertEquals(1, found.size(), found.toString());
    assertTrue(found.get(0).message().contains("different port"), found.get(0).message());
    assertEquals(DriftRules.PORT.substring("drift-".length()), "port");
    return found.get(0);
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}
