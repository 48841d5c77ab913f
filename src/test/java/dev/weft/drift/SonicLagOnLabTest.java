package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.LabTest;
import dev.weft.testing.SonicYangLint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * LAG membership on a REAL SSH SONiC device (scripts/ssh-lab's sonic account, which checks every
 * dump against SONiC's YANG, sonic-portchannel.yang among it, before it serves it): roce-pod-a's
 * leaf-01 with Ethernet48 and Ethernet56 in PortChannel1. The rendered PORTCHANNEL and
 * PORTCHANNEL_MEMBER, with each member's own PORT_QOS_MAP, BUFFER_PG and PFC_WD, are accepted by
 * SONiC's YANG (yanglint) and read back by drift in sync; a member taken out of the port-channel,
 * or moved to another, in CONFIG_DB is one drift-port finding on that member at its lag line.
 */
@LabTest(needs = {"/usr/sbin/sshd", "/usr/bin/yanglint"})
class SonicLagOnLabTest {

  private static SshInventoryLab pod;
  private static String dump;

  @BeforeAll
  static void start() throws Exception {
    // the example's leaf-01 listens on 18301; the lab's device on a free port
    pod = SshInventoryLab.start("roce-pod-a", 18301, 1);
    Path leaves = pod.inventory.resolve("switches/leaves.yaml");
    String text = Files.readString(leaves);
    String edited =
        text.replaceFirst(
                "(  - name: leaf-01 [\\s\\S]*?- \\{ name: Ethernet48, profile: host-400g)",
                "$1, lag: PortChannel1")
            .replaceFirst(
                "(  - name: leaf-01 [\\s\\S]*?- \\{ name: Ethernet56, profile: host-400g)",
                "$1, lag: PortChannel1");
    assertEquals(2, edited.split("lag: PortChannel1", -1).length - 1, "the inventory edit applies");
    Files.writeString(leaves, edited);
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    CompiledSwitch sw = (CompiledSwitch) fabric.device("leaf-01").orElseThrow();
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.builtIn()).renderDevice(sw, fabric.fabric());
    assertEquals(List.of(), out.findings());
    String rendered = out.text("config_db.json");
    assertTrue(rendered.contains("\"PortChannel1|Ethernet56\": {}"), rendered);
    SonicYangLint.assertLoads("leaf-01 config_db.json", rendered);
    dump = SonicDriftOnLabTest.runningAfterConfigLoad(rendered, sw.hwsku());
    pod.lab.loadOrFail(1, "sonic", List.of(dump));
  }

  @AfterAll
  static void stop() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  @Test
  void thePortChannelIsAcceptedBySonicsYangAndReadBackInSync() throws Exception {
    Cli r = pod.drift("--device", "leaf-01");
    assertEquals(List.of(), driftOnly(r), r.out() + r.err());
    assertEquals(Map.of("leaf-01", "ok"), r.devices(), r.out());
  }

  @Test
  void aMemberTakenOutOfThePortChannelIsOnePortFindingAtItsLagLine() throws Exception {
    Map<String, Object> f =
        injected(db -> db.get("PORTCHANNEL_MEMBER").remove("PortChannel1|Ethernet56"));
    assertEquals(List.of("PortChannel1", "none"), List.of(f.get("expected"), f.get("actual")));
  }

  @Test
  void aMemberMovedToAnotherPortChannelIsOnePortFindingAtItsLagLine() throws Exception {
    Map<String, Object> f =
        injected(
            db -> {
              db.get("PORTCHANNEL").put("PortChannel2", Map.of("admin_status", "up"));
              db.get("PORTCHANNEL_MEMBER").remove("PortChannel1|Ethernet56");
              db.get("PORTCHANNEL_MEMBER").put("PortChannel2|Ethernet56", Map.of());
            });
    assertEquals(
        List.of("PortChannel1", "PortChannel2"), List.of(f.get("expected"), f.get("actual")));
  }

  /** The one drift finding of {@code edit} made to leaf-01's CONFIG_DB, on Ethernet56's lag. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> injected(
      Consumer<Map<String, Map<String, Map<String, Object>>>> edit) throws Exception {
    Map<String, Map<String, Map<String, Object>>> db =
        (Map<String, Map<String, Map<String, Object>>>) Json.parse(dump);
    edit.accept(db);
    try {
      pod.lab.loadOrFail(1, "sonic", List.of(Json.write(db)));
      Cli r = pod.drift("--device", "leaf-01");
      List<Map<String, Object>> drift = driftOnly(r);
      assertEquals(1, drift.size(), r.out());
      Map<String, Object> f = drift.get(0);
      assertEquals("drift-port", f.get("rule"));
      assertEquals("Ethernet56", f.get("port"));
      String line = pod.intentLine((String) f.get("file"), ((Number) f.get("line")).intValue());
      assertEquals(
          "      - { name: Ethernet56, profile: host-400g, lag: PortChannel1 }",
          line,
          f.toString());
      assertEquals(Map.of("leaf-01", "drift"), r.devices(), r.out());
      assertEquals(1, r.exit(), r.out());
      return f;
    } finally {
      pod.lab.loadOrFail(1, "sonic", List.of(dump));
    }
  }

  /** Rules on the live config may add their own view of a change; drift is what is compared. */
  private static List<Map<String, Object>> driftOnly(Cli r) throws Exception {
    return r.findings().stream()
        .filter(f -> String.valueOf(f.get("rule")).startsWith("drift-"))
        .toList();
  }
}
