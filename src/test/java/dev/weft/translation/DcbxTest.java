package dev.weft.translation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.Drift;
import dev.weft.drift.DriftAudit;
import dev.weft.drift.DriftRules;
import dev.weft.drift.Tolerance;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
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
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A switch's DCBX mode ({@code fabric.dcbx: ieee}) end to end on one leaf per platform
 * (src/test/resources/dcbx): compiled onto every switch at the fabric's dcbx line, rendered on NVUE
 * as the three LLDP DCBX TLV keys of every port in the words of the switch's Cumulus release and on
 * NX-OS as the LLDP TLV selector with dcbxp and IEEE on every port and on EOS as {@code dcbx mode
 * ieee} on every port of its CLI file, read back with no difference; a TLV turned off on one port
 * is exactly one PFC difference at the dcbx line; a fabric that does not write dcbx renders exactly
 * what it did before and is never drift; every platform without a DCBX setting is one render-gap
 * note.
 */
class DcbxTest {

  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());
  private static final TranslationCheck CHECK = new TranslationCheck(TestPlatforms.PLATFORMS);
  private static final int DCBX_LINE = 32;
  private static final String NVUE_FILE = "startup.yaml";
  private static final String EOS_FILE = "weft-qos.eos.cfg";

  private static CompiledFabric fabric() throws Exception {
    return Examples.compile(Examples.projectRoot(), Path.of("src/test/resources/dcbx"));
  }

  private static CompiledSwitch sw(CompiledFabric f, String name) {
    return (CompiledSwitch) f.device(name).orElseThrow();
  }

  private static String render(CompiledFabric f, CompiledSwitch s, String file) throws Exception {
    return RENDERER.renderDevice(s, f.fabric()).text(file);
  }

  @Test
  void everySwitchAdvertisesIeeeAtTheFabricsDcbxLine() throws Exception {
    CompiledFabric f = fabric();
    assertEquals(8, f.switches().size());
    for (CompiledSwitch s : f.switches()) {
      assertEquals("ieee", s.dcbx(), s.name());
      assertEquals(DCBX_LINE, s.provenance().get("dcbx").line(), s.name());
    }
  }

  @Test
  void nvueSetsTheThreeTlvsOnEveryPortInItsReleasesWords() throws Exception {
    CompiledFabric f = fabric();
    String old = render(f, sw(f, "nvue-leaf"), NVUE_FILE);
    for (String port : List.of("swp1", "swp2")) {
      int at = old.indexOf("      " + port + ":\n");
      int next = old.indexOf("\n      swp", at + 1);
      String block = old.substring(at, next < 0 ? old.length() : next);
      for (String tlv : List.of("dcbx-pfc-tlv", "dcbx-ets-config-tlv", "dcbx-ets-recomm-tlv")) {
        assertTrue(block.contains("          " + tlv + ": 'on'\n"), port + "\n" + block);
      }
    }
    String newer = render(f, sw(f, "nvue-leaf-515"), NVUE_FILE);
    assertTrue(newer.contains("          dcbx-pfc-tlv: 'enabled'\n"), newer);
    CompiledSwitch off = sw(f, "nvue-leaf").toBuilder().dcbx("off").build();
    String offText = render(f, off, NVUE_FILE);
    assertTrue(offText.contains("          dcbx-ets-recomm-tlv: 'off'\n"), offText);
    assertEquals(List.of(), CHECK.check(off, RENDERER.renderDevice(off, f.fabric()).files()));
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

  /**
   * Without fabric.dcbx every platform's files are byte for byte what they were before the knob.
   */
  @Test
  void notWrittenRendersNothingAndEveryOtherPlatformIgnoresIt() throws Exception {
    CompiledFabric f = fabric();
    for (CompiledSwitch s : f.switches()) {
      CompiledSwitch unmanaged = s.toBuilder().dcbx(null).build();
      Renderer.DeviceOutput with = RENDERER.renderDevice(s, f.fabric());
      Renderer.DeviceOutput without = RENDERER.renderDevice(unmanaged, f.fabric());
      assertEquals(List.of(), CHECK.check(unmanaged, without.files()), s.name());
      for (String file : without.files().keySet()) {
        String text = without.text(file);
        assertFalse(text.contains("dcbx"), s.name() + "/" + file);
        if (!List.of("cumulus", "nxos", "eos").contains(s.platform())) {
          assertEquals(text, with.text(file), s.name() + "/" + file + ": no DCBX setting");
        }
      }
    }
  }

  @Test
  void aTlvTurnedOffOnOnePortIsOnePfcDifferenceAtTheDcbxLine() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "nvue-leaf");
    Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
    String text = out.text(NVUE_FILE);
    String changed = text.replaceFirst("dcbx-ets-recomm-tlv: 'on'", "dcbx-ets-recomm-tlv: 'off'");
    assertNotEquals(text, changed);
    Map<String, byte[]> files = new TreeMap<>(out.files());
    files.put(NVUE_FILE, changed.getBytes(StandardCharsets.UTF_8));
    List<Finding> found = CHECK.check(s, files);
    assertEquals(1, found.size(), found.toString());
    Finding d = found.get(0);
    assertEquals(List.of("ieee", "mixed"), List.of(d.expected(), d.actual()));
    assertEquals(
        "LLDP DCBX TLVs: dcbx-pfc-tlv, dcbx-ets-config-tlv, dcbx-ets-recomm-tlv", d.path());
    assertEquals(DCBX_LINE, d.location().line(), d.toString());
    assertTrue(d.message().contains("on some ports and not on others"), d.message());
  }

  @Test
  void nxosSelectsDcbxpAndIeeeOnEveryPortAndOffDropsDcbxp() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "nx-leaf");
    Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
    String text = out.text("config.xml");
    assertTrue(text.contains("port-vlan,dcbxp,power-mgmt</optTlvSel>"), text);
    for (String id : List.of("eth1/1", "eth1/2")) {
      assertTrue(
          text.contains("<id>" + id + "</id>\n            <portDCBXPVer>IEEE</portDCBXPVer>"),
          id + "\n" + text);
    }
    CompiledSwitch off = s.toBuilder().dcbx("off").build();
    Renderer.DeviceOutput offOut = RENDERER.renderDevice(off, f.fabric());
    assertTrue(offOut.text("config.xml").contains("port-vlan,power-mgmt</optTlvSel>"));
    assertFalse(offOut.text("config.xml").contains("portDCBXPVer"));
    assertEquals(List.of(), CHECK.check(off, offOut.files()));
    // one port back to the device's default, auto-detect (CEE or IEEE, whichever the peer speaks)
    String changed =
        text.replaceFirst("<portDCBXPVer>IEEE</portDCBXPVer>", "<portDCBXPVer>auto</portDCBXPVer>");
    Map<String, byte[]> files = new TreeMap<>(out.files());
    files.put("config.xml", changed.getBytes(StandardCharsets.UTF_8));
    List<Finding> found = CHECK.check(s, files);
    assertEquals(1, found.size(), found.toString());
    assertEquals(List.of("ieee", "mixed"), List.of(found.get(0).expected(), found.get(0).actual()));
    assertEquals(
        "/System/lldp-items/inst-items/if-items/If-list/portDCBXPVer", found.get(0).path());
    assertEquals(DCBX_LINE, found.get(0).location().line());
  }

  /** A device that advertises DCBX is not drift while the intent does not manage it. */
  @Test
  void aDeviceThatAdvertisesIsNoDriftWhereTheIntentDoesNotManageDcbx() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "nvue-leaf");
    LiveProfile profile = TestPlatforms.PLATFORMS.live("cumulus").orElseThrow();
    Map<String, byte[]> files = RENDERER.renderDevice(s, f.fabric()).files();
    CompiledSwitch live =
        profile.read(RenderedReply.of(profile, NVUE_FILE, files).text(), s.name(), "test");
    assertEquals("ieee", live.dcbx());
    CompiledSwitch unmanaged = s.toBuilder().dcbx(null).build();
    assertEquals(
        List.of(),
        Drift.compare(
            DriftAudit.comparable(unmanaged, profile),
            live,
            Tolerance.EXACT,
            profile.paths(),
            Set.of()));
    CompiledSwitch off = s.toBuilder().dcbx("off").build();
    List<Finding> drift =
        Drift.compare(
            DriftAudit.comparable(off, profile), live, Tolerance.EXACT, profile.paths(), Set.of());
    assertEquals(1, drift.size(), drift.toString());
    assertEquals(DriftRules.PFC, drift.get(0).rule());
    assertEquals(DCBX_LINE, drift.get(0).location().line());
  }

  /**
   * EOS: {@code dcbx mode ieee} in every port's interface block of weft-qos.eos.cfg, {@code no dcbx
   * mode} for off; both read back through the CLI reader as the plan. The line gone from the only
   * port reads as EOS's default, off, and a second interface bound to the profile without it as
   * mixed: each one PFC difference at the dcbx line, named by the CLI command.
   */
  @Test
  void eosSetsDcbxModeIeeeOnEveryPortAndOffIsNoDcbxMode() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "eos-leaf");
    Renderer.DeviceOutput out = RENDERER.renderDevice(s, f.fabric());
    String text = out.text(EOS_FILE);
    assertTrue(
        text.contains("interface Ethernet1/1\n")
            && text.contains("   service-profile ROCE\n   dcbx mode ieee\n!\n"),
        text);
    assertEquals(List.of(), CHECK.check(s, out.files()));
    CompiledSwitch off = s.toBuilder().dcbx("off").build();
    Renderer.DeviceOutput offOut = RENDERER.renderDevice(off, f.fabric());
    assertTrue(offOut.text(EOS_FILE).contains("   service-profile ROCE\n   no dcbx mode\n"));
    assertFalse(offOut.text(EOS_FILE).contains("dcbx mode ieee"));
    assertEquals(List.of(), CHECK.check(off, offOut.files()));

    Finding gone = oneEosDifference(s, out, text.replace("   dcbx mode ieee\n", ""));
    assertEquals(List.of("ieee", "off"), List.of(gone.expected(), gone.actual()));
    String second = "interface Ethernet2/1\n   service-profile ROCE\n!\n";
    Finding mixed =
        oneEosDifference(s, out, text.substring(0, text.lastIndexOf("end\n")) + second + "end\n");
    assertEquals(List.of("ieee", "mixed"), List.of(mixed.expected(), mixed.actual()));
  }

  private static Finding oneEosDifference(
      CompiledSwitch s, Renderer.DeviceOutput out, String changed) {
    assertNotEquals(out.text(EOS_FILE), changed);
    Map<String, byte[]> files = new TreeMap<>(out.files());
    files.put(EOS_FILE, changed.getBytes(StandardCharsets.UTF_8));
    List<Finding> found = CHECK.check(s, files);
    assertEquals(1, found.size(), found.toString());
    Finding d = found.get(0);
    assertEquals("cli: interface dcbx mode ieee | no dcbx mode", d.path());
    assertEquals(DCBX_LINE, d.location().line(), d.toString());
    return d;
  }

  /**
   * An EOS running-config backup ({@code weft drift --from-backup}, a switch with a CLI login) is
   * read by the text reader: {@code dcbx mode ieee} on every port is no drift, {@code dcbx mode
   * none} on them is one PFC finding at the dcbx line.
   */
  @Test
  void anEosBackupIsReadForItsDcbxMode() throws Exception {
    CompiledFabric f = fabric();
    CompiledSwitch s = sw(f, "eos-leaf");
    LiveProfile both =
        TestPlatforms.PLATFORMS.live("eos").orElseThrow().cliAudit().orElseThrow().profile();
    String backup =
        "! Command: show running-config\n" + RENDERER.renderDevice(s, f.fabric()).text(EOS_FILE);
    CompiledSwitch live = both.read(backup, s.name(), "eos-leaf.txt");
    assertEquals("ieee", live.dcbx());
    List<Finding> before = eosDrift(s, both, live);
    assertTrue(before.stream().noneMatch(d -> d.path().contains("dcbx")), before.toString());
    CompiledSwitch none =
        both.read(backup.replace("dcbx mode ieee", "dcbx mode none"), s.name(), "eos-leaf.txt");
    assertEquals("off", none.dcbx());
    List<Finding> after = new ArrayList<>(eosDrift(s, both, none));
    after.removeAll(before);
    assertEquals(1, after.size(), after.toString());
    assertEquals(DriftRules.PFC, after.get(0).rule());
    assertEquals(List.of("ieee", "off"), List.of(after.get(0).expected(), after.get(0).actual()));
    assertEquals(DCBX_LINE, after.get(0).location().line());
  }

  private static List<Finding> eosDrift(CompiledSwitch s, LiveProfile both, CompiledSwitch live) {
    return Drift.compare(
        DriftAudit.comparable(s, both),
        live,
        Tolerance.EXACT,
        both.paths(),
        both.notAudited().keySet());
  }

  @Test
  void platformsWithoutADcbxSettingAreOneRenderGapNoteEachAtTheDcbxLine() throws Exception {
    CompiledFabric f = fabric();
    List<Finding> gaps =
        RenderGaps.of(f.switches(), TestPlatforms.PLATFORMS::pack).stream()
            .filter(g -> g.message().contains("DCBX"))
            .toList();
    assertEquals(
        List.of("junos", "openconfig", "sonic", "srlinux"),
        gaps.stream().map(g -> g.message().split(" ")[1]).toList(),
        gaps.toString());
    for (Finding g : gaps) {
      assertEquals(Severity.INFO, g.severity());
      assertEquals(DCBX_LINE, g.location().line(), g.toString());
    }
    // SONiC's ports send no DCBX at all, rather than keeping a setting of their own
    assertTrue(
        gaps.get(2)
            .message()
            .contains(
                "SONiC has no DCBX in CONFIG_DB, and LLDP in SONiC (lldpd) does not send DCBX"
                    + " TLVs"),
        gaps.get(2).message());
    assertTrue(
        gaps.get(0).message().contains("the switches keep their own"), gaps.get(0).message());
  }
}
