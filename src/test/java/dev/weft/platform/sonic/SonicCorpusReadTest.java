package dev.weft.platform.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.drift.Drift;
import dev.weft.drift.DriftRules;
import dev.weft.drift.Tolerance;
import dev.weft.finding.Finding;
import dev.weft.json.Json;
import dev.weft.platform.ReadException;
import dev.weft.render.Examples;
import dev.weft.testing.CorpusPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SONiC CONFIG_DB reader judged on configurations no one here wrote: every CONFIG_DB-shaped
 * file of the vendored corpus ({@code src/test/resources/corpus/}, SONiC's own sample outputs and
 * sonic-utilities' test configs) is read and its plan, by value, compared with its expectation file
 * in {@code src/test/resources/corpus-expect/} (written independently of this reader by {@code
 * scripts/corpus-expect} and reviewed by hand; the README there says what "by value" holds). A
 * corpus file without an expectation fails.
 *
 * <p>A sample that is not a whole CONFIG_DB (SONiC's sample outputs hold only the QoS or only the
 * buffer tables, without a PORT table) is completed the one way its expectation's {@code input}
 * says: a PORT entry for each port its tables name, holding the speed and mtu the device had when
 * sonic-buildimage's test rendered the sample from a SKU's {@code port_config.ini} and a minigraph
 * ({@link MinigraphPorts}; the input names both and the {@code test_j2files.py} line), or empty
 * where no SKU is known. Nothing else is added.
 */
public class SonicCorpusReadTest {

  private static final Path ROOT = Examples.projectRoot();
  private static final Path CORPUS = ROOT.resolve("src/test/resources/corpus");
  private static final Path EXPECT = ROOT.resolve("src/test/resources/corpus-expect");
  private static final List<String> PORT_TABLES =
      List.of(
          "PORT_QOS_MAP",
          "QUEUE",
          "BUFFER_PG",
          "BUFFER_QUEUE",
          "PFC_WD",
          "BUFFER_PORT_INGRESS_PROFILE_LIST",
          "BUFFER_PORT_EGRESS_PROFILE_LIST");

  /** The CONFIG_DB-shaped files: sample outputs and sonic-utilities' inputs (not SKU files). */
  static List<String> files() throws IOException {
    List<String> out = new ArrayList<>(CorpusPlan.files("sonic-buildimage/src", ".json"));
    out.addAll(CorpusPlan.files("sonic-utilities/tests", ".json"));
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void readsThePlanTheFileHolds(String file) throws Exception {
    Path expectFile = EXPECT.resolve(file.replaceAll("\\.json$", ".expect.json"));
    assertTrue(
        Files.exists(expectFile),
        file
            + " has no expectation: write "
            + ROOT.relativize(expectFile)
            + " (scripts/corpus-expect, then check it by hand)");
    @SuppressWarnings("unchecked")
    Map<String, Object> expected =
        (Map<String, Object>) Json.parse(Files.readString(expectFile, StandardCharsets.UTF_8));
    String text = completed(file);
    if (expected.containsKey("unreadable")) {
      ReadException e =
          assertThrows(ReadException.class, () -> SonicConfigDbReader.read(text), file);
      assertTrue(
          e.getMessage().contains((String) expected.get("unreadable")),
          file + ": " + e.getMessage());
      return;
    }
    Map<String, Object> plan = new TreeMap<>(plan(SonicConfigDbReader.read(text)));
    expected.remove("validate-errors"); // what validate says of its import: ImportCorpusPageTest
    plan.put("input", expected.get("input"));
    assertEquals(Json.write(expected), Json.write(plan), file);
  }

  @Test
  void bothReferenceFormatsReadToTheSamePlan() throws Exception {
    String dir = "sonic-utilities/tests/db_migrator_input/config_db/";
    CompiledSwitch old =
        read(dir + "qos_tables_db_field_value_reference_format_3_0_1.json"); // [TABLE|name]
    CompiledSwitch now = read(dir + "qos_tables_db_field_value_reference_format_3_0_3.json");
    assertEquals(Json.write(plan(old)), Json.write(plan(now)));
    assertEquals(List.of(3, 4), old.losslessPriorities());
    assertEquals(177632, old.port("Ethernet0").headroom().get(0).xoff());
  }

  @Test
  void aRedisDumpOfConfigDbReadsLikeConfigDbJson() throws Exception {
    CompiledSwitch sw =
        read("sonic-utilities/tests/db_migrator_input/config_db/qos_map_table_input.json");
    assertEquals(List.of(3, 4), sw.port("Ethernet0").pfcPriorities());
    assertEquals(List.of(), sw.port("Ethernet92").pfcPriorities());
  }

  @Test
  void dynamicBufferModelIsHeadroomTheDeviceComputesNotAudited() throws Exception {
    String dir = "sonic-utilities/tests/db_migrator_input/config_db/";
    CompiledSwitch traditional = read(dir + "reclaiming-buffer-traditional-single-pool-input.json");
    CompiledSwitch dynamic = read(dir + "reclaiming-buffer-dynamic-single-pool-input.json");
    PriorityGroupHeadroom pg = dynamic.port("Ethernet4").headroom().get(0);
    assertTrue(
        pg.dynamic(), "BUFFER_PG|Ethernet4|3-4 profile NULL is headroom the device computes");
    List<Finding> findings =
        Drift.compare(traditional, dynamic, Tolerance.EXACT, new SonicPack().paths(), Set.of());
    // Ethernet4's PGs are in both, with values only on the traditional side: not compared
    assertTrue(
        findings.stream()
            .noneMatch(f -> "Ethernet4".equals(f.port()) && f.rule().equals(DriftRules.BUFFERS)),
        findings.toString());
    Finding note =
        findings.stream()
            .filter(f -> f.rule().equals(DriftRules.NOT_AUDITED))
            .findFirst()
            .orElseThrow(() -> new AssertionError(findings.toString()));
    assertTrue(note.message().contains("Ethernet4"), note.message());
    // a PG the traditional config reserves and the dynamic one lacks is still a real difference
    assertTrue(
        findings.stream()
            .anyMatch(
                f ->
                    "Ethernet16".equals(f.port())
                        && f.message().contains("has no headroom on the device")),
        findings.toString());
  }

  @Test
  void aSharedWredProfileIsTheSamePlanAsPerClassProfilesOfEqualValue() throws Exception {
    CompiledSwitch live = read(SAMPLES + "qos-mellanox4600c-c64.json");
    EcnProfile shared = live.ecnProfiles().get(0);
    assertEquals("AZURE_LOSSLESS", shared.name());
    CompiledSwitch perClass = renamedPerQueue(live, shared, -1);
    assertEquals(
        List.of(),
        ecn(Drift.compare(perClass, live, Tolerance.EXACT, new SonicPack().paths(), Set.of())));
    // one changed value is one finding, at the device's profile
    CompiledSwitch changed = renamedPerQueue(live, shared, 3); // one class changed
    List<Finding> drift =
        ecn(Drift.compare(changed, live, Tolerance.EXACT, new SonicPack().paths(), Set.of()));
    assertEquals(1, drift.size(), drift.toString());
    assertTrue(drift.get(0).path().contains("AZURE_LOSSLESS"), drift.get(0).path());
  }

  @Test
  void perPortDscpMapsAreKeptAndDriftNamesThePort() throws Exception {
    CompiledSwitch live = read(SAMPLES + "qos-mellanox4600c-c64.json");
    // PORT_QOS_MAP|global binds AZURE; Ethernet0 (an uplink) binds AZURE_UPLINK, which differs
    assertEquals(1, live.dscpToPriority().get(0));
    assertNull(live.port("Ethernet136").dscpToPriority());
    Map<Integer, Integer> uplink = live.port("Ethernet0").dscpToPriority();
    assertNotNull(uplink);
    assertEquals(1, uplink.get(0));
    assertFalse(uplink.equals(live.dscpToPriority()));
    // an intent without the uplink map: one finding per moved code point group, naming the port
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : live.ports()) {
      ports.add(p.toBuilder().dscpToPriority(null).build());
    }
    CompiledSwitch intent = live.toBuilder().ports(ports).build();
    List<Finding> drift =
        Drift.compare(intent, live, Tolerance.EXACT, new SonicPack().paths(), Set.of()).stream()
            .filter(f -> f.rule().equals(DriftRules.CLASSIFICATION))
            .toList();
    assertFalse(drift.isEmpty());
    assertTrue(drift.stream().anyMatch(f -> "Ethernet0".equals(f.port())), drift.toString());
    assertTrue(drift.stream().noneMatch(f -> "Ethernet136".equals(f.port())), drift.toString());
  }

  @Test
  void aTrafficClassAboveSevenIsAFindingAtTheCodePointNotAnUnreadableDevice() throws Exception {
    CompiledSwitch live = read(SAMPLES + "qos-mellanox4600c-d48c40-t0.json");
    assertEquals(8, live.dscpToPriority().get(33)); // DSCP_TO_TC_MAP|AZURE "33": "8"
    assertEquals(8, live.priorityToQueue().size());
    Map<Integer, Integer> planned = new TreeMap<>(live.dscpToPriority());
    planned.put(33, 1);
    CompiledSwitch intent = live.toBuilder().dscpToPriority(planned).build();
    List<Finding> drift =
        Drift.compare(intent, live, Tolerance.EXACT, new SonicPack().paths(), Set.of()).stream()
            .filter(f -> f.rule().equals(DriftRules.CLASSIFICATION) && f.port() == null)
            .toList();
    assertEquals(1, drift.size(), drift.toString());
    assertTrue(drift.get(0).message().contains("DSCP 33"), drift.get(0).message());
  }

  private static final String SAMPLES =
      "sonic-buildimage/src/sonic-config-engine/tests/sample_output/py3/";

  private static List<Finding> ecn(List<Finding> findings) {
    return findings.stream().filter(f -> f.rule().equals(DriftRules.ECN)).toList();
  }

  /**
   * {@code live} with one profile per marking queue, named after it, of the shared one's values.
   */
  private static CompiledSwitch renamedPerQueue(
      CompiledSwitch live, EcnProfile shared, int changed) {
    TreeSet<Integer> marking = new TreeSet<>();
    for (CompiledPort p : live.ports()) {
      p.queues().stream().filter(q -> q.ecnProfile() != null).forEach(q -> marking.add(q.queue()));
    }
    List<EcnProfile> profiles = new ArrayList<>();
    marking.forEach(
        q ->
            profiles.add(
                new EcnProfile(
                    "lossless-q" + q,
                    q == changed ? shared.minBytes() + 4096 : shared.minBytes(),
                    shared.maxBytes(),
                    shared.probability(),
                    shared.dropNonEct())));
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : live.ports()) {
      ports.add(p.toBuilder().queues(rebound(p.queues())).build());
    }
    return live.toBuilder()
        .ecnProfiles(profiles)
        .queues(rebound(live.queues()))
        .ports(ports)
        .build();
  }

  private static List<CompiledQueue> rebound(List<CompiledQueue> queues) {
    return queues.stream()
        .map(
            q ->
                q.ecnProfile() == null
                    ? q
                    : new CompiledQueue(
                        q.queue(),
                        q.trafficClass(),
                        q.scheduler(),
                        q.weight(),
                        "lossless-q" + q.queue(),
                        q.lossless()))
        .toList();
  }

  private static CompiledSwitch read(String file) throws Exception {
    return SonicConfigDbReader.read(completed(file));
  }

  /**
   * The file as a CONFIG_DB: as vendored when it has a PORT table, else with a PORT entry for each
   * port its tables name: the speed and mtu sonic-cfggen gave it when the expectation's {@code
   * input} names the SKU's {@code port-config} and the {@code minigraph} the sample was rendered
   * from, else empty.
   */
  @SuppressWarnings("unchecked")
  public static String completed(String file) throws Exception {
    String text = Files.readString(CORPUS.resolve(file), StandardCharsets.UTF_8);
    Map<String, Object> db = (Map<String, Object>) Json.parse(text);
    boolean flat = db.keySet().stream().anyMatch(k -> k.indexOf('|') > 0);
    if (db.containsKey("PORT") || db.keySet().stream().anyMatch(k -> k.startsWith("PORT|"))) {
      return text;
    }
    assertFalse(flat, file + ": a redis dump without PORT entries");
    TreeSet<String> ports = new TreeSet<>();
    for (String table : PORT_TABLES) {
      if (db.get(table) instanceof Map<?, ?> t) {
        for (Object key : t.keySet()) {
          String k = (String) key;
          if (!k.equals("global") && !k.equals("GLOBAL")) {
            ports.add(k.split("\\|")[0]);
          }
        }
      }
    }
    if (db.get("CABLE_LENGTH") instanceof Map<?, ?> cables) {
      for (Object lengths : cables.values()) {
        ((Map<String, Object>) lengths).keySet().forEach(ports::add);
      }
    }
    Map<String, Map<String, String>> device = renderedFrom(file);
    Map<String, Object> port = new LinkedHashMap<>();
    for (String p : ports) {
      Map<String, String> entry = device == null ? Map.of() : device.get(p);
      assertNotNull(entry, file + ": " + p + " is not a port of the SKU it was rendered for");
      port.put(p, new LinkedHashMap<>(entry));
    }
    Map<String, Object> out = new LinkedHashMap<>(db);
    out.put("PORT", port);
    return Json.write(out);
  }

  /**
   * The PORT table of the device a sample was rendered for, from the SKU's {@code port_config.ini}
   * and the minigraph its expectation's {@code input} names; null when it names none.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, String>> renderedFrom(String file) throws Exception {
    Path expect = EXPECT.resolve(file.replaceAll("\\.json$", ".expect.json"));
    if (!Files.exists(expect)) {
      return null;
    }
    Object input =
        ((Map<String, Object>) Json.parse(Files.readString(expect, StandardCharsets.UTF_8)))
            .get("input");
    if (!(input instanceof Map<?, ?> from)) {
      return null;
    }
    return MinigraphPorts.read(
        CORPUS.resolve((String) from.get("port-config")),
        CORPUS.resolve((String) from.get("minigraph")));
  }

  /** The plan by value, in the expectation files' shape ({@link CorpusPlan}). */
  static Map<String, Object> plan(CompiledSwitch sw) {
    return CorpusPlan.of(sw);
  }
}
