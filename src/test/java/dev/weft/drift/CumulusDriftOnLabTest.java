package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import dev.weft.testing.LabTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code weft drift} and {@code weft backup} of {@code inventories/roce-pod-c}'s two Cumulus spines
 * against two REAL SSH devices (scripts/ssh-lab) whose account answers {@code nv config show -o
 * json} with the revision the rendered {@code startup.yaml} becomes on the switch. Drift is
 * injected by loading an edited revision, one feature at a time; each is found at the intent line
 * that owns the value. What NVUE cannot carry (the watchdog's restoration and action, computed
 * headroom) is a render gap, never drift.
 */
@LabTest(needs = {"/usr/sbin/sshd"})
class CumulusDriftOnLabTest {

  private static final List<String> SPINES = List.of("spine-c1", "spine-c2");

  private static SshInventoryLab pod;
  private static final Map<String, String> revisions = new LinkedHashMap<>();

  @BeforeAll
  static void start() throws Exception {
    pod = SshInventoryLab.cumulusSpines(SPINES, revisions);
  }

  @AfterAll
  static void stop() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  @Test
  void bothCumulusSpinesAreInSync() throws Exception {
    Cli r = pod.drift("--device", "spine-c1", "--device", "spine-c2");
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of("spine-c1", "ok", "spine-c2", "ok"), r.devices(), r.out());
    assertEquals(0, r.exit(), r.out());
  }

  @Test
  void driftInjectedInEachFeatureIsFoundWithTheIntentLineThatOwnsIt() throws Exception {
    record Injection(String rule, String ownerWord, Consumer<Map<String, Object>> edit) {}
    List<Injection> injections =
        List.of(
            new Injection(
                "drift-pfc",
                "lossless",
                set -> at(set, "qos", "pfc", "lossless-50m", "switch-priority").put("5", Map.of())),
            new Injection(
                "drift-ecn",
                "ecn:",
                set ->
                    at(set, "qos", "congestion-control", "default-global", "traffic-class", "3")
                        .put("min-threshold", 300000L)),
            new Injection(
                "drift-scheduler",
                "scheduler:",
                set ->
                    at(set, "qos", "egress-scheduler", "default-global", "traffic-class", "3")
                        .put("bw-percent", 60L)),
            new Injection(
                "drift-watchdog",
                "watchdog:",
                set -> at(set, "qos", "pfc-watchdog").put("robustness", 6L)),
            new Injection(
                "drift-buffers",
                "cable-length",
                set -> at(set, "qos", "pfc", "lossless-50m").put("cable-length", 100L)),
            new Injection(
                "drift-mtu",
                "switch:",
                set -> at(set, "interface", "swp2", "link").put("mtu", 9000L)),
            new Injection(
                "drift-hash",
                "hash-fields",
                set -> at(set, "system", "forwarding", "ecmp-hash").put("source-port", "off")));
    try {
      for (Injection injection : injections) {
        List<Object> revision = parse(revisions.get("spine-c1"));
        @SuppressWarnings("unchecked")
        Map<String, Object> set =
            (Map<String, Object>) ((Map<String, Object>) revision.get(1)).get("set");
        injection.edit().accept(set);
        pod.lab.loadOrFail(1, "nvue", List.of(Json.write(revision)));
        Cli r = pod.drift("--device", "spine-c1");
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
          assertNotEquals(f.get("expected"), f.get("actual"), f.toString());
        }
        assertEquals(
            new TreeSet<>(List.of(injection.rule())),
            driftRules,
            injection.rule() + ": " + r.out());
        assertEquals(Map.of("spine-c1", "drift"), r.devices(), r.out());
      }
    } finally {
      pod.lab.loadOrFail(1, "nvue", List.of(revisions.get("spine-c1")));
    }
  }

  /**
   * {@code weft audit} of the two spines, one with a drifted MTU and a user in its revision: the
   * JSON report carries that spine's config diff, the interface tree only (the user's hash never),
   * and no diff for the other.
   */
  @Test
  @SuppressWarnings("unchecked")
  void theAuditOfADriftedSpineCarriesItsConfigDiffCutToTheInterfaceTree() throws Exception {
    List<Object> revision = parse(revisions.get("spine-c1"));
    Map<String, Object> set =
        (Map<String, Object>) ((Map<String, Object>) revision.get(1)).get("set");
    at(set, "interface", "swp2", "link").put("mtu", 9000L);
    ((Map<String, Object>) set.get("system"))
        .put(
            "aaa",
            Map.of("user", Map.of("cumulus", Map.of("hashed-password", "$6$lab$notforanyone"))));
    try {
      pod.lab.loadOrFail(1, "nvue", List.of(Json.write(revision)));
      Cli r =
          SshInventoryLab.weft(
              "audit",
              pod.inventory.toString(),
              "--repo",
              pod.root.toString(),
              "--known-hosts",
              pod.lab.knownHosts().toString(),
              "--credentials",
              pod.credentials.toString(),
              "--timeout",
              "30s",
              "--format",
              "json",
              "--device",
              "spine-c1",
              "--device",
              "spine-c2");
      Map<String, Map<String, Object>> diffs = new java.util.TreeMap<>();
      for (Object d : (List<Object>) ((Map<String, Object>) Json.parse(r.out())).get("devices")) {
        Map<String, Object> device = (Map<String, Object>) d;
        if (device.get("config_diff") != null) {
          diffs.put((String) device.get("name"), (Map<String, Object>) device.get("config_diff"));
        }
      }
      assertEquals(List.of("spine-c1"), List.copyOf(diffs.keySet()), r.out() + r.err());
      Map<String, Object> diff = diffs.get("spine-c1");
      assertEquals("startup.yaml", diff.get("file"));
      assertEquals("tree interface", diff.get("scope"));
      String text = (String) diff.get("diff");
      assertTrue(text.lines().anyMatch(l -> l.matches("\\+ {16}\"mtu\": 9000,?")), text);
      assertTrue(!text.contains("notforanyone") && !text.contains("aaa"), text);
    } finally {
      pod.lab.loadOrFail(1, "nvue", List.of(revisions.get("spine-c1")));
    }
  }

  @Test
  void backupCommitsEachSpinesRevisionAsJson() throws Exception {
    Path backups = pod.root.resolve("backups");
    Cli r = pod.backup(backups, "--device", "spine-c1", "--device", "spine-c2");
    assertEquals(0, r.exit(), r.out() + r.err());
    for (String name : SPINES) {
      assertEquals(
          Json.parse(revisions.get(name)),
          Json.parse(Files.readString(backups.resolve(name + ".json"))),
          name);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> at(Map<String, Object> set, String... path) {
    Map<String, Object> at = set;
    for (String key : path) {
      at = (Map<String, Object>) at.get(key);
      if (at == null) {
        throw new AssertionError("the rendered revision has no " + String.join(".", path));
      }
    }
    return at;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> parse(String json) throws Exception {
    return (List<Object>) Json.parse(json);
  }
}
