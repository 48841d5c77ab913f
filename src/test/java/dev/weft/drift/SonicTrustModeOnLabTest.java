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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A SONiC switch that trusts PCP, on a REAL SSH device (scripts/ssh-lab's sonic account, which
 * checks every dump against SONiC's YANG before it serves it): roce-pod-a's leaf-01 with {@code
 * trust: pcp}. Its rendered DOT1P_TO_TC_MAP, bound per port in PORT_QOS_MAP, is accepted by SONiC's
 * YANG and read back by drift in sync; a PCP entry changed in CONFIG_DB is one drift-classification
 * finding, and a port bound back to the DSCP map is one on that port, both at the switch's {@code
 * trust} line.
 */
@LabTest(needs = {"/usr/sbin/sshd", "/usr/bin/yanglint"})
class SonicTrustModeOnLabTest {

  private static SshInventoryLab pod;
  private static String dump;

  @BeforeAll
  static void start() throws Exception {
    // the example's leaf-01 listens on 18301; the lab's device on a free port
    pod = SshInventoryLab.start("roce-pod-a", 18301, 1);
    Path leaves = pod.inventory.resolve("switches/leaves.yaml");
    String text = Files.readString(leaves);
    String edited =
        text.replaceFirst("(  - name: leaf-01 [^\n]*\n    role: leaf\n)", "$1    trust: pcp\n");
    assertTrue(!edited.equals(text), "the inventory edit applies");
    Files.writeString(leaves, edited);
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    CompiledSwitch sw = (CompiledSwitch) fabric.device("leaf-01").orElseThrow();
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.builtIn()).renderDevice(sw, fabric.fabric());
    assertEquals(List.of(), out.findings());
    String rendered = out.text("config_db.json");
    assertTrue(rendered.contains("\"dot1p_to_tc_map\": \"ROCE\""), rendered);
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
  void theBoundDot1pMapIsAcceptedBySonicsYangAndReadBackInSync() throws Exception {
    Cli r = pod.drift("--device", "leaf-01");
    assertEquals(List.of(), driftOnly(r), r.out() + r.err());
    assertEquals(Map.of("leaf-01", "ok"), r.devices(), r.out());
  }

  @Test
  void aPcpEntryChangedIsOneClassificationFindingAtTheTrustLine() throws Exception {
    Map<String, Object> f = injected(db -> db.get("DOT1P_TO_TC_MAP").get("ROCE").put("3", "0"));
    assertEquals(List.of("3", "0"), List.of(f.get("expected"), f.get("actual")));
    assertEquals(null, f.get("port"));
  }

  @Test
  void aPortBoundBackToTheDscpMapIsOneFindingOnThatPort() throws Exception {
    Map<String, Object> f =
        injected(
            db -> {
              Map<String, Object> binding = db.get("PORT_QOS_MAP").get("Ethernet0");
              binding.remove("dot1p_to_tc_map");
              binding.put("dscp_to_tc_map", "ROCE");
            });
    assertEquals("Ethernet0", f.get("port"));
    assertEquals(List.of("false", "true"), List.of(f.get("expected"), f.get("actual")));
  }

  /** The one drift finding of {@code edit} made to leaf-01's CONFIG_DB, which must be at trust. */
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
      assertEquals("drift-classification", f.get("rule"));
      String line = pod.intentLine((String) f.get("file"), ((Number) f.get("line")).intValue());
      assertEquals("    trust: pcp", line, f.toString());
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
