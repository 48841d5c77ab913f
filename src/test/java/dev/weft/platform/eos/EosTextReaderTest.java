package dev.weft.platform.eos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.platform.ReadException;
import dev.weft.platform.SavedConfig;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * EOS running-config text read into the whole QoS plan: Weft's own rendered weft-qos.eos.cfg (what
 * {@code show running-config} prints once the switch holds it) reads back to the plan NETCONF and
 * the CLI carry together, for every example switch on EOS; a QoS line that cannot be read is
 * refused at its line and column; the pack tells EOS text from other files.
 */
class EosTextReaderTest {
  private static final EosPack PACK = new EosPack();
  private static final Renderer RENDERER = new Renderer(TemplateFolders.builtIn());

  /** The example switches on EOS, rendered: each with its weft-qos.eos.cfg. */
  private static List<CompiledSwitch> eosSwitches(String inventory) {
    CompiledFabric fabric = Examples.compile(inventory);
    List<CompiledSwitch> out = new ArrayList<>();
    for (CompiledSwitch sw : fabric.switches()) {
      if (sw.platform().equals(EosPack.PLATFORM)) {
        out.add(sw);
      }
    }
    assertFalse(out.isEmpty(), inventory + " has no EOS switch");
    return out;
  }

  private static String rendered(String inventory, CompiledSwitch sw) {
    return RENDERER.renderDevice(sw, Examples.compile(inventory).fabric()).text(EosCli.RENDERED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"roce-pod-c", "roce-pod-e"})
  void weftsOwnRenderReadsBackToThePlan(String inventory) throws Exception {
    for (CompiledSwitch sw : eosSwitches(inventory)) {
      String text = rendered(inventory, sw);
      CompiledSwitch read = PACK.read(text, sw.name(), "rendered " + EosCli.RENDERED);
      assertEquals(PACK.expectedWithCli(sw), read, inventory + "/" + sw.name());
      assertFalse(read.dscpToPriority().isEmpty(), "the DSCP map is in the text");
    }
  }

  @Test
  void aBackupWithTheRunningConfigHeaderReadsLikeTheFragment() throws Exception {
    CompiledSwitch sw = eosSwitches("roce-pod-e").get(0);
    String text = rendered("roce-pod-e", sw);
    String backup =
        "! Command: show running-config\n"
            + "! device: "
            + sw.name()
            + " (DCS-7280CR3-32P4, EOS-4.36.1F)\n!\nhostname "
            + sw.name()
            + "\n!\nip routing\n!\nrouter bgp 65001\n   neighbor 10.0.0.1 remote-as 65002\n!\n"
            + text;
    // roce-pod-e does not write fabric.dcbx: Weft's fragment has no dcbx line (not rendered), while
    // the switch's own running-config leaves out only EOS's default, DCBX off
    CompiledSwitch fromBackup = PACK.read(backup, sw.name(), "x");
    assertEquals(null, PACK.read(text, sw.name(), "x").dcbx());
    assertEquals("off", fromBackup.dcbx());
    assertEquals(
        PACK.read(text, sw.name(), "x"),
        fromBackup.toBuilder().dcbx(null).build(),
        "other lines skipped");
    assertEquals(OptionalInt.of(3), PACK.recognises(new SavedConfig("", backup, null)));
    assertEquals(OptionalInt.of(1), PACK.recognises(new SavedConfig("cfg", text, null)));
  }

  @Test
  void thresholdsInEachByteUnitReadAsBytes() throws Exception {
    CompiledSwitch sw =
        EosTextReader.read(
            """
            qos profile P
               tx-queue 3
                  no priority
                  bandwidth percent 50
                  random-detect ecn minimum-threshold 150 kbytes maximum-threshold 2 mbytes max-mark-probability 20
               tx-queue 4
                  random-detect ecn minimum-threshold 1000 bytes maximum-threshold 2000 bytes
               priority-flow-control on
               priority-flow-control priority 3 no-drop
            !
            interface Ethernet1/1
               mtu 9214
               speed 400g-8
               service-profile P
            """,
            "leaf",
            "leaf.cfg");
    assertEquals(List.of("Ethernet1/1"), sw.ports().stream().map(p -> p.name()).toList());
    assertEquals(List.of(3), sw.port("Ethernet1/1").pfcPriorities());
    assertEquals(9214, sw.port("Ethernet1/1").mtu());
    assertEquals(400, sw.port("Ethernet1/1").speedGbps());
    assertEquals(150 * 1024, sw.ecnProfiles().get(0).minBytes());
    assertEquals(2 * 1024 * 1024, sw.ecnProfiles().get(0).maxBytes());
    assertEquals(20, sw.ecnProfiles().get(0).probability());
    assertEquals(100, sw.ecnProfiles().get(1).probability(), "EOS's default probability");
    assertEquals("dwrr", sw.queues().get(0).scheduler());
    assertEquals(50, sw.queues().get(0).weight());
    assertEquals("strict", sw.queues().get(1).scheduler(), "EOS's default scheduling");
    assertEquals("dcqcn", sw.congestionControl());
  }

  /**
   * AVD's qos.cfg (unreadable as vendored: profile {@code test}, bound to Ethernet1, marks in
   * segments) without its lines in segments and time: what each of its shapes reads as.
   */
  @Test
  void avdQosCfgWithoutItsSegmentAndTimeThresholdsReadsEachShape() throws Exception {
    String text =
        Files.readString(
                Examples.projectRoot()
                    .resolve(
                        "src/test/resources/corpus/avd/ansible_collections/arista/avd/molecule/"
                            + "eos_cli_config_gen/intended/configs/qos.cfg"))
            .lines()
            .filter(l -> !l.matches(".*(segments|seconds) .*|.*(segments|seconds)$"))
            .map(l -> l + "\n")
            .collect(Collectors.joining());
    CompiledSwitch sw = PACK.read(text, "avd-qos", "qos.cfg");
    // qos map dscp 18 20 ... to traffic-class 4 drop-precedence 2; 46 to 5; 8 ... to 1
    assertEquals(4, sw.dscpToPriority().get(18));
    assertEquals(5, sw.dscpToPriority().get(46));
    assertEquals(1, sw.dscpToPriority().get(8));
    // qos map traffic-class 6 to tx-queue 2; "traffic-class 1 to dscp 56" is a rewrite, not a queue
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 2, 7), sw.priorityToQueue());
    // priority-flow-control all off: no port has PFC, whatever its profile says
    assertEquals(List.of(), sw.losslessPriorities());
    assertEquals(
        List.of("Ethernet1", "Ethernet3", "Ethernet4", "Ethernet6", "Ethernet7"),
        sw.ports().stream().map(p -> p.name()).toList());
    assertTrue(sw.port("Ethernet1").trustDscp(), "qos trust dscp on the interface");
    assertFalse(sw.port("Ethernet6").trustDscp(), "qos trust cos");
    // watchdog: timeout 0.05, recovery-time 1.22, polling-interval 10.001, action no-drop
    assertEquals(new CompiledWatchdog(true, "forward", 50, 1220, 10001), sw.watchdog());
    // Ethernet6: profile experiment (tx-queue 3 no priority 30 %, 4 and 5 and 7 strict by
    // default) with its own tx-queue 2 (random-detect ecn count only: strict by default)
    assertEquals(
        List.of("2 strict null", "3 dwrr 30", "4 strict null", "5 strict null", "7 strict null"),
        sw.port("Ethernet6").queues().stream()
            .map(q -> q.queue() + " " + q.scheduler() + " " + q.weight())
            .toList());
    // Ethernet1: profile test, tx-queue 2 strict marking 320 kbytes to 320 kbytes at 90 %
    CompiledQueue two = sw.port("Ethernet1").queues().get(1);
    assertEquals("strict", two.scheduler());
    EcnProfile mark =
        sw.ecnProfiles().stream()
            .filter(e -> e.name().equals(two.ecnProfile()))
            .findFirst()
            .orElseThrow();
    assertEquals(new EcnProfile(two.ecnProfile(), 327680, 327680, 90, false), mark);
  }

  @Test
  void aMalformedQosLineIsRefusedAtItsLineAndColumn() {
    ReadException e =
        assertThrows(
            ReadException.class,
            () ->
                EosTextReader.read(
                    "hostname leaf\nqos map dscp 26 to traffic-class 3\n"
                        + "qos map dscp 48 to traffic-class nine\n",
                    "leaf",
                    "leaf.cfg"));
    assertTrue(e.getMessage().startsWith("leaf.cfg: line 3, column 34"), e.getMessage());
    assertTrue(e.getMessage().contains("found 'nine'"), e.getMessage());
    ReadException pfc =
        assertThrows(
            ReadException.class,
            () ->
                EosTextReader.read(
                    "interface Ethernet1\n   priority-flow-control priority 9 no-drop\n",
                    "leaf",
                    "leaf.cfg"));
    assertTrue(pfc.getMessage().contains("line 2, column 35"), pfc.getMessage());
    assertTrue(pfc.getMessage().contains("9 is out of range 0..7"), pfc.getMessage());
  }

  @Test
  void aThresholdInSegmentsIsRefusedNotGuessedInBytes() {
    ReadException e =
        assertThrows(
            ReadException.class,
            () ->
                EosTextReader.read(
                    "qos profile P\n   tx-queue 4\n      random-detect ecn minimum-threshold 320"
                        + " segments maximum-threshold 320 segments weight 10\n",
                    "leaf",
                    "leaf.cfg"));
    assertTrue(e.getMessage().contains("line 3, column 47"), e.getMessage());
    assertTrue(e.getMessage().contains("found 'segments'"), e.getMessage());
  }

  @Test
  void aTextLargerThanAnyRunningConfigIsRefusedBeforeItIsRead() {
    String huge = "!".repeat(EosTextReader.MAX_CHARS + 1);
    ReadException e =
        assertThrows(ReadException.class, () -> EosTextReader.read(huge, "leaf", "leaf.cfg"));
    assertTrue(e.getMessage().contains("more than the"), e.getMessage());
    assertEquals(OptionalInt.empty(), EosTextReader.recognises(huge));
  }

  @Test
  void onlyEosTextIsRecognisedAsEos() {
    assertEquals(OptionalInt.empty(), EosTextReader.recognises("hostname leaf-02\n"));
    // IOS-style: an Ethernet name but one-space indentation
    assertEquals(
        OptionalInt.empty(),
        EosTextReader.recognises("hostname leaf-01\ninterface Ethernet1/1\n mtu 9214\n"));
    assertEquals(
        OptionalInt.of(1),
        EosTextReader.recognises("hostname leaf-01\ninterface Ethernet1/1\n   mtu 9214\n"));
    assertEquals(
        OptionalInt.of(3),
        EosTextReader.recognises(
            "! device: leaf-01 (DCS-7050CX3-32S, EOS-4.30.1F)\n!\nhostname leaf-01\n"));
  }
}
