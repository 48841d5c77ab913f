package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.json.Json;
import dev.weft.testing.LabTest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code weft remediate} on {@code inventories/roce-pod-c}'s two Cumulus spines against REAL SSH
 * devices (scripts/ssh-lab) whose account emulates NVUE's revisions: {@code nv config patch} into a
 * pending revision (refusing a patch that is not NVUE-shaped or leaves a port's PFC profile
 * dangling), {@code nv config apply --confirm Ns -y} keeping the revision it replaced, {@code nv
 * config confirm}, and the rollback when the confirm window lapses, fired deterministically by
 * {@code ssh-lab expire}/{@code lapse} (no test waits for a timer). Each spine starts from the
 * revision the rendered {@code startup.yaml} becomes on the switch, then drifted.
 */
@LabTest(needs = {"/usr/sbin/sshd", "/usr/bin/python3"})
class CumulusRemediateOnLabTest {

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
  void aDriftedSpineIsBroughtBackByPatchApplyWithConfirmAndReadBackInSync() throws Exception {
    List<Object> revision = parse(revisions.get("spine-c1"));
    Map<String, Object> set = set(revision);
    at(set, "qos", "egress-scheduler", "default-global", "traffic-class", "3")
        .put("bw-percent", 60L);
    at(set, "qos", "pfc", "lossless-50m", "switch-priority").put("5", new TreeMap<>());
    at(set, "interface", "swp2", "link").put("mtu", 9000L);
    String drifted = Json.write(revision);
    pod.lab.loadOrFail(1, "nvue", List.of(drifted));
    try {
      Cli dry = pod.remediate("--device", "spine-c1");
      assertEquals(Map.of("spine-c1", "planned"), dry.devices(), dry.out() + dry.err());
      Map<String, Object> plan = dry.plan("spine-c1");
      assertEquals("nvue-patch", plan.get("edit_kind"), dry.out());
      String patch = (String) plan.get("edit");
      assertTrue(patch.contains("- unset:\n"), patch);
      assertTrue(patch.contains("'5': null"), "the extra PFC priority is unset: " + patch);
      assertTrue(patch.contains("bw-percent: "), patch);
      assertTrue(patch.contains("mtu: "), patch);
      assertFalse(patch.contains("hostname"), "only values drift compares are patched: " + patch);
      assertEquals(List.of("connect", "read"), dry.stepNames("spine-c1"), dry.out());
      assertEquals(drifted, pod.lab.running(1), "a dry run changes nothing");

      Cli r = pod.remediate("--device", "spine-c1", "--apply");
      assertEquals(Map.of("spine-c1", "remediated"), r.devices(), r.out() + r.err());
      assertEquals(
          List.of("connect", "read", "detach", "patch", "apply", "read-back", "confirm"),
          r.stepNames("spine-c1"),
          r.out());
      assertEquals(0, r.exit(), r.out());
      assertFalse(pod.lab.awaitsConfirm(1), "the apply is confirmed");
      assertFalse(pod.lab.pending(1), "nothing is left pending");
      assertEquals(
          set(parse(revisions.get("spine-c1"))),
          set(parse(pod.lab.running(1))),
          "the spine holds the rendered revision again");
      pod.lab.expire(1);
      assertEquals(
          set(parse(revisions.get("spine-c1"))),
          set(parse(pod.lab.running(1))),
          "a confirmed apply stays when the timer would have fired");
      Cli drift = pod.drift("--device", "spine-c1");
      assertEquals(List.of(), drift.findings(), drift.out());
      Cli again = pod.remediate("--device", "spine-c1", "--apply");
      assertEquals(Map.of("spine-c1", "ok"), again.devices(), again.out());
    } finally {
      pod.lab.loadOrFail(1, "nvue", List.of(revisions.get("spine-c1")));
    }
  }

  @Test
  void aPatchNvueRefusesIsRejectedBeforeTheApplyAndLeavesTheSpineUnchanged() throws Exception {
    // a port Weft does not manage bound to a PFC profile Weft does not render: Weft's patch unsets
    // the profile (it owns the set of profiles), and NVUE refuses a port bound to no profile
    List<Object> revision = parse(revisions.get("spine-c2"));
    Map<String, Object> set = set(revision);
    String unmanaged = unmanagedPort(set);
    Map<String, Object> profile = new TreeMap<>();
    profile.put("cable-length", 100L);
    profile.put("switch-priority", new TreeMap<>(Map.of("3", new TreeMap<>())));
    at(set, "qos", "pfc").put("lossless-100m", profile);
    at(set, "interface")
        .put(
            unmanaged,
            new TreeMap<>(
                Map.of("type", "swp", "qos", Map.of("pfc", Map.of("profile", "lossless-100m")))));
    at(set, "qos", "egress-scheduler", "default-global", "traffic-class", "3")
        .put("bw-percent", 60L);
    String before = Json.write(revision);
    pod.lab.loadOrFail(2, "nvue", List.of(before));
    try {
      Cli r = pod.remediate("--device", "spine-c2", "--apply");
      assertEquals(Map.of("spine-c2", "rejected:patch"), r.devices(), r.out() + r.err());
      String message = (String) r.finding("remediate-rejected").get("message");
      assertTrue(message.contains("interface " + unmanaged + " qos pfc profile"), message);
      assertEquals(
          List.of("connect", "read", "detach", "patch", "detach"),
          r.stepNames("spine-c2"),
          r.out());
      assertEquals(before, pod.lab.running(2), "the spine is unchanged, byte for byte");
      assertFalse(pod.lab.pending(2), "the refused patch left nothing pending");
      assertEquals(1, r.exit(), r.out());
    } finally {
      pod.lab.loadOrFail(2, "nvue", List.of(revisions.get("spine-c2")));
    }
  }

  @Test
  void aReadBackOutOfSyncIsNotConfirmedAndTheTimerRollsItBack() throws Exception {
    List<Object> revision = parse(revisions.get("spine-c1"));
    at(set(revision), "qos", "egress-scheduler", "default-global", "traffic-class", "3")
        .put("bw-percent", 60L);
    String before = Json.write(revision);
    pod.lab.loadOrFail(1, "nvue", List.of(before));
    // the lab fault: another writer's change to the watchdog lands with the apply
    pod.lab.fault(1, "- set:\n    qos:\n      pfc-watchdog:\n        robustness: 9\n");
    try {
      Cli r = pod.remediate("--device", "spine-c1", "--apply");
      assertEquals(Map.of("spine-c1", "rolled-back:still-drifted"), r.devices(), r.out() + r.err());
      assertEquals(
          List.of("connect", "read", "detach", "patch", "apply", "read-back"),
          r.stepNames("spine-c1"),
          r.out());
      String message = (String) r.finding("remediate-rolled-back").get("message");
      assertTrue(message.contains("not confirmed"), message);
      assertTrue(pod.lab.awaitsConfirm(1), "Weft never confirmed the apply");
      pod.lab.expire(1);
      assertEquals(
          before, pod.lab.running(1), "the timer brought back the revision, byte for byte");
      assertEquals(1, r.exit(), r.out());
    } finally {
      pod.lab.loadOrFail(1, "nvue", List.of(revisions.get("spine-c1")));
    }
  }

  @Test
  void aConfirmWindowThatLapsesBeforeTheReadBackRollsBackAndIsReported() throws Exception {
    List<Object> revision = parse(revisions.get("spine-c2"));
    at(set(revision), "qos", "egress-scheduler", "default-global", "traffic-class", "3")
        .put("bw-percent", 70L);
    String before = Json.write(revision);
    pod.lab.loadOrFail(2, "nvue", List.of(before));
    pod.lab.lapse(2);
    try {
      Cli r = pod.remediate("--device", "spine-c2", "--apply");
      assertEquals(Map.of("spine-c2", "rolled-back:still-drifted"), r.devices(), r.out() + r.err());
      assertEquals(
          List.of("connect", "read", "detach", "patch", "apply", "read-back"),
          r.stepNames("spine-c2"),
          r.out());
      assertFalse(pod.lab.awaitsConfirm(2), "the lapsed window rolled the apply back");
      assertEquals(before, pod.lab.running(2), "the spine is back, byte for byte");
      assertEquals(1, r.exit(), r.out());
    } finally {
      pod.lab.loadOrFail(2, "nvue", List.of(revisions.get("spine-c2")));
    }
  }

  @Test
  void maxDevicesAndCanaryBehaveAsForNetconf() throws Exception {
    List<Object> a = parse(revisions.get("spine-c1"));
    at(set(a), "qos", "egress-scheduler", "default-global", "traffic-class", "3")
        .put("bw-percent", 60L);
    List<Object> b = parse(revisions.get("spine-c2"));
    at(set(b), "qos", "egress-scheduler", "default-global", "traffic-class", "3")
        .put("bw-percent", 70L);
    pod.lab.loadOrFail(1, "nvue", List.of(Json.write(a), Json.write(b)));
    try {
      Cli r =
          pod.remediate(
              "--device", "spine-c1", "--device", "spine-c2", "--apply", "--max-devices", "1");
      assertEquals(
          Map.of("spine-c1", "remediated", "spine-c2", "skipped:max-devices"),
          r.devices(),
          r.out() + r.err());
      assertEquals(Json.write(b), pod.lab.running(2), "the skipped spine got nothing");
      Cli rest =
          pod.remediate("--device", "spine-c1", "--device", "spine-c2", "--apply", "--canary", "1");
      assertEquals(Map.of("spine-c1", "ok", "spine-c2", "remediated"), rest.devices(), rest.out());
    } finally {
      pod.lab.loadOrFail(1, "nvue", List.copyOf(revisions.values()));
    }
  }

  // ------------------------------------------------------------------ helpers

  /** A front-panel port the revision does not configure. */
  private static String unmanagedPort(Map<String, Object> set) {
    Map<String, Object> interfaces = at(set, "interface");
    for (int i = 1; ; i++) {
      if (!interfaces.containsKey("swp" + i)) {
        return "swp" + i;
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> set(List<Object> revision) {
    return (Map<String, Object>) ((Map<String, Object>) revision.get(1)).get("set");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> at(Map<String, Object> set, String... path) {
    Map<String, Object> at = set;
    for (String key : path) {
      at = (Map<String, Object>) at.get(key);
      if (at == null) {
        throw new AssertionError("the revision has no " + String.join(".", path));
      }
    }
    return at;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> parse(String json) throws Exception {
    return (List<Object>) Json.parse(json);
  }
}
