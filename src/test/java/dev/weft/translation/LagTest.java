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
 * at the first lag line. NVUE renders {@code interface bond1 bond member swpN}, EOS each member's
 * openconfig-if-aggregate {@code aggregate-id} and the Port-Channel1 interface, as OpenConfig does.
 */
class LagTest {

  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());
  private static final TranslationCheck CHECK = new TranslationCheck(TestPlatforms.PLATFORMS);
  private static final String SONIC_FILE = "config_db.json";
  private static final String JUNOS_FILE = "config.xml";
  private static final String NVUE_FILE = "startup.yaml";
  private static final String EOS_FILE = "config.xml";

  /** The platforms whose files hold LAG membership. */
  private static final List<String> CARRYING =
      List.of("sonic", "junos", "cumulus", "eos", "openconfig", "nxos");

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
    Map<String, String> fileOf =
        Map.of(
            "sonic-leaf", SONIC_FILE,
            "qfx-leaf", JUNOS_FILE,
            "nvue-leaf", NVUE_FILE,
            "eos-leaf", EOS_FILE,
            "oc-leaf", EOS_FILE,
            "nxos-leaf", EOS_FILE);
    for (String name :
        List.of("sonic-leaf", "qfx-leaf", "nvue-leaf", "eos-leaf", "oc-leaf", "nxos-leaf")) {
      CompiledSwitch s = sw(f, name);
      LiveProfile profile = TestPlatforms.PLATFORMS.live(s.platform()).orElseThrow();
      String file = fileOf.get(name);
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
        for (String lagWord :
            List.of("PORTCHANNEL", "802.3ad", "type: bond", "aggregate", "aggr-items")) {
          assertFalse(text.contains(lagWord), s.name() + ": " + lagWord);
        }
        if (!CARRYING.contains(s.platform())) {
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
        List.of("srlinux"),
        gaps.stream().map(g -> g.message().split(" ")[1]).toList(),
        gaps.toString());
    for (Finding g : gaps) {
      assertEquals(Severity.INFO, g.severity());
      CompiledSwitch s = sw(f, g.device());
      assertEquals(s.ports().get(0).owner("lag"), g.location(), g.toString());
    }
  }

  @Test
  void nvueRendersTheBondWithItsMembersBesideEachMembersPfcProfile() throws Exception {
    CompiledFabric f = fabric();
    String text = RENDERER.renderDevice(sw(f, "nvue-leaf"), f.fabric()).text(NVUE_FILE);
    assertTrue(
        text.contains(
            "      bond1:\n        type: bond\n        bond:\n          member:\n"
                + "            swp1: {}\n            swp2: {}\n        link:\n          mtu: 9216\n"),
        text);
    // the PFC profile and the watchdog stay on each swp member, where NVUE applies them
    assertEquals(2, count(text, "          pfc:\n            profile: lossless-3m\n"), text);
    assertEquals(2, count(text, "          pfc-watchdog:\n            state: enable\n"), text);
  }

  @Test
  void aNvueMemberTakenOutOfTheBondIsOnePortDifferenceAtItsLagLine() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "nvue-leaf");
    Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
    String text = out.text(NVUE_FILE);
    String changed = text.replace("            swp2: {}\n", "");
    assertNotEquals(text, changed);
    Finding d = onlyDifference(s, out.files(), NVUE_FILE, changed);
    assertEquals("swp2", d.port());
    assertEquals(List.of("bond1", "none"), List.of(d.expected(), d.actual()));
    assertEquals(port(s, "swp2").owner("lag").line(), d.location().line());
  }

  @Test
  void eosJoinsEachMemberToPortChannel1AndRendersIt() throws Exception {
    CompiledFabric f = fabric();
    String text = RENDERER.renderDevice(sw(f, "eos-leaf"), f.fabric()).text(EOS_FILE);
    assertEquals(
        2,
        count(
            text,
            "<aggregate-id xmlns=\"http://openconfig.net/yang/interfaces/aggregate\">"
                + "Port-Channel1</aggregate-id>"),
        text);
    assertTrue(
        text.contains(
            "<name>Port-Channel1</name>\n      <config>\n        <name>Port-Channel1</name>\n"
                + "        <type xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">"
                + "ianaift:ieee8023adLag</type>\n        <mtu>9216</mtu>"),
        text);
    assertTrue(text.contains("<lag-type>LACP</lag-type>"), text);
    // the PFC no-drop bitmap stays on each member; the port-channel has none
    assertTrue(text.contains("<interface-id>Ethernet1</interface-id>"), text);
    assertTrue(text.contains("<interface-id>Ethernet2</interface-id>"), text);
    assertFalse(text.contains("<interface-id>Port-Channel1</interface-id>"), text);
  }

  @Test
  void anEosMemberMovedToAnotherPortChannelIsOnePortDifferenceAtItsLagLine() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "eos-leaf");
    Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
    String text = out.text(EOS_FILE);
    String changed =
        text.replaceFirst(">Port-Channel1</aggregate-id>", ">Port-Channel2</aggregate-id>");
    Finding d = onlyDifference(s, out.files(), EOS_FILE, changed);
    assertEquals("Ethernet1", d.port());
    assertEquals(List.of("Port-Channel1", "Port-Channel2"), List.of(d.expected(), d.actual()));
    assertEquals("/interfaces/interface[Ethernet1]/ethernet/config/aggregate-id", d.path());
    assertEquals(port(s, "Ethernet1").owner("lag").line(), d.location().line());
  }

  @Test
  void openConfigJoinsTheMemberToPortChannel1AndRendersIt() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "oc-leaf");
    Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
    String text = out.text(EOS_FILE);
    assertTrue(
        text.contains(
            "<aggregate-id xmlns=\"http://openconfig.net/yang/interfaces/aggregate\">"
                + "Port-Channel1</aggregate-id>"),
        text);
    assertTrue(text.contains("ianaift:ieee8023adLag</type>"), text);
    // PFC stays on the member's /qos/interfaces entry; the LAG has none
    assertFalse(text.contains("<interface-id>Port-Channel1</interface-id>"), text);
    String changed = text.replace(">Port-Channel1</aggregate-id>", ">Port-Channel2</aggregate-id>");
    Finding d = onlyDifference(s, out.files(), EOS_FILE, changed);
    assertEquals(List.of("Port-Channel1", "Port-Channel2"), List.of(d.expected(), d.actual()));
    assertEquals("/interfaces/interface[Ethernet0]/ethernet/config/aggregate-id", d.path());
    assertEquals(port(s, "Ethernet0").owner("lag").line(), d.location().line());
  }

  @Test
  void nxosRendersPo1WithItsMembersBesideEachMembersPfc() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "nxos-leaf");
    Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
    String text = out.text(EOS_FILE);
    assertTrue(text.contains("<id>po1</id>\n          <mtu>9216</mtu>\n"), text);
    assertTrue(text.contains("<pcMode>active</pcMode>"), text);
    for (String id : List.of("eth1/1", "eth1/2")) {
      assertTrue(
          text.contains("<tDn>/System/intf-items/phys-items/PhysIf-list[id='" + id + "']</tDn>"),
          text);
    }
    // priority-flow-control mode on stays on each member
    assertEquals(2, count(text, "<mode>1</mode>"), text);
    String changed =
        text.replace(
            "            <RsMbrIfs-list>\n"
                + "              <tDn>/System/intf-items/phys-items/PhysIf-list[id='eth1/2']</tDn>\n"
                + "            </RsMbrIfs-list>\n",
            "");
    assertNotEquals(text, changed);
    Finding d = onlyDifference(s, out.files(), EOS_FILE, changed);
    assertEquals("Ethernet1/2", d.port());
    assertEquals(List.of("port-channel1", "none"), List.of(d.expected(), d.actual()));
    assertEquals(port(s, "Ethernet1/2").owner("lag").line(), d.location().line());
  }

  /** Names NVUE and EOS refuse stop the switch at that port's lag line. */
  @Test
  void nvueAndEosRefuseNamesTheirDevicesWouldNot() throws Exception {
    CompiledFabric f = fabric();
    Map<String, String> bad = Map.of("nvue-leaf", "swpbond1", "eos-leaf", "Po1");
    for (Map.Entry<String, String> e : bad.entrySet()) {
      CompiledSwitch s = sw(f, e.getKey());
      CompiledPort first = s.ports().get(0);
      List<CompiledPort> ports = new ArrayList<>();
      s.ports().forEach(p -> ports.add(p == first ? p.toBuilder().lag(e.getValue()).build() : p));
      Renderer.DeviceOutput out =
          RENDERER.renderDevice(s.toBuilder().ports(ports).build(), f.fabric());
      assertEquals(Map.of(), out.files(), e.getKey());
      assertEquals(1, out.findings().size(), out.findings().toString());
      assertEquals(first.owner("lag"), out.findings().get(0).location(), e.getKey());
      assertEquals(e.getValue(), out.findings().get(0).actual(), e.getKey());
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
