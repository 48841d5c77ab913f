package dev.weft.remediate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.drift.Cli;
import dev.weft.finding.DeviceStatus;
import dev.weft.intent.IntentResult;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.netconf.ClientSettings;
import dev.weft.netconf.Credentials;
import dev.weft.netconf.DeviceEndpoint;
import dev.weft.netconf.HostKeyPolicy;
import dev.weft.netconf.NetconfClient;
import dev.weft.netconf.NetconfSession;
import dev.weft.netconf.Timeouts;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.FileTrees;
import dev.weft.testing.LabRun;
import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.Weft;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code weft remediate} against REAL NETCONF devices: yuma123 netconfd behind OpenSSH on loopback.
 * Three labs: two devices loaded with the project's YANG; one "strict" device whose copy of
 * openconfig-interfaces takes MTUs up to 5000 only (a {@code must} added to the copy at test time),
 * so it refuses the intent's jumbo MTU the way a platform with a lower limit does (at {@code
 * <validate>}: Weft's first edit-config sends test-option set, so the candidate takes the edit and
 * the device's must runs when the candidate is validated); and one that edits running directly (no
 * {@code :candidate}). Every device logs at debug level: netconfd's own log names every RPC it
 * received, which is what "nothing was sent" is checked against. Drift is injected with Debian's
 * python3-ncclient, an independent client; every test starts from the rendered config (edit-config
 * replace + commit) except on the strict device, which starts at MTU 1500.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RemediateOnDevicesTest {

  private static final String NC = "urn:ietf:params:xml:ns:netconf:base:1.0";
  private static final String STRICT_ERROR = "this lab device takes MTUs up to 5000";

  private static NetconfLab lab;
  private static NetconfLab strict;
  private static NetconfLab writable;
  private static Path root;
  private static Path inventory;
  private static Path credentials;
  private static Path knownHosts;
  private static CompiledFabric compiled;
  private static final Map<String, String> rendered = new TreeMap<>();

  @BeforeAll
  static void startDevices() throws Exception {
    root = Files.createTempDirectory("weft-remediate-root");
    lab =
        NetconfLab.start(
            Files.createTempDirectory("weft-remediate-lab"),
            2,
            Map.of("NETCONF_LAB_LOG_LEVEL", "debug"));
    Path yang = strictYang(root.resolve("strict-yang"));
    strict =
        NetconfLab.start(
            Files.createTempDirectory("weft-remediate-strict"),
            1,
            Map.of("NETCONF_LAB_LOG_LEVEL", "debug", "NETCONF_LAB_YANG_DIR", yang.toString()));
    writable =
        NetconfLab.start(
            Files.createTempDirectory("weft-remediate-running"),
            1,
            Map.of("NETCONF_LAB_LOG_LEVEL", "debug", "NETCONF_LAB_TARGET", "running"));
    inventory =
        writeInventory(
            root,
            lab.device(1).port(),
            lab.device(2).port(),
            strict.device(1).port(),
            writable.device(1).port());
    credentials = root.resolve("credentials.yaml");
    Files.writeString(
        credentials,
        "lab:\n  user: netconf\n  key-file: "
            + lab.clientKey()
            + "\n"
            + "strict:\n  user: netconf\n  key-file: "
            + strict.clientKey()
            + "\n"
            + "writable:\n  user: netconf\n  key-file: "
            + writable.clientKey()
            + "\n");
    knownHosts = root.resolve("known_hosts");
    Files.writeString(
        knownHosts,
        Files.readString(lab.knownHosts())
            + Files.readString(strict.knownHosts())
            + Files.readString(writable.knownHosts()));
    IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(root, inventory));
    assertNotNull(intent.model(), intent.findings().toString());
    compiled = Compiler.compile(intent.model(), AsicProfiles.builtIn()).fabric();
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    for (String name : List.of("oc-leaf-1", "oc-leaf-2", "oc-leaf-3", "oc-leaf-4")) {
      Renderer.DeviceOutput out = renderer.renderDevice(sw(name), compiled.fabric());
      assertTrue(out.findings().isEmpty(), out.findings().toString());
      rendered.put(name, out.text("config.xml"));
    }
  }

  @AfterAll
  static void stopDevices() throws Exception {
    if (lab != null) {
      lab.close();
    }
    if (strict != null) {
      strict.close();
    }
    if (writable != null) {
      writable.close();
    }
    if (root != null) {
      FileTrees.delete(root);
    }
  }

  @BeforeEach
  void seed() throws Exception {
    lab.device(1).seed(rendered.get("oc-leaf-1"), lab.clientKey());
    lab.device(2).seed(rendered.get("oc-leaf-2"), lab.clientKey());
    strict
        .device(1)
        .seed(
            rendered.get("oc-leaf-3").replaceAll("<mtu>\\d+</mtu>", "<mtu>1500</mtu>"),
            strict.clientKey());
  }

  /**
   * The project's YANG with a must on the interface MTU: the device refuses anything above 5000.
   */
  private static Path strictYang(Path dir) throws IOException {
    Files.createDirectories(dir);
    try (Stream<Path> files = Files.list(NetconfLab.projectDir().resolve("yang"))) {
      for (Path f : files.filter(f -> f.toString().endsWith(".yang")).toList()) {
        Files.copy(f, dir.resolve(f.getFileName().toString()));
      }
    }
    Path ifs = dir.resolve("openconfig-interfaces.yang");
    String text = Files.readString(ifs);
    String anchor = "      units octets;\n      description \"MTU of the physical interface.\";";
    assertTrue(
        text.contains(anchor),
        "openconfig-interfaces.yang changed: the strict device's edit needs a new anchor");
    Files.writeString(
        ifs,
        text.replace(
            anchor,
            "      units octets;\n      must \". <= 5000\" { error-message \""
                + STRICT_ERROR
                + "\"; }\n      description \"MTU of the physical interface.\";"));
    return dir;
  }

  /**
   * Copies inventories/roce-pod-c, points oc-leaf-1/2 at the lab, adds oc-leaf-3 on the strict
   * device and oc-leaf-4 on the one without a candidate.
   */
  private static Path writeInventory(Path root, int p1, int p2, int p3, int p4) throws IOException {
    Path dst = Weft.copyExample("roce-pod-c", root.resolve("inventories/roce-pod-c"));
    Path leaves = dst.resolve("switches/leaves.yaml");
    Files.writeString(
        leaves,
        Files.readString(leaves)
                .replace("port: 18403", "port: " + p1)
                .replace("port: 18404", "port: " + p2)
            + "  - name: oc-leaf-3\n    role: leaf\n    platform: openconfig\n    asic: spectrum-4\n"
            + "    management: { host: 127.0.0.1, port: "
            + p3
            + ", credentials: strict }\n"
            + "    ports:\n      - { name: Ethernet0, profile: fabric-400g }\n      - { name: Ethernet8, profile: fabric-400g }\n"
            + "  - name: oc-leaf-4\n    role: leaf\n    platform: openconfig\n    asic: spectrum-4\n"
            + "    management: { host: 127.0.0.1, port: "
            + p4
            + ", credentials: writable }\n"
            + "    ports:\n      - { name: Ethernet0, profile: fabric-400g }\n      - { name: Ethernet8, profile: fabric-400g }\n");
    Path links = dst.resolve("links/fabric.yaml");
    Files.writeString(
        links,
        Files.readString(links)
            + "  - { a: oc-leaf-3:Ethernet0, b: oc-leaf-3:Ethernet8, cable-length: 3m }\n"
            + "  - { a: oc-leaf-4:Ethernet0, b: oc-leaf-4:Ethernet8, cable-length: 3m }\n");
    return dst;
  }

  private static CompiledSwitch sw(String name) {
    return (CompiledSwitch) compiled.device(name).orElseThrow();
  }

  // ------------------------------------------------------------------ helpers

  private static Cli weft(String command, String... extra) {
    return Cli.run(
        new LabRun(inventory, root, knownHosts, credentials).json(command, "20s", extra));
  }

  private static long mark(NetconfLab.Device d) throws IOException {
    return d.logMark();
  }

  private static List<String> rpcsSince(NetconfLab.Device d, long mark) throws IOException {
    return d.rpcsSince(mark);
  }

  /**
   * Waits until the device's netconfd log holds {@code text} after {@code mark}: woken by the file
   * system on every write to the device folder, never by a timer; fails after {@code max}.
   */
  private static void awaitLog(NetconfLab.Device d, long mark, String text, Duration max)
      throws Exception {
    long deadline = System.nanoTime() + max.toNanos();
    try (java.nio.file.WatchService watch = d.log().getFileSystem().newWatchService()) {
      d.log().getParent().register(watch, java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY);
      while (!logSince(d, mark).contains(text)) {
        long left = deadline - System.nanoTime();
        java.nio.file.WatchKey key = left > 0 ? watch.poll(left, TimeUnit.NANOSECONDS) : null;
        if (key == null) {
          throw new AssertionError(
              "netconfd of dev"
                  + d.index()
                  + " did not log '"
                  + text
                  + "' within "
                  + max
                  + ":\n"
                  + logSince(d, mark));
        }
        key.pollEvents();
        key.reset();
      }
    }
  }

  private static String logSince(NetconfLab.Device d, long mark) throws IOException {
    return d.logSince(mark);
  }

  /**
   * An operator's change with ncclient: Ethernet8 at MTU 1500 (and on dev1 a scheduler weight too).
   */
  private static void injectMtuDrift(NetconfLab.Device d, boolean scheduler) throws Exception {
    d.injectWithNcclient(
        "<config xmlns=\""
            + NC
            + "\">"
            + "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface><name>Ethernet8</name>"
            + "<config><name>Ethernet8</name><mtu>1500</mtu></config></interface></interfaces>"
            + (scheduler
                ? "<qos xmlns=\"http://openconfig.net/yang/qos\"><scheduler-policies><scheduler-policy>"
                    + "<name>roce</name><schedulers><scheduler><sequence>1</sequence><inputs><input><id>rdma</id>"
                    + "<config><id>rdma</id><weight>60</weight></config></input></inputs></scheduler></schedulers>"
                    + "</scheduler-policy></scheduler-policies></qos>"
                : "")
            + "</config>",
        lab.clientKey());
  }

  private static String running(NetconfLab l, int i) throws Exception {
    return l.device(i).config("running", l.clientKey());
  }

  private static RemediateSettings settings(Duration confirmTimeout, RemediateSettings.Hook hook) {
    LiveSettings live =
        new LiveSettings(
            2,
            Duration.ofSeconds(20),
            HostKeyPolicy.strict(knownHosts),
            ClientSettings.defaults(),
            Map.<String, String>of()::get,
            LiveSettings.Hook.NONE,
            null);
    return new RemediateSettings(true, confirmTimeout, 10, 0, false, live, hook);
  }

  private static List<LiveTarget> labTargets(String... names) {
    List<LiveTarget> out = new ArrayList<>();
    for (String name : names) {
      CompiledSwitch s = sw(name);
      out.add(
          new LiveTarget(
              s,
              new DeviceEndpoint(name, s.managementHost(), s.managementPort()),
              Credentials.keyFile("netconf", lab.clientKey()),
              null));
    }
    return out;
  }

  private static Map<String, String> statuses(List<DeviceResult> results) {
    Map<String, String> m = new TreeMap<>();
    results.forEach(
        r ->
            m.put(
                r.name(),
                r.status().status().label()
                    + (r.status().reason() == null ? "" : ":" + r.status().reason())));
    return m;
  }

  private static List<DeviceResult> remediateWithHook(
      Duration confirmTimeout, RemediateSettings.Hook hook, String... names)
      throws InterruptedException {
    return new Remediator(
            settings(confirmTimeout, hook),
            TestPlatforms.PLATFORMS,
            new Renderer(TemplateFolders.builtIn()),
            compiled.fabric())
        .run(labTargets(names), null, List.of());
  }

  // ------------------------------------------------------------------ tests

  @Test
  @Order(1)
  void dryRunShowsThePlanAndTheDeviceReceivesNoEdit() throws Exception {
    injectMtuDrift(lab.device(1), true);
    String before = running(lab, 1);
    long mark = mark(lab.device(1));
    Cli r = weft("remediate", "--device", "oc-leaf-1");
    List<String> rpcs = rpcsSince(lab.device(1), mark);
    assertEquals(Map.of("oc-leaf-1", "planned"), r.devices(), r.out() + r.err());
    assertEquals(List.of("mtu Ethernet8", "scheduler null"), r.parts("oc-leaf-1"), r.out());
    String edit = (String) r.plan("oc-leaf-1").get("edit");
    assertTrue(edit.contains(">9214</mtu>"), edit);
    assertEquals("dry-run", r.json().get("mode"));
    // the device's own log: Weft read, and sent nothing that writes or locks
    assertTrue(rpcs.contains("get-config"), rpcs.toString());
    for (String write :
        List.of("edit-config", "lock", "commit", "discard-changes", "validate", "copy-config")) {
      assertFalse(rpcs.contains(write), write + " reached the device in a dry run: " + rpcs);
    }
    assertEquals(before, running(lab, 1));
  }

  @Test
  @Order(2)
  void applyFixesTheDriftConfirmsOnlyAfterAnInSyncReadBackAndDriftIsCleanAfterwards()
      throws Exception {
    String seeded = running(lab, 1);
    byte[] seededStartup = Files.readAllBytes(lab.device(1).startupConfig());
    injectMtuDrift(lab.device(1), true);
    assertNotEquals(seeded, running(lab, 1));
    long mark = mark(lab.device(1));
    Path backup = root.resolve("backup-" + System.nanoTime());
    Cli r =
        weft(
            "remediate",
            "--device",
            "oc-leaf-1",
            "--apply",
            "--confirm-timeout",
            "60s",
            "--backup",
            backup.toString());
    List<String> rpcs = rpcsSince(lab.device(1), mark);
    assertEquals(Map.of("oc-leaf-1", "remediated"), r.devices(), r.out() + r.err());
    assertEquals(0, r.exit(), r.out() + r.err());
    assertEquals(
        List.of(
            "connect",
            "lock",
            "discard-changes",
            "read",
            "edit-config",
            "validate",
            "discard-changes",
            "edit-config",
            "commit-confirmed",
            "read-back",
            "confirm",
            "unlock"),
        stepsWithoutWholeReads(r),
        r.out());
    // what the device itself received, in order: the plan read, then the push under the lock
    // the push session's own RPCs: the log interleaves other sessions' (the plan read's)
    List<String> pushed = lab.device(1).sessionRpcsSince(mark, "lock");
    List<String> push = pushed.subList(0, pushed.lastIndexOf("unlock") + 1);
    assertEquals(
        List.of(
            "lock",
            "discard-changes",
            "get-config",
            "edit-config",
            "validate",
            "discard-changes",
            "edit-config",
            "commit",
            "get-config",
            "commit",
            "unlock"),
        withoutWholeReads(push),
        rpcs.toString());
    // byte for byte what the intent rendered and seeded: only the drift was undone
    assertEquals(seeded, running(lab, 1));
    assertEquals(seeded, lab.device(1).config("candidate", lab.clientKey()));
    // committed: the confirming commit saved it, as the seed's commit had
    assertTrue(
        java.util.Arrays.equals(seededStartup, Files.readAllBytes(lab.device(1).startupConfig())),
        "the saved config is not the seeded one");
    // the audit trail: before and after committed to the backup repository
    @SuppressWarnings("unchecked")
    Map<String, Object> b = (Map<String, Object>) r.json().get("backup");
    assertNotNull(b.get("before"), r.out());
    assertNotNull(b.get("after"), r.out());
    assertNotEquals(b.get("before"), b.get("after"));
    // re-drift: the device is clean, and a second remediate has nothing to do
    Cli drift = weft("drift", "--device", "oc-leaf-1");
    assertEquals(0, drift.exit(), drift.out());
    assertEquals("ok", drift.devices().get("oc-leaf-1"), drift.out());
    Cli again = weft("remediate", "--device", "oc-leaf-1");
    assertEquals(Map.of("oc-leaf-1", "ok"), again.devices(), again.out());
    assertEquals(List.of(), again.parts("oc-leaf-1"));
    assertEquals(0, again.exit(), again.out());
  }

  /** The steps of the report, without the whole-config reads --backup adds (read-whole). */
  private static List<String> stepsWithoutWholeReads(Cli r) throws Exception {
    return r.steps("oc-leaf-1").stream().filter(s -> !s.equals("read-whole")).toList();
  }

  /**
   * The device's RPCs of a push with --backup: the whole-config reads (a get-config before the edit
   * and one after the confirming commit) are dropped, so what is left is the protocol of the push
   * itself.
   */
  private static List<String> withoutWholeReads(List<String> push) {
    List<String> out = new ArrayList<>(push);
    int first =
        out.indexOf("discard-changes")
            + 2; // lock, discard-changes, get-config (plan), get-config (whole)
    if (out.size() > first && out.get(first).equals("get-config")) {
      out.remove(first);
    }
    int confirm = out.lastIndexOf("commit");
    if (confirm + 1 < out.size() && out.get(confirm + 1).equals("get-config")) {
      out.remove(confirm + 1);
    }
    return out;
  }

  @Test
  @Order(3)
  void oneRunEachDeviceItsOwnOutcomeAndARefusedPlanLeavesTheDeviceUntouched() throws Exception {
    injectMtuDrift(lab.device(1), false);
    injectMtuDrift(lab.device(2), false);
    String dev2Before = running(lab, 2);
    String strictBefore = running(strict, 1);
    byte[] strictStartup = Files.readAllBytes(strict.device(1).startupConfig());
    long strictMark = mark(strict.device(1));
    long dev2Mark = mark(lab.device(2));
    Cli r;
    try (AutoCloseable held = lab.device(2).holdLock(lab.clientKey())) {
      r =
          weft(
              "remediate",
              "--device",
              "oc-leaf-1",
              "--device",
              "oc-leaf-2",
              "--device",
              "oc-leaf-3",
              "--apply");
    }
    assertEquals(
        Map.of(
            "oc-leaf-1",
            "remediated",
            "oc-leaf-2",
            "locked:lock-denied",
            "oc-leaf-3",
            "rejected:validate"),
        r.devices(),
        r.out() + r.err());
    assertNotEquals(0, r.exit());
    // the strict device took the edit into its candidate (test-option set) and refused it at
    // <validate> with its
    // own error; nothing was committed, nothing is left in the candidate
    assertEquals(
        List.of(
            "connect",
            "lock",
            "discard-changes",
            "read",
            "edit-config",
            "validate:failed",
            "discard-changes",
            "unlock"),
        r.steps("oc-leaf-3"),
        r.out());
    Map<String, Object> rejected =
        r.findings("oc-leaf-3").stream()
            .filter(f -> RemediateRules.REJECTED.equals(f.get("rule")))
            .findFirst()
            .orElseThrow(() -> new AssertionError(r.out()));
    assertTrue(
        String.valueOf(rejected.get("message")).contains("refused the plan at validate"),
        rejected.toString());
    assertTrue(String.valueOf(rejected.get("message")).contains(STRICT_ERROR), rejected.toString());
    assertEquals(strictBefore, running(strict, 1));
    assertEquals(strictBefore, strict.device(1).config("candidate", strict.clientKey()));
    assertTrue(
        java.util.Arrays.equals(
            strictStartup, Files.readAllBytes(strict.device(1).startupConfig())),
        "the strict device saved a commit");
    List<String> strictRpcs = rpcsSince(strict.device(1), strictMark);
    assertTrue(strictRpcs.containsAll(List.of("edit-config", "validate")), strictRpcs.toString());
    assertFalse(strictRpcs.contains("commit"), strictRpcs.toString());
    assertTrue(strictRpcs.contains("unlock"), strictRpcs.toString());
    // the locked device got no edit, and its drift is still reported
    List<String> dev2Rpcs = rpcsSince(lab.device(2), dev2Mark);
    assertFalse(dev2Rpcs.contains("edit-config"), dev2Rpcs.toString());
    assertEquals(dev2Before, running(lab, 2));
    assertTrue(
        r.findings("oc-leaf-2").stream().anyMatch(f -> RemediateRules.LOCKED.equals(f.get("rule"))),
        r.out());
    // the locks Weft took are released: another session can lock both candidates again
    strict.device(1).holdLock(strict.clientKey()).close();
    lab.device(1).holdLock(lab.clientKey()).close();
    assertEquals("ok", weft("drift", "--device", "oc-leaf-1").devices().get("oc-leaf-1"));
  }

  @Test
  @Order(4)
  void theDriftOfAReportIsRemediatedFromTheReport() throws Exception {
    String seeded = running(lab, 2);
    injectMtuDrift(lab.device(2), false);
    Path report = root.resolve("drift-" + System.nanoTime() + ".json");
    Cli drift = weft("drift", "--device", "oc-leaf-2");
    assertEquals(1, drift.exit(), drift.out() + drift.err());
    Files.writeString(report, drift.out());
    long mark = mark(lab.device(2));
    Cli planned = weft("remediate", "--device", "oc-leaf-2", "--from", report.toString());
    assertEquals(Map.of("oc-leaf-2", "planned"), planned.devices(), planned.out() + planned.err());
    assertEquals(List.of("mtu Ethernet8"), planned.parts("oc-leaf-2"));
    assertEquals(
        List.of(),
        rpcsSince(lab.device(2), mark),
        "a dry run from a report needs no session at all");
    Cli applied =
        weft("remediate", "--device", "oc-leaf-2", "--from", report.toString(), "--apply");
    assertEquals(
        Map.of("oc-leaf-2", "remediated"), applied.devices(), applied.out() + applied.err());
    assertEquals(seeded, running(lab, 2));
  }

  @Test
  @Order(5)
  void blastRadiusCapAndAFailedCanaryStopTheRunBeforeOtherDevicesAreTouched() throws Exception {
    injectMtuDrift(lab.device(1), false);
    injectMtuDrift(lab.device(2), false);
    long dev2Mark = mark(lab.device(2));
    Cli capped =
        weft(
            "remediate",
            "--device",
            "oc-leaf-1",
            "--device",
            "oc-leaf-2",
            "--apply",
            "--max-devices",
            "1");
    assertEquals(
        Map.of("oc-leaf-1", "remediated", "oc-leaf-2", "skipped:max-devices"),
        capped.devices(),
        capped.out());
    assertFalse(rpcsSince(lab.device(2), dev2Mark).contains("edit-config"));
    injectMtuDrift(lab.device(1), false);
    dev2Mark = mark(lab.device(2));
    Cli canary;
    try (AutoCloseable held = lab.device(1).holdLock(lab.clientKey())) {
      canary =
          weft(
              "remediate",
              "--device",
              "oc-leaf-1",
              "--device",
              "oc-leaf-2",
              "--apply",
              "--canary",
              "1");
    }
    assertEquals(
        Map.of("oc-leaf-1", "locked:lock-denied", "oc-leaf-2", "skipped:canary-failed"),
        canary.devices(),
        canary.out());
    List<String> dev2 = rpcsSince(lab.device(2), dev2Mark);
    assertFalse(dev2.contains("lock") || dev2.contains("edit-config"), dev2.toString());
    assertTrue(
        canary.findings("oc-leaf-2").stream()
            .anyMatch(f -> RemediateRules.SKIPPED.equals(f.get("rule"))),
        canary.out());
  }

  @Test
  @Order(6)
  void sessionLostAfterTheConfirmedCommitTheDeviceRevertsByItselfWhenTheTimeoutExpires()
      throws Exception {
    String seeded1 = running(lab, 1);
    String seeded2 = running(lab, 2);
    injectMtuDrift(lab.device(1), false);
    injectMtuDrift(lab.device(2), false);
    String drifted1 = running(lab, 1);
    AtomicReference<String> pending = new AtomicReference<>();
    AtomicReference<Exception> hookFailed = new AtomicReference<>();
    long mark = mark(lab.device(1));
    List<DeviceResult> results =
        remediateWithHook(
            Duration.ofSeconds(3),
            (device, step) -> {
              if (device.equals("oc-leaf-1") && step.equals("commit-confirmed")) {
                try {
                  pending.set(running(lab, 1)); // another session sees the unconfirmed change live
                  lab.dropSessions(1);
                } catch (Exception e) {
                  hookFailed.set(e);
                }
              }
            },
            "oc-leaf-1",
            "oc-leaf-2");
    assertNull(hookFailed.get());
    assertEquals(
        Map.of("oc-leaf-1", "rolled-back:session-lost", "oc-leaf-2", "remediated"),
        statuses(results),
        results.toString());
    assertEquals(seeded1, pending.get(), "the confirmed commit was not in running");
    // the device, not Weft, goes back: its confirm timeout expires with no confirming commit, as
    // its log says
    // ("Confirmed-commit timeout", the revert's commit, then this notification once running is
    // restored)
    awaitLog(
        lab.device(1),
        mark,
        "<netconf-confirmed-commit> notification (timeout)",
        Duration.ofSeconds(60));
    assertEquals(
        drifted1, running(lab, 1), "the device did not revert when the confirm timeout expired");
    assertEquals(seeded2, running(lab, 2));
    DeviceResult back =
        results.stream().filter(x -> x.name().equals("oc-leaf-1")).findFirst().orElseThrow();
    assertTrue(
        back.findings().stream()
            .anyMatch(
                f ->
                    f.rule().equals(RemediateRules.ROLLED_BACK)
                        && f.message().contains("reverts by itself")),
        back.findings().toString());
    assertEquals(DeviceStatus.Status.ROLLED_BACK, back.status().status());
  }

  @Test
  @Order(7)
  void aDeviceWithoutACandidateIsRefusedAndNeverWrittenTo() throws Exception {
    NetconfLab.Device d = writable.device(1);
    String body =
        rendered
            .get("oc-leaf-4")
            .replaceFirst("^<\\?xml[^>]*\\?>\\s*", "")
            .replaceAll("<mtu>\\d+</mtu>", "<mtu>1500</mtu>");
    try (NetconfClient c =
            new NetconfClient(ClientSettings.defaults(), Map.<String, String>of()::get);
        NetconfSession s =
            c.connect(
                new DeviceEndpoint("dev1", "127.0.0.1", d.port()),
                Credentials.keyFile("netconf", writable.clientKey()),
                HostKeyPolicy.strict(d.knownHosts()),
                Timeouts.all(Duration.ofSeconds(30)))) {
      assertFalse(
          s.hello().supports(dev.weft.netconf.Hello.CANDIDATE), "the device offers :candidate");
      assertTrue(
          s.rpc("<edit-config><target><running/></target>" + body + "</edit-config>").isOk());
    }
    String before = running(writable, 1);
    long mark = mark(d);
    Cli r = weft("remediate", "--device", "oc-leaf-4", "--apply");
    assertEquals(Map.of("oc-leaf-4", "refused:no-candidate"), r.devices(), r.out() + r.err());
    assertTrue(
        r.findings("oc-leaf-4").stream()
            .anyMatch(f -> String.valueOf(f.get("message")).contains("never to running directly")),
        r.out());
    List<String> rpcs = rpcsSince(d, mark);
    assertFalse(
        rpcs.contains("edit-config") || rpcs.contains("lock") || rpcs.contains("copy-config"),
        rpcs.toString());
    assertEquals(before, running(writable, 1));
  }

  @Test
  @Order(8)
  void deviceKilledBeforeTheConfirmingCommitComesBackWithItsOldConfig() throws Exception {
    injectMtuDrift(lab.device(1), false);
    String drifted = running(lab, 1);
    AtomicReference<Exception> hookFailed = new AtomicReference<>();
    List<DeviceResult> results =
        remediateWithHook(
            Duration.ofSeconds(120),
            (device, step) -> {
              if (device.equals("oc-leaf-1") && step.equals("commit-confirmed")) {
                try {
                  lab.killDevice(1);
                } catch (Exception e) {
                  hookFailed.set(e);
                }
              }
            },
            "oc-leaf-1");
    assertNull(hookFailed.get());
    assertEquals(
        Map.of("oc-leaf-1", "rolled-back:session-lost"), statuses(results), results.toString());
    lab.restartDevice(1);
    assertEquals(drifted, running(lab, 1), "the restarted device kept the unconfirmed change");
    Cli drift = weft("drift", "--device", "oc-leaf-1");
    assertEquals("drift", drift.devices().get("oc-leaf-1"), drift.out());
  }
}
