package dev.weft.platform.eos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.drift.Drift;
import dev.weft.drift.DriftAudit;
import dev.weft.drift.Tolerance;
import dev.weft.finding.Finding;
import dev.weft.platform.CliAudit;
import dev.weft.platform.Feature;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.ReadException;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * EOS read over its CLI beside NETCONF, without a device: the rendered weft-qos.eos.cfg is the text
 * {@code show running-config section ...} prints once the switch holds it, so it reads back to the
 * plan on both ASIC families, and a changed DSCP map is drift at its intent line.
 */
class EosCliTest {
  private static final CompiledFabric FABRIC = Examples.compile("roce-pod-e");
  private static final EosPack PACK = new EosPack();
  private static final CliAudit CLI = PACK.cliAudit().orElseThrow();

  private static CompiledSwitch spine(String asic) {
    CompiledSwitch sw = (CompiledSwitch) FABRIC.device("eos-spine-1").orElseThrow();
    return asic == null ? sw : sw.toBuilder().asic(asic).build();
  }

  private static Renderer.DeviceOutput render(CompiledSwitch sw) {
    return new Renderer(TemplateFolders.builtIn()).renderDevice(sw, FABRIC.fabric());
  }

  /** The switch read back from its rendered files, the CLI file edited by {@code edit}. */
  private static CompiledSwitch readBack(CompiledSwitch sw, String from, String to)
      throws ReadException {
    Renderer.DeviceOutput out = render(sw);
    String cli = out.text("weft-qos.eos.cfg").replace(from, to);
    Map<String, String> outputs = new TreeMap<>();
    CLI.commands(sw).forEach(c -> outputs.put(c, cli));
    return CLI.merge(PACK.read(out.text("config.xml"), sw.name(), "x"), outputs, "x");
  }

  private static List<String> drift(CompiledSwitch sw, CompiledSwitch live) {
    LiveProfile both = CLI.profile();
    List<Finding> found =
        Drift.compare(
            DriftAudit.comparable(sw, both),
            live,
            Tolerance.of(sw),
            both.paths(),
            both.notAudited().keySet());
    return found.stream()
        .map(f -> f.rule() + " " + f.path() + " " + f.location().file() + ":" + f.location().line())
        .toList();
  }

  @Test
  void strataSwitchRendersTridentFieldsAndReadsBackTheWholePlan() throws Exception {
    CompiledSwitch sw = spine(null);
    String cli = render(sw).text("weft-qos.eos.cfg");
    assertTrue(
        cli.contains(
            "ip load-sharing trident fields ip source-ip destination-ip protocol source-port"
                + " destination-port\n"),
        cli);
    assertFalse(cli.contains("load-balance"), cli);
    assertEquals(
        List.of(EosCli.QOS, EosCli.SERVICE_PROFILES, EosCli.STRATA_HASH), CLI.commands(sw));
    CompiledSwitch read = readBack(sw, "", "");
    assertEquals(
        List.of("dst-ip", "ip-protocol", "l4-dst-port", "l4-src-port", "src-ip"),
        read.ecmpHashFields());
    assertFalse(read.dscpToPriority().isEmpty());
    assertEquals(List.of(), drift(sw, read));
  }

  @Test
  void jerichoSwitchRendersTheSandProfileAndReadsItBack() throws Exception {
    CompiledSwitch sw = spine("jericho-2");
    String cli = render(sw).text("weft-qos.eos.cfg");
    assertTrue(
        cli.contains(
            "load-balance policies\n   load-balance sand profile default\n"
                + "      fields ipv4 outer src-ip dst-ip protocol\n"
                + "      fields ipv6 outer src-ip dst-ip next-header\n"
                + "      fields l4 outer src-port dst-port\n"),
        cli);
    assertFalse(cli.contains("load-sharing"), cli);
    assertEquals(EosCli.SAND_HASH, CLI.commands(sw).get(2));
    CompiledSwitch read = readBack(sw, "", "");
    assertEquals(
        List.of("dst-ip", "ip-protocol", "l4-dst-port", "l4-src-port", "src-ip"),
        read.ecmpHashFields());
    assertEquals(List.of(), drift(sw, read));
    // a field dropped from the Sand profile is hash drift at the fabric's ecmp line
    List<String> found =
        drift(sw, readBack(sw, "fields l4 outer src-port dst-port", "fields l4 outer src-port"));
    assertEquals(1, found.size(), found.toString());
    assertTrue(found.get(0).startsWith("drift-hash cli: "), found.toString());
  }

  @Test
  void noHostnameAndTheHeaderSaysSessionNeverReplace() {
    String cli = render(spine(null)).text("weft-qos.eos.cfg");
    assertFalse(cli.lines().anyMatch(l -> l.startsWith("hostname")), cli);
    assertTrue(cli.contains("configure session"), cli);
    assertTrue(cli.contains("never load it as a replacement of the running configuration"), cli);
  }

  @Test
  void aChangedDscpMapIsClassificationDriftAtItsIntentLine() throws Exception {
    CompiledSwitch sw = spine(null);
    String cli = render(sw).text("weft-qos.eos.cfg");
    String line = cli.lines().filter(l -> l.startsWith("qos map dscp ")).findFirst().orElseThrow();
    String tc = line.substring(line.lastIndexOf(' ') + 1);
    String moved = line.substring(0, line.lastIndexOf(' ') + 1) + (tc.equals("1") ? "2" : "1");
    List<String> found = drift(sw, readBack(sw, line + "\n", moved + "\n"));
    assertEquals(1, found.size(), found.toString());
    assertTrue(found.get(0).startsWith("drift-classification cli: qos map dscp "), found.get(0));
    assertTrue(found.get(0).contains("inventories/roce-pod-e/fabric.yaml:"), found.get(0));
  }

  @Test
  void trustOffOnAProfileIsClassificationDriftPerPort() throws Exception {
    CompiledSwitch sw = spine(null);
    List<String> found = drift(sw, readBack(sw, "   qos trust dscp\n", ""));
    assertFalse(found.isEmpty());
    assertTrue(found.stream().allMatch(f -> f.startsWith("drift-classification cli: interface ")));
  }

  @Test
  void aValueOutOfRangeIsRefusedNamingTheLine() {
    ReadException e =
        assertThrows(
            ReadException.class,
            () ->
                EosCliReader.read(
                    Map.of(
                        EosCli.QOS,
                        "qos map traffic-class 3 to tx-queue 3\nqos map dscp 26 99 to traffic-class 3\n"),
                    "spine (127.0.0.1:22) CLI"));
    assertTrue(e.getMessage().contains("line 2"), e.getMessage());
    assertTrue(e.getMessage().contains("99 is out of range 0..63"), e.getMessage());
  }

  @Test
  void withoutACliLoginClassificationAndHashStayNotAuditedSayingHowToEnableThem() {
    assertTrue(PACK.notAudited().get(Feature.CLASSIFICATION).contains("management.cli"));
    assertTrue(PACK.notAudited().get(Feature.HASH).contains("management.cli"));
    assertEquals(List.of(Feature.BUFFERS), List.copyOf(CLI.profile().notAudited().keySet()));
  }
}
