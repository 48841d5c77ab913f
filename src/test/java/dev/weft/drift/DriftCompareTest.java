package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.openconfig.OpenConfigPack;
import dev.weft.platform.openconfig.OpenConfigReader;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Drift compare on the real path without a device: the intent of {@code inventories/roce-pod-c}
 * compiles, renders to the OpenConfig payload, and reads back with {@link OpenConfigReader}; edits
 * of that payload stand for what a device changed. Each edit must give exactly its one finding, at
 * the intent line that owns the expected value.
 */
class DriftCompareTest {
  /** The generic OpenConfig device's profile: its paths, and the ECMP hash it does not serve. */
  private static final LiveProfile OC = new OpenConfigPack();

  private static CompiledSwitch intended;
  private static String rendered;

  @BeforeAll
  static void render() {
    CompiledFabric fabric = Examples.compile("roce-pod-c");
    CompiledSwitch compiled = (CompiledSwitch) fabric.device("oc-leaf-1").orElseThrow();
    // what drift compares: the intent as the OpenConfig platform carries it (no ECMP hash), as
    // DriftAudit does
    intended = DriftAudit.comparable(compiled, new dev.weft.platform.openconfig.OpenConfigPack());
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.builtIn()).renderDevice(compiled, fabric.fabric());
    assertTrue(out.findings().isEmpty(), out.findings().toString());
    rendered = out.text("config.xml");
  }

  private static List<Finding> drift(String xml) throws Exception {
    CompiledSwitch live = OpenConfigReader.read(xml, intended.name(), "test");
    return Drift.compare(
        intended, live, Tolerance.of(intended), OC.paths(), OC.notAudited().keySet());
  }

  /** Replaces the first {@code from} after {@code anchor} (which must occur once). */
  private static String edit(String xml, String anchor, String from, String to) {
    int a = xml.indexOf(anchor);
    assertTrue(a >= 0 && xml.indexOf(anchor, a + 1) < 0, "anchor must occur once: " + anchor);
    int i = xml.indexOf(from, a);
    assertTrue(i >= 0, "no " + from + " after " + anchor);
    return xml.substring(0, i) + to + xml.substring(i + from.length());
  }

  private static String qosPort(String port) {
    return "<interface-id>" + port + "</interface-id>\n        <config>";
  }

  private static String line(Location at) throws IOException {
    List<String> lines = Files.readAllLines(Examples.projectRoot().resolve(at.file()));
    return lines.get(at.line() - 1);
  }

  private static Finding only(List<Finding> findings, String rule) {
    assertEquals(1, findings.size(), findings.toString());
    Finding f = findings.get(0);
    assertEquals(rule, f.rule(), f.toString());
    assertEquals("oc-leaf-1", f.device());
    assertNotNull(
        f.location(), "a drift finding names the intent line that owns the expected value: " + f);
    assertNotNull(f.path());
    return f;
  }

  @Test
  void renderedConfigReadBackHasNoDrift() throws Exception {
    assertEquals(List.of(), drift(rendered));
  }

  @Test
  void extraLosslessPriorityOnOnePortIsOnePfcFindingAtTheLosslessLine() throws Exception {
    String xml =
        edit(
            rendered,
            qosPort("Ethernet0"),
            "<enabled-priorities>4</enabled-priorities>",
            "<enabled-priorities>4</enabled-priorities><enabled-priorities>5</enabled-priorities>");
    Finding f = only(drift(xml), DriftRules.PFC);
    assertEquals("Ethernet0", f.port());
    assertEquals("[3,4]", f.expected());
    assertEquals("[3,4,5]", f.actual());
    assertEquals("/qos/interfaces/interface[Ethernet0]/pfc/config/enabled-priorities", f.path());
    assertTrue(f.location().file().endsWith("roce-pod-c/fabric.yaml"), f.location().toString());
    assertTrue(line(f.location()).contains("lossless: true"), line(f.location()));
  }

  @Test
  void unmanagedPortWithPfcIsAFinding() throws Exception {
    String extra =
        "<interface><interface-id>Ethernet300</interface-id><config><interface-id>Ethernet300</interface-id></config>"
            + "<pfc xmlns=\"urn:weft:yang:qos-ext\"><config><enabled-priorities>3</enabled-priorities></config></pfc></interface>";
    String xml =
        edit(
            rendered,
            "<interfaces>\n      <interface>\n        <interface-id>",
            "<interface>",
            extra + "<interface>");
    xml =
        edit(
            xml,
            "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\">",
            "<interface>",
            "<interface><name>Ethernet300</name><config><name>Ethernet300</name></config></interface><interface>");
    Finding f = only(drift(xml), DriftRules.PFC);
    assertEquals("Ethernet300", f.port());
    assertEquals("[]", f.expected());
    assertEquals("[3]", f.actual());
  }

  @Test
  void mtuChangeIsOneMtuFinding() throws Exception {
    String xml =
        edit(
            rendered,
            "<name>Ethernet8</name>\n      <config>",
            "<mtu>9214</mtu>",
            "<mtu>1500</mtu>");
    Finding f = only(drift(xml), DriftRules.MTU);
    assertEquals("Ethernet8", f.port());
    assertEquals("9214", f.expected());
    assertEquals("1500", f.actual());
    assertTrue(line(f.location()).contains("9214"), line(f.location()));
  }

  @Test
  void ecnThresholdWithinOneCellIsToleratedBeyondIsAFinding() throws Exception {
    long cell = intended.thresholdRoundingBytes();
    long min =
        intended.ecnProfiles().stream()
            .filter(e -> e.name().equals("rdma"))
            .findFirst()
            .orElseThrow()
            .minBytes();
    String anchor = "<name>rdma</name>\n        <config><name>rdma</name></config>";
    String within =
        edit(
            rendered,
            anchor,
            "<min-threshold>" + min + "</min-threshold>",
            "<min-threshold>" + (min + cell) + "</min-threshold>");
    assertEquals(List.of(), drift(within));
    String beyond =
        edit(
            rendered,
            anchor,
            "<min-threshold>" + min + "</min-threshold>",
            "<min-threshold>" + (min + cell + 1) + "</min-threshold>");
    Finding f = only(drift(beyond), DriftRules.ECN);
    assertEquals(min + " B", f.expected());
    assertEquals((min + cell + 1) + " B", f.actual());
    assertTrue(f.message().contains("tolerance " + cell + " B"), f.message());
    assertTrue(line(f.location()).contains("ecn:"), line(f.location()));
  }

  @Test
  void schedulerWeightChangeIsOneSchedulerFinding() throws Exception {
    String xml =
        edit(rendered, "<id>rdma</id><input-type>", "<weight>50</weight>", "<weight>60</weight>");
    Finding f = only(drift(xml), DriftRules.SCHEDULER);
    assertEquals("dwrr weight 50", f.expected());
    assertEquals("dwrr weight 60", f.actual());
    assertTrue(line(f.location()).contains("weight: 50"), line(f.location()));
  }

  @Test
  void anInputWithoutAWeightIsThePlatformsDefaultShareNotAnInventedOne() throws Exception {
    // openconfig-qos gives an input's weight no default: the reader reports none, not 1
    String xml = edit(rendered, "<id>rdma</id><input-type>", "<weight>50</weight>", "");
    Finding f = only(drift(xml), DriftRules.SCHEDULER);
    assertEquals("dwrr weight 50", f.expected());
    assertEquals("dwrr with the platform's default share", f.actual());
  }

  @Test
  void watchdogOffOnOnePortIsOneWatchdogFinding() throws Exception {
    String xml =
        edit(rendered, qosPort("Ethernet8"), "<enabled>true</enabled>", "<enabled>false</enabled>");
    Finding f = only(drift(xml), DriftRules.WATCHDOG);
    assertEquals("Ethernet8", f.port());
    assertEquals("true", f.expected());
    assertEquals("false", f.actual());
    assertTrue(line(f.location()).contains("watchdog"), line(f.location()));
  }

  @Test
  void dscpSteeredIntoALosslessClassIsAClassificationFinding() throws Exception {
    String xml =
        edit(
            rendered,
            "<id>tc3</id>\n",
            "<dscp-set>26</dscp-set>",
            "<dscp-set>26</dscp-set><dscp-set>10</dscp-set>");
    List<Finding> findings = drift(xml);
    Finding f = only(findings, DriftRules.CLASSIFICATION);
    assertEquals("0", f.expected());
    assertEquals("3", f.actual());
    assertTrue(f.message().contains("DSCP 10"), f.message());
    assertTrue(line(f.location()).contains("default"), line(f.location()));
  }

  @Test
  void headroomBeyondOneCellIsABuffersFinding() throws Exception {
    CompiledSwitch live = OpenConfigReader.read(rendered, intended.name(), "test");
    long xoff = live.port("Ethernet0").headroom().get(0).xoff();
    String xml =
        edit(
            rendered,
            qosPort("Ethernet0"),
            "<xoff>" + xoff + "</xoff>",
            "<xoff>" + (xoff / 2) + "</xoff>");
    Finding f = only(drift(xml), DriftRules.BUFFERS);
    assertEquals("Ethernet0", f.port());
    assertEquals(xoff + " B", f.expected());
    assertEquals(xoff / 2 + " B", f.actual());
  }

  @Test
  void missingPortIsAPortFinding() throws Exception {
    CompiledSwitch live = OpenConfigReader.read(rendered, intended.name(), "test");
    List<dev.weft.compile.CompiledPort> ports =
        live.ports().stream().filter(p -> !p.name().equals("Ethernet264")).toList();
    CompiledSwitch without =
        new CompiledSwitch(
            live.name(),
            live.role(),
            live.platform(),
            live.asic(),
            live.asicProfileVersion(),
            live.thresholdRoundingBytes(),
            live.osVersion(),
            live.managementHost(),
            live.managementPort(),
            live.congestionControl(),
            live.dscpToPriority(),
            live.priorityToQueue(),
            live.priorityToPriorityGroup(),
            live.losslessPriorities(),
            live.cnpPriority(),
            live.cnpDscp(),
            live.queues(),
            live.ecnProfiles(),
            live.watchdog(),
            live.linkPause(),
            live.ecmpHashFields(),
            ports,
            live.provenance());
    Finding f =
        only(
            Drift.compare(
                intended, without, Tolerance.of(intended), OC.paths(), OC.notAudited().keySet()),
            DriftRules.PORT);
    assertEquals("Ethernet264", f.port());
    assertEquals("absent", f.actual());
  }

  @Test
  void everyDriftIdIsDescribed() {
    for (String id :
        List.of(
            DriftRules.CLASSIFICATION,
            DriftRules.PFC,
            DriftRules.ECN,
            DriftRules.SCHEDULER,
            DriftRules.WATCHDOG,
            DriftRules.BUFFERS,
            DriftRules.MTU,
            DriftRules.PORT,
            DriftRules.UNREACHABLE,
            DriftRules.DEVICE_ERROR)) {
      dev.weft.rules.RuleMeta d =
          new dev.weft.rules.RuleMetaLoader()
              .load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of())
              .meta()
              .get(id);
      assertNotNull(d, id);
      assertNotEquals("", d.title());
      assertTrue(d.tool(), id + " is a catalogue entry of scope tool");
    }
  }
}
