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
import dev.weft.testing.NvueJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A Cumulus switch that trusts PCP, on a REAL SSH device (scripts/ssh-lab's nvue account, which
 * answers {@code nv config show -o json} with the revision it holds): roce-pod-c's spine-c1 with
 * {@code trust: pcp}. Its rendered {@code qos mapping default-global} ({@code trust l2} and the PCP
 * map) is read back by drift in sync; a PCP entry changed on the switch is one drift-classification
 * finding, and the switch put back to {@code trust l3} is one on each port (NVUE's trust is the
 * switch's, the intent's is per port), all at the switch's {@code trust} line.
 */
@LabTest(needs = {"/usr/sbin/sshd"})
class CumulusTrustModeOnLabTest {

  private static final List<String> PORTS = List.of("swp1", "swp2", "swp3", "swp4");

  private static SshInventoryLab pod;
  private static String revision;

  @BeforeAll
  static void start() throws Exception {
    // the example's spine-c1 listens on 18405; the lab's device on a free port
    pod = SshInventoryLab.start("roce-pod-c", 18405, 1);
    Path spines = pod.inventory.resolve("switches/spines.yaml");
    String text = Files.readString(spines);
    String edited =
        text.replaceFirst("(  - name: spine-c1\n    role: spine\n)", "$1    trust: pcp\n");
    assertTrue(!edited.equals(text), "the inventory edit applies");
    Files.writeString(spines, edited);
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    CompiledSwitch sw = (CompiledSwitch) fabric.device("spine-c1").orElseThrow();
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.builtIn()).renderDevice(sw, fabric.fabric());
    assertEquals(List.of(), out.findings());
    String rendered = out.text("startup.yaml");
    assertTrue(rendered.contains("trust: l2"), rendered);
    revision = NvueJson.fromStartupYaml(rendered);
    pod.lab.loadOrFail(1, "nvue", List.of(revision));
  }

  @AfterAll
  static void stop() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  @Test
  void theRenderedPcpMappingIsReadBackInSync() throws Exception {
    Cli r = pod.drift("--device", "spine-c1");
    assertEquals(List.of(), driftOnly(r), r.out() + r.err());
    assertEquals(Map.of("spine-c1", "ok"), r.devices(), r.out());
  }

  @Test
  void aPcpEntryChangedIsOneClassificationFindingAtTheTrustLine() throws Exception {
    List<Map<String, Object>> drift =
        injected(
            set ->
                at(set, "qos", "mapping", "default-global", "pcp", "3").put("switch-priority", 0L));
    assertEquals(1, drift.size(), drift.toString());
    Map<String, Object> f = drift.get(0);
    assertEquals(List.of("3", "0"), List.of(f.get("expected"), f.get("actual")));
    assertEquals(null, f.get("port"));
  }

  @Test
  void theSwitchBackOnTrustL3IsOneFindingOnEachPort() throws Exception {
    List<Map<String, Object>> drift =
        injected(set -> at(set, "qos", "mapping", "default-global").put("trust", "l3"));
    assertEquals(PORTS, drift.stream().map(f -> f.get("port")).sorted().toList(), drift.toString());
    for (Map<String, Object> f : drift) {
      assertEquals(List.of("false", "true"), List.of(f.get("expected"), f.get("actual")));
    }
  }

  /**
   * The drift findings of {@code edit} made to spine-c1's applied revision: all
   * drift-classification at the switch's trust line.
   */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> injected(Consumer<Map<String, Object>> edit)
      throws Exception {
    List<Object> docs = (List<Object>) Json.parse(revision);
    Map<String, Object> set = (Map<String, Object>) ((Map<String, Object>) docs.get(1)).get("set");
    edit.accept(set);
    try {
      pod.lab.loadOrFail(1, "nvue", List.of(Json.write(docs)));
      Cli r = pod.drift("--device", "spine-c1");
      List<Map<String, Object>> drift = driftOnly(r);
      assertTrue(!drift.isEmpty(), r.out());
      for (Map<String, Object> f : drift) {
        assertEquals("drift-classification", f.get("rule"), f.toString());
        String line = pod.intentLine((String) f.get("file"), ((Number) f.get("line")).intValue());
        assertEquals("    trust: pcp", line, f.toString());
      }
      assertEquals(Map.of("spine-c1", "drift"), r.devices(), r.out());
      assertEquals(1, r.exit(), r.out());
      return drift;
    } finally {
      pod.lab.loadOrFail(1, "nvue", List.of(revision));
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> at(Map<String, Object> root, String... path) {
    Map<String, Object> m = root;
    for (String p : path) {
      m = (Map<String, Object>) m.get(p);
    }
    return m;
  }

  /** Rules on the live config may add their own view of a change; drift is what is compared. */
  private static List<Map<String, Object>> driftOnly(Cli r) throws Exception {
    return r.findings().stream()
        .filter(f -> String.valueOf(f.get("rule")).startsWith("drift-"))
        .toList();
  }
}
