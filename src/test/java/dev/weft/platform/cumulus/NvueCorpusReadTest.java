package dev.weft.platform.cumulus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The NVUE reader judged on revisions written from NVIDIA's Cumulus Linux guide ({@code
 * corpus/nvue-docs/}, see its SOURCE): each is read and its plan, by value, compared with its
 * expectation in {@code corpus-expect/nvue-docs/} (written by {@code scripts/corpus-expect}'s own
 * reading of NVUE's documented defaults, then checked by hand against the pages). What NVUE applies
 * where the configuration is silent ({@link NvueDefaults}) is what the switch holds: a revision
 * with only {@code qos roce} is the whole RoCE plan, not an empty one.
 */
class NvueCorpusReadTest {

  private static final Path ROOT = Examples.projectRoot();
  private static final Path CORPUS = ROOT.resolve("src/test/resources/corpus/nvue-docs");
  private static final Path EXPECT = ROOT.resolve("src/test/resources/corpus-expect/nvue-docs");

  static List<String> files() throws IOException {
    try (Stream<Path> walk = Files.list(CORPUS)) {
      return walk.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".json"))
          .sorted()
          .toList();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void readsThePlanTheRevisionHolds(String file) throws Exception {
    Path expectFile = EXPECT.resolve(file.replaceAll("\\.json$", ".expect.json"));
    assertTrue(Files.exists(expectFile), file + " has no expectation (scripts/corpus-expect)");
    @SuppressWarnings("unchecked")
    Map<String, Object> expected =
        (Map<String, Object>) Json.parse(Files.readString(expectFile, StandardCharsets.UTF_8));
    Map<String, Object> plan = new TreeMap<>(CorpusPlan.of(read(file)));
    CompiledSwitch sw = read(file);
    expected.remove("validate-errors"); // what validate says of its import: ImportCorpusPageTest
    plan.put("input", expected.get("input"));
    plan.put(
        "pcp-to-tc",
        sw.pcpToPriority().isEmpty()
            ? null
            : sw.pcpToPriority().stream().map(Integer::longValue).toList());
    Map<String, Object> cables = new TreeMap<>();
    for (CompiledPort p : sw.ports()) {
      if (p.cableLengthMetres() != null) {
        cables.put(p.name(), p.cableLengthMetres().longValue());
      }
    }
    plan.put("cable-length", cables);
    assertEquals(Json.write(expected), Json.write(plan), file);
  }

  @Test
  void qosRoceAloneIsTheDocumentedLosslessPlan() throws Exception {
    CompiledSwitch sw = read("roce-lossless.json");
    assertEquals(3, sw.dscpToPriority().get(26)); // RoCE
    assertEquals(6, sw.dscpToPriority().get(48)); // CNP
    assertEquals(List.of(0, 0, 0, 3, 0, 0, 6, 0), sw.priorityToQueue());
    assertEquals(List.of(3), sw.losslessPriorities());
    assertEquals(
        List.of("0 dwrr 50 tc0", "3 dwrr 50 tc3", "6 strict null"),
        sw.queues().stream().map(NvueCorpusReadTest::queue).toList());
    for (EcnProfile e : sw.ecnProfiles()) {
      assertEquals(List.of(150_000L, 1_500_000L, 100L), ecn(e), e.name());
      assertTrue(!e.dropNonEct(), e.name());
    }
    for (CompiledPort p : sw.ports()) {
      assertEquals(List.of(3), p.pfcPriorities(), p.name());
      assertEquals(100, p.cableLengthMetres(), p.name());
      assertTrue(p.trustDscp(), p.name() + ": trust pcp,dscp classifies IP by DSCP");
    }
    assertEquals(List.of(), sw.pcpToPriority());
  }

  @Test
  void lossyRoceIsTheSamePlanWithoutPfc() throws Exception {
    CompiledSwitch lossless = read("roce-lossless.json");
    CompiledSwitch lossy = read("roce-lossy.json");
    assertEquals(List.of(), lossy.losslessPriorities());
    lossy.ports().forEach(p -> assertEquals(List.of(), p.pfcPriorities(), p.name()));
    assertEquals(lossless.dscpToPriority(), lossy.dscpToPriority());
    assertEquals(lossless.priorityToQueue(), lossy.priorityToQueue());
    assertEquals(lossless.ecnProfiles(), lossy.ecnProfiles());
  }

  @Test
  void settingsBesideQosRoceChangeOnlyTheKeysTheySet() throws Exception {
    CompiledSwitch roce = read("roce-lossless.json");
    CompiledSwitch moved = read("roce-lossless-priority-2.json");
    // the guide's "change the RoCE lossless switch priority from 3 to 2"
    assertEquals(List.of(2), moved.losslessPriorities(), "the PFC profile's set replaces RoCE's");
    assertEquals(2, moved.dscpToPriority().get(26));
    assertEquals(List.of(0, 0, 3, 0, 0, 0, 6, 0), moved.priorityToQueue());
    // what the commands do not name keeps RoCE's value
    Map<Integer, Integer> others = new TreeMap<>(moved.dscpToPriority());
    others.remove(26);
    Map<Integer, Integer> roceOthers = new TreeMap<>(roce.dscpToPriority());
    roceOthers.remove(26);
    assertEquals(roceOthers, others);
    assertEquals(roce.queues(), moved.queues().stream().map(q -> q).toList());
    assertEquals(roce.ecnProfiles(), moved.ecnProfiles());
    moved.ports().forEach(p -> assertEquals(100, p.cableLengthMetres(), p.name()));
  }

  @Test
  void aSwitchWithNoQosSetHoldsNvuesDefaults() throws Exception {
    CompiledSwitch sw = read("link-speed-auto.json");
    for (int d = 0; d < 64; d++) {
      assertEquals(d / 8, sw.dscpToPriority().get(d), "DSCP " + d);
    }
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), sw.pcpToPriority(), "trust l2 by default");
    sw.ports().forEach(p -> assertTrue(!p.trustDscp(), p.name()));
    assertEquals(
        List.of(
            "0 dwrr 12 tc0",
            "1 dwrr 13 null",
            "2 dwrr 12 null",
            "3 dwrr 13 null",
            "4 dwrr 12 null",
            "5 dwrr 13 null",
            "6 dwrr 12 null",
            "7 dwrr 13 null"),
        sw.queues().stream().map(NvueCorpusReadTest::queue).toList());
    assertEquals(List.of(), sw.losslessPriorities());
    assertNull(sw.watchdog());
  }

  @Test
  void aClassListedForEcnMarksAtTheDefaultsOfWhatItLeavesOut() throws Exception {
    CompiledSwitch sw = read("qos-ecn.json");
    assertEquals(
        List.of("tc4", "tc5", "tc7"), sw.ecnProfiles().stream().map(EcnProfile::name).toList());
    for (EcnProfile e : sw.ecnProfiles()) {
      assertEquals(List.of(40_000L, 200_000L, 100L), ecn(e), e.name());
      assertTrue(e.dropNonEct(), e.name() + ": red enable");
    }
    // listing classes replaces default-global's own class 0
    assertNull(sw.queues().get(0).ecnProfile());
  }

  @Test
  void theDefaultGlobalPfcProfileRunsOnEveryPortAndAWatchdogWithoutStateIsOn() throws Exception {
    CompiledSwitch sw = read("qos-pfc-watchdog.json");
    for (CompiledPort p : sw.ports()) {
      assertEquals(List.of(0), p.pfcPriorities(), p.name());
      assertEquals(50, p.cableLengthMetres(), p.name());
      assertTrue(p.watchdog(), p.name());
      assertEquals(List.of(0), p.watchdogQueues(), p.name());
    }
    assertEquals(1000, sw.watchdog().detectionMs()); // robustness 5 x 200 ms
    assertEquals(200, sw.watchdog().pollMs());
  }

  /**
   * {@code link speed auto}: the configuration holds no speed (the port negotiates), so drift does
   * not compare the intent's speed with it but says once that it did not; a fixed speed that
   * differs is still drift.
   */
  @Test
  void linkSpeedAutoIsNotComparedAndSaysSoWhileAFixedSpeedStillDrifts() throws Exception {
    CompiledSwitch live = read("link-speed-auto.json");
    assertNull(live.port("swp1").speedGbps());
    assertEquals(400, live.port("swp2").speedGbps());
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : live.ports()) {
      ports.add(p.toBuilder().speedGbps(p.name().equals("swp1") ? 400 : 200).build());
    }
    CompiledSwitch intent = live.toBuilder().ports(ports).build();
    List<Finding> drift =
        Drift.compare(intent, live, Tolerance.EXACT, new CumulusPack().paths(), Set.of());
    List<String> rules = drift.stream().map(f -> f.rule() + " " + f.port()).sorted().toList();
    assertEquals(
        List.of(DriftRules.NOT_AUDITED + " null", DriftRules.PORT + " swp2").stream()
            .sorted()
            .toList(),
        rules);
    Finding note =
        drift.stream().filter(f -> f.rule().equals(DriftRules.NOT_AUDITED)).findFirst().get();
    assertTrue(
        note.message().contains("swp1") && note.message().contains("negotiated"), note.message());
  }

  @Test
  void aRoceModeThePlanCannotHoldIsAnErrorNamingItsPath() {
    String revision =
        "{\"qos\": {\"roce\": {\"enable\": \"on\", \"mode\": \"lossy-multi-tc\"}},"
            + " \"interface\": {\"swp1\": {\"type\": \"swp\"}}}";
    ReadException e =
        assertThrows(ReadException.class, () -> CumulusNvueReader.read(revision, "s", "s.json"));
    assertTrue(e.getMessage().contains("qos.roce.mode"), e.getMessage());
    assertTrue(e.getMessage().contains("lossy-multi-tc"), e.getMessage());
  }

  @Test
  void roceTurnedOffIsTheDefaultsNotTheRocePlan() throws Exception {
    String revision =
        "{\"qos\": {\"roce\": {\"enable\": \"off\"}}, \"interface\": {\"swp1\": {\"type\":"
            + " \"swp\"}}}";
    CompiledSwitch sw = CumulusNvueReader.read(revision, "s", "s.json");
    assertEquals(List.of(), sw.losslessPriorities());
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), sw.priorityToQueue());
  }

  private static String queue(CompiledQueue q) {
    return q.queue()
        + " "
        + (CompiledQueue.STRICT.equals(q.scheduler()) ? "strict" : "dwrr " + q.weight())
        + " "
        + q.ecnProfile();
  }

  private static List<Long> ecn(EcnProfile e) {
    return List.of(e.minBytes(), e.maxBytes(), (long) e.probability());
  }

  private static CompiledSwitch read(String file) throws Exception {
    return CumulusNvueReader.read(
        Files.readString(CORPUS.resolve(file), StandardCharsets.UTF_8),
        file.replaceAll("\\.json$", ""),
        "nvue-docs/" + file);
  }
}
