package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code weft remediate} on roce-pod-a's SONiC switches against REAL SSH devices (scripts/ssh-lab)
 * whose account emulates SONiC's Generic Config Updater: {@code config checkpoint}, {@code config
 * apply-patch [--dry-run]} applied by an independent implementation (Debian's python3-jsonpatch)
 * and judged by SONiC's YANG (yanglint with the vendored models), {@code config rollback}. Each
 * device starts from what the switch shows after {@code config load} of the rendered file onto its
 * factory state, plus the factory {@code BUFFER_PG|Ethernet0|3-4} beside Weft's {@code |3}, then
 * drifted.
 */
@LabTest(needs = {"/usr/sbin/sshd", "/usr/bin/yanglint", "/usr/bin/jsonpatch"})
class SonicRemediateOnLabTest {

  private static final List<String> SWITCHES =
      List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02");

  private static SshInventoryLab pod;
  private static SshLab lab;
  private static final Map<String, String> dumps = new LinkedHashMap<>();

  @BeforeAll
  static void start() throws Exception {
    pod = SshInventoryLab.start("roce-pod-a", 18301, SWITCHES.size());
    lab = pod.lab;
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    for (String name : SWITCHES) {
      CompiledSwitch sw = (CompiledSwitch) fabric.device(name).orElseThrow();
      Renderer.DeviceOutput out = renderer.renderDevice(sw, fabric.fabric());
      assertEquals(List.of(), out.findings());
      dumps.put(
          name, SonicDriftOnLabTest.runningAfterConfigLoad(out.text("config_db.json"), sw.hwsku()));
    }
    lab.loadOrFail(1, "sonic", List.copyOf(dumps.values()));
  }

  @AfterAll
  static void stop() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  @Test
  void aDriftedSwitchIsBroughtBackThroughCheckpointAndApplyPatchAndReadBackInSync()
      throws Exception {
    Map<String, Map<String, Map<String, Object>>> db = parse(dumps.get("leaf-01"));
    db.get("BUFFER_PG").put("Ethernet0|3-4", Map.of("profile", "pg_lossless_400000_30m_profile"));
    db.get("SCHEDULER").get("rdma").put("weight", "60");
    db.get("PORT_QOS_MAP").get("Ethernet8").put("pfc_enable", "3,4");
    String drifted = Json.write(db);
    lab.loadOrFail(1, "sonic", List.of(drifted));
    Path backups = pod.root.resolve("remediate-backups");
    try {
      Cli dry = pod.remediate("--device", "leaf-01");
      assertEquals(Map.of("leaf-01", "planned"), dry.devices(), dry.out() + dry.err());
      Map<String, Object> plan = dry.plan("leaf-01");
      assertEquals("json-patch", plan.get("edit_kind"), dry.out());
      String patch = (String) plan.get("edit");
      assertTrue(patch.contains("\"path\": \"/BUFFER_PG/Ethernet0|3-4\""), patch);
      assertTrue(patch.contains("\"path\": \"/SCHEDULER/rdma/weight\""), patch);
      assertTrue(patch.contains("\"path\": \"/PORT_QOS_MAP/Ethernet8/pfc_enable\""), patch);
      assertFalse(patch.contains("LOOPBACK_INTERFACE"), patch);
      String scheduler = ownerOf(plan, "scheduler");
      assertTrue(scheduler.contains("scheduler"), "the scheduler part points at " + scheduler);
      assertEquals(List.of("connect", "read"), dry.stepNames("leaf-01"), dry.out());
      assertEquals(drifted, lab.running(1), "a dry run changes nothing");
      assertEquals(List.of(), lab.checkpoints(1));

      Cli r = pod.remediate("--device", "leaf-01", "--apply", "--backup", backups.toString());
      assertEquals(Map.of("leaf-01", "remediated"), r.devices(), r.out() + r.err());
      assertEquals(
          List.of(
              "connect",
              "read",
              "checkpoint",
              "apply-patch-dry-run",
              "apply-patch",
              "read-back",
              "delete-checkpoint"),
          r.stepNames("leaf-01"),
          r.out());
      assertEquals(0, r.exit(), r.out());
      Map<String, Map<String, Map<String, Object>>> now = parse(lab.running(1));
      assertFalse(now.get("BUFFER_PG").containsKey("Ethernet0|3-4"), "the factory range went");
      assertEquals(
          parse(dumps.get("leaf-01")),
          now,
          "the device holds what config load of Weft's file gave");
      assertEquals(List.of(), lab.checkpoints(1), "the checkpoint is deleted once in sync");
      Cli drift = pod.drift("--device", "leaf-01");
      assertEquals(List.of(), drift.findings(), drift.out());
      Cli again = pod.remediate("--device", "leaf-01", "--apply");
      assertEquals(Map.of("leaf-01", "ok"), again.devices(), again.out());
      @SuppressWarnings("unchecked")
      Map<String, Object> backup =
          (Map<String, Object>) ((Map<String, Object>) Json.parse(r.out())).get("backup");
      assertNotNull(backup.get("before"), r.out());
      assertNotNull(backup.get("after"), r.out());
      assertTrue(Files.exists(backups.resolve("leaf-01.json")));
    } finally {
      lab.loadOrFail(1, "sonic", List.of(dumps.get("leaf-01")));
    }
  }

  @Test
  void aPatchSonicsYangRefusesIsRejectedAtTheDryRunAndLeavesTheSwitchUnchanged() throws Exception {
    // a watchdog on a port Weft does not manage, valid with the switch's poll interval of 100 ms;
    // Weft's patch raises the poll to the intent's 200 ms, and SONiC's YANG refuses a detection
    // time below the poll interval
    String unmanaged = unmanagedPort("leaf-02");
    Map<String, Map<String, Map<String, Object>>> db = parse(dumps.get("leaf-02"));
    db.get("PFC_WD").get("GLOBAL").put("POLL_INTERVAL", "100");
    db.get("PFC_WD")
        .put(
            unmanaged,
            new TreeMap<>(
                Map.of("action", "drop", "detection_time", "150", "restoration_time", "300")));
    String before = Json.write(db);
    lab.loadOrFail(2, "sonic", List.of(before));
    try {
      Cli r = pod.remediate("--device", "leaf-02", "--apply");
      assertEquals(
          Map.of("leaf-02", "rejected:apply-patch-dry-run"), r.devices(), r.out() + r.err());
      Map<String, Object> rejected = r.finding("remediate-rejected");
      String message = (String) rejected.get("message");
      assertTrue(
          message.contains("detection_time must be greater than or equal to POLL_INTERVAL"),
          message);
      assertEquals(
          List.of("connect", "read", "checkpoint", "apply-patch-dry-run", "delete-checkpoint"),
          r.stepNames("leaf-02"),
          r.out());
      assertEquals(before, lab.running(2), "the device is unchanged");
      assertEquals(List.of(), lab.checkpoints(2));
      assertEquals(1, r.exit(), r.out());
    } finally {
      lab.loadOrFail(2, "sonic", List.of(dumps.get("leaf-02")));
    }
  }

  @Test
  void aReadBackOutOfSyncRollsBackToTheCheckpoint() throws Exception {
    Map<String, Map<String, Map<String, Object>>> db = parse(dumps.get("leaf-03"));
    db.get("SCHEDULER").get("rdma").put("weight", "60");
    String before = Json.write(db);
    lab.loadOrFail(3, "sonic", List.of(before));
    // the lab fault: right after the apply, another writer changes a watchdog the switch had right
    lab.fault(
        3,
        "[{\"op\": \"replace\", \"path\": \"/PFC_WD/Ethernet0/detection_time\", \"value\": \"300\"}]");
    try {
      Cli r = pod.remediate("--device", "leaf-03", "--apply");
      assertEquals(Map.of("leaf-03", "rolled-back:still-drifted"), r.devices(), r.out() + r.err());
      assertEquals(
          List.of(
              "connect",
              "read",
              "checkpoint",
              "apply-patch-dry-run",
              "apply-patch",
              "read-back",
              "rollback",
              "delete-checkpoint"),
          r.stepNames("leaf-03"),
          r.out());
      String message = (String) r.finding("remediate-rolled-back").get("message");
      assertTrue(message.contains("detection"), message);
      assertEquals(before, lab.running(3), "the device is back at the checkpoint, byte for byte");
      assertEquals(List.of(), lab.checkpoints(3));
      assertEquals(1, r.exit(), r.out());
    } finally {
      lab.loadOrFail(3, "sonic", List.of(dumps.get("leaf-03")));
    }
  }

  @Test
  void maxDevicesAndCanaryBehaveAsForNetconf() throws Exception {
    Map<String, Map<String, Map<String, Object>>> a = parse(dumps.get("spine-01"));
    a.get("SCHEDULER").get("rdma").put("weight", "60");
    Map<String, Map<String, Map<String, Object>>> b = parse(dumps.get("spine-02"));
    b.get("SCHEDULER").get("rdma").put("weight", "70");
    lab.loadOrFail(5, "sonic", List.of(Json.write(a), Json.write(b)));
    try {
      Cli r =
          pod.remediate(
              "--device", "spine-01", "--device", "spine-02", "--apply", "--max-devices", "1");
      assertEquals(
          Map.of("spine-01", "remediated", "spine-02", "skipped:max-devices"),
          r.devices(),
          r.out() + r.err());
      assertEquals(Json.write(b), lab.running(6), "the skipped device got nothing");
      Cli rest =
          pod.remediate("--device", "spine-01", "--device", "spine-02", "--apply", "--canary", "1");
      assertEquals(Map.of("spine-01", "ok", "spine-02", "remediated"), rest.devices(), rest.out());
    } finally {
      lab.loadOrFail(5, "sonic", List.of(dumps.get("spine-01"), dumps.get("spine-02")));
    }
  }

  // ------------------------------------------------------------------ helpers

  /** A port of the switch's HWSKU that the intent does not declare. */
  private static String unmanagedPort(String device) throws Exception {
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    CompiledSwitch sw = (CompiledSwitch) fabric.device(device).orElseThrow();
    SonicHwsku sku = new SonicHwskus().lookup(sw.hwsku()).orElseThrow();
    java.util.Set<String> declared = new java.util.HashSet<>();
    sw.ports().forEach(p -> declared.add(p.name()));
    return sku.ports().keySet().stream()
        .filter(n -> !declared.contains(n))
        .sorted()
        .findFirst()
        .orElseThrow();
  }

  /** The intent line that owns the first drift finding of the plan's part of this feature. */
  @SuppressWarnings("unchecked")
  private static String ownerOf(Map<String, Object> plan, String feature) throws Exception {
    for (Map<String, Object> part : (List<Map<String, Object>>) plan.get("parts")) {
      List<Map<String, Object>> findings = (List<Map<String, Object>>) part.get("findings");
      if (feature.equals(part.get("feature")) && !findings.isEmpty()) {
        Map<String, Object> f = findings.get(0);
        return pod.intentLine((String) f.get("file"), ((Number) f.get("line")).intValue());
      }
    }
    throw new AssertionError("no " + feature + " part with a finding: " + plan);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Map<String, Object>>> parse(String json) throws Exception {
    return (Map<String, Map<String, Map<String, Object>>>) Json.parse(json);
  }
}
