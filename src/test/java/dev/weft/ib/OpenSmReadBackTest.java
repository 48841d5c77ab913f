package dev.weft.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.IbExpectedState;
import dev.weft.compile.IbFabricState;
import dev.weft.drift.IbDrift;
import dev.weft.drift.IbDriftCheck;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.live.IbProcessTools;
import dev.weft.model.FabricModel;
import dev.weft.render.OpenSmTestRenderer;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.LabTest;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real OpenSM, on an ibsim fabric built from the example inventory {@code
 * inventories/ib-pod-b}, with the files Weft renders for both SMs: what OpenSM programmed is read
 * back by SMPs and compared with what the intent says (computed from the model, not from the
 * rendered files).
 */
@LabTest(needs = {"/usr/sbin/opensm", "/usr/bin/ibsim", "/usr/sbin/smpquery"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OpenSmReadBackTest {

  private static final Pattern PORT_LINE =
      Pattern.compile("^(CA|SW) (0x[0-9a-f]{16}) port=(\\d+) lid=(\\d+) (.*)$");

  Path tmp;

  FabricModel model;
  IbFabricState expected;
  IbLab lab;
  Path master;

  @BeforeAll
  void up(@TempDir Path base) throws Exception {
    tmp = base;
    Path root = OpenSmTestRenderer.projectDir();
    IntentResult intent =
        TestPlatforms.intentReader()
            .read(new WorkingTreeSource(root, root.resolve("inventories/ib-pod-b")));
    assertEquals(List.of(), intent.findings());
    model = intent.model();
    expected = IbExpectedState.of(model);
    IbLab.Prepared files = IbLab.prepare(model, tmp.resolve("render"));
    master = tmp.resolve("render").resolve("ufm-01");
    lab = new IbLab(root, tmp.resolve("lab"));
    lab.up(files.net(), files.sms());
  }

  @AfterAll
  void down() {
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  @Order(1)
  void openSmReportsNoProblemAndFtreeRouted() {
    assertEquals(List.of(), lab.query("errors").lines());
    List<String> routing = lab.query("routing").lines();
    assertFalse(routing.isEmpty(), "OpenSM logged no routing result");
    assertTrue(
        routing.stream()
            .allMatch(
                l -> l.endsWith("osm_ucast_mgr_process: ftree tables configured on all switches")),
        () -> "another engine routed (fallback):\n" + String.join("\n", routing));
  }

  @Test
  @Order(1)
  void everyLinkEndIsActive() {
    List<String> lines =
        lab.query("portinfo").lines().stream().filter(l -> !l.contains(" port=0 ")).toList();
    assertEquals(2 * model.links().size(), lines.size(), String.join("\n", lines));
    List<String> notActive = lines.stream().filter(l -> !l.contains("LinkState=Active")).toList();
    assertEquals(List.of(), notActive);
  }

  @Test
  @Order(1)
  void eachHostPortHoldsExactlyItsPartitions() {
    int seen = 0;
    for (String line : lab.query("pkeys").lines()) {
      Matcher m = PORT_LINE.matcher(line);
      assertTrue(m.matches(), line);
      if (!m.group(1).equals("CA")) {
        continue;
      }
      IbFabricState.Port want = expected.ports().get(m.group(2));
      TreeSet<Integer> got =
          Arrays.stream(m.group(5).replace("pkeys=", "").split(","))
              .map(Integer::decode)
              .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(want.pkeys(), got, want.name());
      seen++;
    }
    assertEquals(expected.ports().size(), seen);
    // the full/limited bit, spelled out for two ports the intent treats differently
    assertEquals(
        new TreeSet<>(List.of(0x7fff, 0x8101)),
        expected.ports().get(IbFixtures.hcaGuid(0)).pkeys());
    assertEquals(
        new TreeSet<>(List.of(0xffff)), expected.ports().get(IbFixtures.hcaGuid(16)).pkeys());
  }

  @Test
  @Order(1)
  void sl2vlOnEveryPortIsTheIntendedTable() {
    String want =
        "sl2vl="
            + model.subnet().qos().sl2vl().stream()
                .map(String::valueOf)
                .collect(Collectors.joining(","));
    List<String> lines = lab.query("sl2vl").lines();
    long caRows = lines.stream().filter(l -> l.startsWith("CA ")).count();
    assertEquals(expected.ports().size(), caRows);
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("SW ")), "no switch SL2VL rows");
    assertEquals(List.of(), lines.stream().filter(l -> !l.endsWith(want)).toList());
  }

  @Test
  @Order(1)
  void vlArbitrationOnEveryPortIsTheIntendedTable() {
    String want = "high=0:64,1:64 low=0:64,1:64,2:64";
    List<String> lines = lab.query("vlarb").lines();
    assertEquals(2 * model.links().size(), lines.size());
    assertEquals(List.of(), lines.stream().filter(l -> !l.endsWith(want)).toList());
  }

  @Test
  @Order(1)
  void theIntendedSmIsMasterAndTheOtherStandby() throws Exception {
    String sm = lab.query("sm").out();
    assertTrue(
        sm.contains("sm guid 0x2c90300b00021,")
            && sm.contains("priority 15")
            && sm.contains("SMINFO_MASTER"),
        sm);
    assertTrue(
        Files.readString(lab.state().resolve("sm-2/opensm.log"))
            .contains("Entering STANDBY state"));
  }

  @Test
  @Order(2)
  void driftIsEmptyOnTheFabricOpenSmConfiguredFromIntent() throws Exception {
    IbDriftCheck.Result r = IbDriftCheck.run(model, new IbProcessTools(lab.execPrefix(), 60));
    assertEquals(List.of(), r.findings());
    assertEquals("ok", r.status());
    assertEquals("ufm-01", r.device());
  }

  @Test
  @Order(3)
  void driftFindsAPartitionChangedBehindWeftsBack() throws Exception {
    // an operator edits partitions.conf on the SM: gpu-002 becomes a limited member of tenant-a
    Path edited = tmp.resolve("edited");
    Files.createDirectories(edited);
    for (String f : OpenSmTestRenderer.FILES) {
      Files.copy(master.resolve(f), edited.resolve(f));
    }
    String parts = Files.readString(edited.resolve("partitions.conf"));
    String gpu2 = IbFixtures.hcaGuid(1);
    assertTrue(parts.contains(gpu2 + "=full"));
    Files.writeString(
        edited.resolve("partitions.conf"), parts.replace(gpu2 + "=full", gpu2 + "=limited"));
    IbLab.Run reloaded = lab.reload(1, edited);
    assertEquals(0, reloaded.exit(), reloaded.err());

    IbDriftCheck.Result r = IbDriftCheck.run(model, new IbProcessTools(lab.execPrefix(), 60));
    assertEquals("drift", r.status());
    List<Finding> drift = r.findings();
    assertEquals(1, drift.size(), drift.toString());
    Finding f = drift.get(0);
    assertEquals(IbDrift.PKEY, f.rule());
    assertEquals("gpu-002", f.device());
    assertEquals("mlx5_0", f.port());
    assertEquals("[0x7fff,0x8101]", f.expected());
    assertEquals("[0x0101,0x7fff]", f.actual());
    assertEquals(model.subnet().partitions().get(1).at().of("members"), f.location());
  }

  @Test
  @Order(4)
  void aFabricThatCannotBeReadIsUnreachableNotClean() {
    // the same tools pointed at a fabric that is not running: ib-lab exec refuses (exit 6)
    List<String> prefix = new java.util.ArrayList<>(lab.execPrefix());
    prefix.set(prefix.size() - 1, tmp.resolve("no-such-lab").toString());
    IbDriftCheck.Result r = IbDriftCheck.run(model, new IbProcessTools(prefix, 60));
    assertEquals("unreachable", r.status());
    assertEquals(1, r.findings().size());
    assertEquals(IbDriftCheck.UNREACHABLE, r.findings().get(0).rule());
    assertTrue(r.reason().contains("ibnetdiscover -p failed"), r.reason());
  }
}
