package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.platform.sonic.SonicHwsku;
import dev.weft.platform.sonic.SonicHwskus;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.LabTest;
import dev.weft.testing.SshLab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code weft drift} and {@code weft backup} of {@code inventories/roce-pod-a}'s six SONiC switches
 * against six REAL SSH devices (scripts/ssh-lab: OpenSSH on loopback whose account answers {@code
 * show runningconfiguration all}). Each device serves what a SONiC switch of the pod's HWSKU prints
 * after {@code config load} of the rendered config_db.json: the HWSKU's whole PORT table with the
 * rendered tables merged in, plus a table Weft does not manage. The lab checks every dump against
 * SONiC's YANG before it serves it. Drift is injected by loading an edited dump, one feature at a
 * time.
 */
@LabTest(needs = {"/usr/sbin/sshd", "/usr/bin/yanglint"})
class SonicDriftOnLabTest {

  private static final List<String> SWITCHES =
      List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02");

  private static SshInventoryLab pod;
  private static SshLab lab;
  private static final Map<String, String> dumps = new LinkedHashMap<>();

  @BeforeAll
  static void start() throws Exception {
    // the example's switches listen on 18301..18306; the lab's devices on free ports
    pod = SshInventoryLab.start("roce-pod-a", 18301, SWITCHES.size());
    lab = pod.lab;
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    for (String name : SWITCHES) {
      CompiledSwitch sw = (CompiledSwitch) fabric.device(name).orElseThrow();
      Renderer.DeviceOutput out = renderer.renderDevice(sw, fabric.fabric());
      assertEquals(List.of(), out.findings());
      dumps.put(name, runningAfterConfigLoad(out.text("config_db.json"), sw.hwsku()));
    }
    lab.loadOrFail(1, "sonic", List.copyOf(dumps.values()));
  }

  @AfterAll
  static void stop() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  /**
   * What {@code show runningconfiguration all} prints on a switch of this HWSKU after {@code config
   * load} of the rendered file: the factory PORT table (every port of the HWSKU, down, with its
   * lanes) with the rendered tables merged in field by field, as {@code config load} merges, and
   * LOOPBACK_INTERFACE, which Weft neither renders nor reads.
   */
  @SuppressWarnings("unchecked")
  static String runningAfterConfigLoad(String rendered, String hwsku) throws Exception {
    SonicHwsku sku = new SonicHwskus().lookup(hwsku).orElseThrow();
    Map<String, Object> running = new TreeMap<>();
    Map<String, Object> ports = new TreeMap<>();
    sku.ports()
        .values()
        .forEach(
            p ->
                ports.put(
                    p.name(),
                    new TreeMap<>(
                        Map.of(
                            "lanes",
                            p.lanes(),
                            "alias",
                            p.alias(),
                            "index",
                            String.valueOf(p.index()),
                            "speed",
                            String.valueOf(p.speedMbps()),
                            "admin_status",
                            "down",
                            "mtu",
                            "9100"))));
    running.put("PORT", ports);
    running.put(
        "LOOPBACK_INTERFACE", Map.of("Loopback0", Map.of(), "Loopback0|10.1.0.1/32", Map.of()));
    Map<String, Object> file = (Map<String, Object>) Json.parse(rendered);
    file.forEach(
        (table, entries) -> {
          Map<String, Object> t =
              (Map<String, Object>)
                  running.computeIfAbsent(table, k -> new TreeMap<String, Object>());
          ((Map<String, Object>) entries)
              .forEach(
                  (key, fields) -> {
                    Object before = t.get(key);
                    if (before instanceof Map<?, ?> old && fields instanceof Map<?, ?> add) {
                      Map<String, Object> merged = new TreeMap<>((Map<String, Object>) old);
                      merged.putAll((Map<String, Object>) add);
                      t.put(key, merged);
                    } else {
                      t.put(key, fields);
                    }
                  });
        });
    return Json.write(running);
  }

  @Test
  void everySonicSwitchOfThePodIsInSync() throws Exception {
    Cli r = pod.drift();
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    Map<String, String> expected = new TreeMap<>();
    SWITCHES.forEach(s -> expected.put(s, "ok"));
    assertEquals(expected, r.devices(), r.out());
    assertEquals(0, r.exit(), r.out() + r.err());
  }

  @Test
  void driftInjectedInEachFeatureIsFoundWithTheIntentLineThatOwnsIt() throws Exception {
    record Injection(
        String rule,
        String ownerWord,
        Consumer<Map<String, Map<String, Map<String, Object>>>> edit) {}
    List<Injection> injections =
        List.of(
            new Injection(
                "drift-pfc",
                "lossless",
                db -> db.get("PORT_QOS_MAP").get("Ethernet0").put("pfc_enable", "3,4")),
            new Injection(
                "drift-ecn",
                "ecn:",
                db -> db.get("WRED_PROFILE").get("rdma").put("green_min_threshold", "300000")),
            new Injection(
                "drift-scheduler",
                "scheduler:",
                db -> db.get("SCHEDULER").get("rdma").put("weight", "60")),
            new Injection(
                "drift-watchdog",
                "watchdog:",
                db -> db.get("PFC_WD").get("Ethernet0").put("detection_time", "300")),
            new Injection(
                "drift-buffers",
                "cable-length",
                db ->
                    db.get("BUFFER_PROFILE")
                        .values()
                        .forEach(
                            p -> {
                              long xoff = Long.parseLong((String) p.get("xoff"));
                              p.put("xoff", String.valueOf(xoff / 2));
                            })),
            // the lossless buffer knobs (issue 30 item 6): alpha lowered on every lossless profile,
            // and a shared headroom pool the plan (headroom per PG) does not have
            new Injection(
                "drift-buffers",
                "lossless",
                db -> db.get("BUFFER_PROFILE").values().forEach(p -> p.put("dynamic_th", "-2"))),
            new Injection(
                "drift-buffers",
                "lossless",
                db -> db.get("BUFFER_POOL").get("ingress_lossless_pool").put("xoff", "1048576")),
            new Injection(
                "drift-mtu", "switch:", db -> db.get("PORT").get("Ethernet8").put("mtu", "9100")),
            new Injection(
                "drift-hash",
                "hash-fields",
                db ->
                    db.get("SWITCH_HASH")
                        .get("GLOBAL")
                        .put(
                            "ecmp_hash",
                            List.of("SRC_IP", "DST_IP", "IP_PROTOCOL", "L4_DST_PORT"))));
    try {
      for (Injection injection : injections) {
        Map<String, Map<String, Map<String, Object>>> db = parse(dumps.get("leaf-01"));
        injection.edit().accept(db);
        lab.loadOrFail(1, "sonic", List.of(Json.write(db)));
        Cli r = pod.drift("--device", "leaf-01");
        TreeSet<String> driftRules = new TreeSet<>();
        for (Map<String, Object> f : r.findings()) {
          String rule = (String) f.get("rule");
          if (!rule.startsWith("drift-")) {
            continue; // rules on the live config may add their own view of the same change
          }
          driftRules.add(rule);
          String line = pod.intentLine((String) f.get("file"), ((Number) f.get("line")).intValue());
          assertTrue(
              line.contains(injection.ownerWord()),
              injection.rule() + " points at '" + line + "': " + f);
          assertEquals("leaf-01", f.get("device"));
          assertNotEquals(f.get("expected"), f.get("actual"), f.toString());
        }
        assertEquals(
            new TreeSet<>(List.of(injection.rule())),
            driftRules,
            injection.rule() + ": " + r.out());
        assertEquals(Map.of("leaf-01", "drift"), r.devices(), r.out());
        assertEquals(1, r.exit(), r.out());
      }
    } finally {
      lab.loadOrFail(1, "sonic", List.of(dumps.get("leaf-01")));
    }
  }

  @Test
  void theLabRefusesADumpSonicsYangRejectsAndKeepsServingTheLastGoodOne() throws Exception {
    Map<String, Map<String, Map<String, Object>>> db = parse(dumps.get("leaf-02"));
    db.get("PORT").get("Ethernet0").remove("lanes");
    db.get("PORT_QOS_MAP").get("Ethernet0").put("pfc_enable", "3,4");
    SshLab.Result refused = lab.load(2, "sonic", List.of(Json.write(db)));
    assertEquals(1, refused.exit(), refused.output());
    assertTrue(refused.output().contains("Mandatory node \"lanes\""), refused.output());
    Cli r = pod.drift("--device", "leaf-02");
    assertEquals(
        List.of(), r.findings(), "the device still serves its last good config: " + r.out());
  }

  @Test
  void aDeviceThatDoesNotKnowTheCommandIsThatDevicesErrorTheOthersStillComplete() throws Exception {
    try {
      lab.loadOrFail(6, "nvue", List.of("[]")); // spine-02 now plays a Cumulus switch
      Cli r = pod.drift("--device", "spine-01", "--device", "spine-02");
      assertEquals(
          Map.of("spine-01", "ok", "spine-02", "error:command-failed"), r.devices(), r.out());
      Map<String, Object> f = r.findings().get(0);
      assertEquals("device-error", f.get("rule"));
      assertTrue(
          ((String) f.get("message")).contains("`show runningconfiguration all`: exit status 127"),
          f.toString());
    } finally {
      lab.loadOrFail(6, "sonic", List.of(dumps.get("spine-02")));
    }
  }

  @Test
  void backupCommitsEachSwitchsConfigDbAsJson() throws Exception {
    Path backups = pod.root.resolve("backups");
    Cli r = pod.backup(backups, "--format", "json");
    assertEquals(0, r.exit(), r.out() + r.err());
    for (String name : SWITCHES) {
      Path file = backups.resolve(name + ".json");
      assertTrue(Files.exists(file), "no backup of " + name);
      assertEquals(Json.parse(dumps.get(name)), Json.parse(Files.readString(file)), name);
    }
    Cli again = pod.backup(backups);
    assertEquals(0, again.exit(), again.err());
    assertTrue(again.err().contains("0 of 6 devices changed"), again.err());
    assertFalse(Files.exists(backups.resolve("leaf-01.xml")));
  }

  // ------------------------------------------------------------------ helpers

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Map<String, Object>>> parse(String json) throws Exception {
    return (Map<String, Map<String, Map<String, Object>>>) Json.parse(json);
  }
}
