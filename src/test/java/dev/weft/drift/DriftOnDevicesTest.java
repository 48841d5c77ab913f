package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.live.LiveSettings;
import dev.weft.live.LiveTarget;
import dev.weft.netconf.ClientSettings;
import dev.weft.netconf.Credentials;
import dev.weft.netconf.DeviceEndpoint;
import dev.weft.netconf.HostKeyPolicy;
import dev.weft.platform.Platforms;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.report.Report;
import dev.weft.report.Reporters;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.FileTrees;
import dev.weft.testing.LabRun;
import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.Weft;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code weft drift} and {@code weft backup} against three REAL NETCONF devices at once (netconfd
 * behind OpenSSH on loopback, loaded with the project's YANG). Before each test every device gets
 * the OpenConfig payload Weft renders for it (edit-config replace + commit); drift is injected with
 * Debian's python3-ncclient, an independent client. The inventory is {@code roce-pod-c} with its
 * OpenConfig leaves pointed at the lab.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DriftOnDevicesTest {

  private static final List<String> OC = List.of("oc-leaf-1", "oc-leaf-2", "oc-leaf-3");

  private static NetconfLab lab;
  private static Path root;
  private static Path inventory;
  private static Path credentials;
  private static CompiledFabric compiled;
  private static final Map<String, String> rendered = new TreeMap<>();
  private static boolean dev3Stopped;

  @BeforeAll
  static void startDevices() throws Exception {
    lab = NetconfLab.start(3);
    root = Files.createTempDirectory("weft-drift-root");
    inventory =
        writeInventory(root, lab.device(1).port(), lab.device(2).port(), lab.device(3).port());
    credentials = root.resolve("credentials.yaml");
    Files.writeString(credentials, "lab:\n  user: netconf\n  key-file: " + lab.clientKey() + "\n");
    IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(root, inventory));
    assertNotNull(intent.model(), intent.findings().toString());
    compiled = Compiler.compile(intent.model(), AsicProfiles.builtIn()).fabric();
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    for (String name : OC) {
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
    if (root != null) {
      FileTrees.delete(root);
    }
  }

  @BeforeEach
  void seed() throws Exception {
    for (int i = 1; i <= 3; i++) {
      if (i == 3 && dev3Stopped) {
        continue;
      }
      lab.device(i).seed(rendered.get(OC.get(i - 1)), lab.clientKey());
    }
  }

  /** Copies inventories/roce-pod-c, points oc-leaf-1/2 at the lab and adds oc-leaf-3. */
  static Path writeInventory(Path root, int p1, int p2, int p3) throws IOException {
    Path dst = Weft.copyExample("roce-pod-c", root.resolve("inventories/roce-pod-c"));
    Path leaves = dst.resolve("switches/leaves.yaml");
    String text =
        Files.readString(leaves)
                .replace("port: 18403", "port: " + p1)
                .replace("port: 18404", "port: " + p2)
            + "  - name: oc-leaf-3\n    role: leaf\n    platform: openconfig\n    asic: spectrum-4\n"
            + "    management: { host: 127.0.0.1, port: "
            + p3
            + ", credentials: lab }\n"
            + "    ports:\n      - { name: Ethernet0, profile: fabric-400g }\n      - { name: Ethernet8, profile: fabric-400g }\n";
    Files.writeString(leaves, text);
    // a cable between oc-leaf-3's two ports gives them a link, so their PFC headroom is computed
    Path links = dst.resolve("links/fabric.yaml");
    Files.writeString(
        links,
        Files.readString(links)
            + "  - { a: oc-leaf-3:Ethernet0, b: oc-leaf-3:Ethernet8, cable-length: 3m }\n");
    return dst;
  }

  static CompiledSwitch sw(String name) {
    return (CompiledSwitch) compiled.device(name).orElseThrow();
  }

  static Cli weft(String... args) {
    return Cli.run(args);
  }

  static Cli drift(Path inv, Path knownHosts, String... extra) {
    return weft(new LabRun(inv, root, knownHosts, credentials).json("drift", "20s", extra));
  }

  static String key(Map<String, Object> f) {
    return f.get("rule") + " " + f.get("device") + " " + f.get("port");
  }

  @Test
  @Order(1)
  void renderedConfigAcceptedByTwoDevicesThenDriftReportsNothing() throws Exception {
    Cli r = drift(inventory, lab.knownHosts(), "--device", "oc-leaf-1", "--device", "oc-leaf-2");
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of("oc-leaf-1", "ok", "oc-leaf-2", "ok"), r.devices());
    // OpenConfig has no ECMP hash fields: said once per device, as information that does not fail
    // the run
    assertEquals(
        List.of("not-audited oc-leaf-1 null", "not-audited oc-leaf-2 null"),
        r.notAudited().stream().map(DriftOnDevicesTest::key).toList());
    r.notAudited().forEach(f -> assertEquals("info", f.get("severity")));
    assertEquals(0, r.exit(), r.err());
  }

  /**
   * netconfd serves the OpenConfig models but no operational state: the audit's {@code <get>} of
   * the output queues' state comes back without counters, so health is not-served with an info
   * finding naming the NETCONF path, never ok.
   */
  @Test
  @Order(1)
  @SuppressWarnings("unchecked")
  void anAuditOfTheOpenConfigLeavesSaysTheirHealthIsNotServedNamingTheNetconfPath()
      throws Exception {
    Cli r =
        weft(
            new LabRun(inventory, root, lab.knownHosts(), credentials)
                .json(
                    "audit",
                    "20s",
                    "--history",
                    root.resolve("audit-history").toString(),
                    "--device",
                    "oc-leaf-1",
                    "--device",
                    "oc-leaf-2"));
    Map<String, Object> report = (Map<String, Object>) dev.weft.json.Json.parse(r.out());
    Map<String, Object> health = new TreeMap<>();
    for (Map<String, Object> d : (List<Map<String, Object>>) report.get("devices")) {
      health.put((String) d.get("name"), d.get("status") + " " + d.get("health"));
    }
    assertEquals(
        Map.of("oc-leaf-1", "ok not-served", "oc-leaf-2", "ok not-served"),
        health,
        r.out() + r.err());
    List<String> notServed =
        ((List<Map<String, Object>>) report.get("findings"))
            .stream()
                .filter(f -> String.valueOf(f.get("message")).contains("health is not served"))
                .map(f -> f.get("severity") + " " + f.get("device") + " " + f.get("path"))
                .sorted()
                .toList();
    assertEquals(
        List.of(
            "info oc-leaf-1 <get> /qos/interfaces/interface/output/queues/queue/state",
            "info oc-leaf-2 <get> /qos/interfaces/interface/output/queues/queue/state"),
        notServed,
        r.out());
  }

  @Test
  @Order(2)
  void driftInjectedWithNcclientIsExactlyTheExpectedFindings() throws Exception {
    lab.device(2)
        .injectWithNcclient(
            "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                + "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface><name>Ethernet8</name>"
                + "<config><name>Ethernet8</name><mtu>1500</mtu></config></interface></interfaces>"
                + "<qos xmlns=\"http://openconfig.net/yang/qos\"><scheduler-policies><scheduler-policy><name>roce</name>"
                + "<schedulers><scheduler><sequence>1</sequence><inputs><input><id>rdma</id><config><id>rdma</id>"
                + "<weight>60</weight></config></input></inputs></scheduler></schedulers></scheduler-policy></scheduler-policies>"
                + "</qos></config>",
            lab.clientKey());
    Cli r = drift(inventory, lab.knownHosts(), "--device", "oc-leaf-1", "--device", "oc-leaf-2");
    List<String> keys = r.findings().stream().map(DriftOnDevicesTest::key).sorted().toList();
    assertEquals(
        List.of("drift-mtu oc-leaf-2 Ethernet8", "drift-scheduler oc-leaf-2 null"), keys, r.out());
    for (Map<String, Object> f : r.findings()) {
      assertTrue(String.valueOf(f.get("file")).startsWith("inventories/roce-pod-c/"), f.toString());
      assertNotNull(f.get("line"), f.toString());
      assertNotNull(f.get("path"), f.toString());
    }
    Map<String, Object> mtu =
        r.findings().stream()
            .filter(f -> f.get("rule").equals("drift-mtu"))
            .findFirst()
            .orElseThrow();
    assertEquals("9214", mtu.get("expected"));
    assertEquals("1500", mtu.get("actual"));
    assertEquals("/interfaces/interface[Ethernet8]/config/mtu", mtu.get("path"));
    assertEquals(Map.of("oc-leaf-1", "ok", "oc-leaf-2", "drift"), r.devices());
    assertEquals(1, r.exit());
  }

  @Test
  @Order(3)
  void extraLosslessPriorityOnTheDeviceIsAPfcFindingAndTheLiveRulesSeeIt() throws Exception {
    lab.device(1)
        .injectWithNcclient(
            "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                + "<qos xmlns=\"http://openconfig.net/yang/qos\"><interfaces><interface><interface-id>Ethernet0</interface-id>"
                + "<pfc xmlns=\"urn:weft:yang:qos-ext\"><config><enabled-priorities>5</enabled-priorities></config></pfc>"
                + "</interface></interfaces></qos></config>",
            lab.clientKey());
    Cli r = drift(inventory, lab.knownHosts(), "--device", "oc-leaf-1");
    List<Map<String, Object>> pfc =
        r.findings().stream().filter(f -> f.get("rule").equals("drift-pfc")).toList();
    assertEquals(1, pfc.size(), r.out());
    assertEquals("Ethernet0", pfc.get(0).get("port"));
    assertEquals("[3,4]", pfc.get(0).get("expected"));
    assertEquals("[3,4,5]", pfc.get(0).get("actual"));
    for (Map<String, Object> f : r.findings()) {
      assertTrue(
          f.get("rule").equals("drift-pfc")
              || String.valueOf(f.get("message")).startsWith("live config: "),
          f.toString());
    }
    assertEquals(Map.of("oc-leaf-1", "drift"), r.devices());
  }

  @Test
  @Order(3)
  void deletedDefaultTermIsOneClassificationFindingAndTheLiveRulesCatchTheIncompleteMap()
      throws Exception {
    lab.device(1)
        .injectWithNcclient(
            "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\""
                + " xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                + "<qos xmlns=\"http://openconfig.net/yang/qos\"><classifiers><classifier><name>dscp-in</name><terms>"
                + "<term nc:operation=\"delete\"><id>tc0</id></term></terms></classifier></classifiers></qos></config>",
            lab.clientKey());
    Cli r = drift(inventory, lab.knownHosts(), "--device", "oc-leaf-1");
    List<String> keys = r.findings().stream().map(DriftOnDevicesTest::key).sorted().toList();
    assertEquals(
        List.of("drift-classification oc-leaf-1 null", "dscp-map-incomplete oc-leaf-1 null"),
        keys,
        r.out());
    Map<String, Object> moved =
        r.findings().stream()
            .filter(f -> f.get("rule").equals("drift-classification"))
            .findFirst()
            .orElseThrow();
    assertEquals("0", moved.get("expected"));
    assertEquals("unmapped", moved.get("actual"));
    assertTrue(
        String.valueOf(moved.get("message")).contains("DSCPs 0-25, 27-33, 35-47, 49-63"),
        moved.toString());
    Map<String, Object> live =
        r.findings().stream()
            .filter(f -> f.get("rule").equals("dscp-map-incomplete"))
            .findFirst()
            .orElseThrow();
    assertTrue(String.valueOf(live.get("message")).startsWith("live config: "), live.toString());
    assertEquals(Map.of("oc-leaf-1", "drift"), r.devices());
  }

  /**
   * Every switch platform Weft ships has a live profile now; a build without one (here: without the
   * EOS pack's, as a user's build with its own packs may be) makes that platform's switch an error
   * and audits the others.
   */
  @Test
  @Order(4)
  void platformWithoutLiveProfileIsAnErrorForThatDeviceOnly() throws Exception {
    List<dev.weft.platform.PlatformPack> packs =
        Platforms.builtIn().all().stream().filter(p -> !p.id().equals("eos")).toList();
    List<LiveTarget> targets = new ArrayList<>();
    for (String name : List.of("leaf-c1", "oc-leaf-1")) {
      CompiledSwitch s = sw(name);
      targets.add(
          new LiveTarget(
              s,
              new DeviceEndpoint(name, s.managementHost(), s.managementPort()),
              Credentials.keyFile("netconf", lab.clientKey()),
              null));
    }
    List<DriftAudit.Result> results =
        DriftAudit.run(
            audit(Map.<String, String>of()::get, LiveSettings.Hook.NONE).settings(),
            Platforms.of(packs),
            targets);
    Map<String, DeviceStatus> status = new TreeMap<>();
    results.forEach(r -> status.put(r.name(), r.status()));
    assertEquals(DeviceStatus.ok("oc-leaf-1"), status.get("oc-leaf-1"));
    assertEquals(DeviceStatus.Status.ERROR, status.get("leaf-c1").status(), status.toString());
    assertEquals("no-live-profile", status.get("leaf-c1").reason());
    Finding f =
        results.stream()
            .filter(r -> r.name().equals("leaf-c1"))
            .findFirst()
            .orElseThrow()
            .findings()
            .get(0);
    assertEquals("device-error", f.rule());
    assertTrue(f.message().contains("platform 'eos' has no live profile"), f.toString());
  }

  @Test
  @Order(5)
  void deviceDownIsUnreachableRefusedAndTheOtherIsStillAudited() throws Exception {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    Path down =
        writeInventory(
            Files.createTempDirectory(root, "down"),
            closed,
            lab.device(2).port(),
            lab.device(3).port());
    Cli r = drift(down, lab.knownHosts(), "--device", "oc-leaf-1", "--device", "oc-leaf-2");
    assertEquals(
        Map.of("oc-leaf-1", "unreachable:refused", "oc-leaf-2", "ok"), r.devices(), r.out());
    assertEquals("device-unreachable", r.findings().get(0).get("rule"));
    assertEquals(1, r.exit());
  }

  @Test
  @Order(6)
  void wrongHostKeyIsRefusedWithReasonHostKey() throws Exception {
    // dev1's keys listed under dev2's address: dev2 presents a key that differs from known_hosts
    String p1 = "]:" + lab.device(1).port() + " ";
    String p2 = "]:" + lab.device(2).port() + " ";
    Path wrong = root.resolve("wrong_known_hosts");
    Files.writeString(wrong, Files.readString(lab.device(1).knownHosts()).replace(p1, p2));
    Cli r = drift(inventory, wrong, "--device", "oc-leaf-2");
    assertEquals(Map.of("oc-leaf-2", "unreachable:host-key"), r.devices(), r.out());
    assertEquals(1, r.exit());
  }

  @Test
  @Order(7)
  void replyOverTheSizeLimitIsAnErrorNotAnOutOfMemory() throws Exception {
    Cli r =
        drift(inventory, lab.knownHosts(), "--device", "oc-leaf-1", "--max-reply-bytes", "4096");
    assertEquals(Map.of("oc-leaf-1", "error:reply-too-large"), r.devices(), r.out());
    assertEquals(1, r.exit());
  }

  @Test
  @Order(8)
  void wrongPasswordIsAuthAndTheCanarySecretAppearsNowhere() throws Exception {
    String canary = "canary-" + UUID.randomUUID();
    Map<String, String> env = Map.of("WEFT_TEST_PASSWORD", canary);
    List<LiveTarget> targets = new ArrayList<>();
    for (String name : List.of("oc-leaf-1", "oc-leaf-2")) {
      CompiledSwitch s = sw(name);
      targets.add(
          new LiveTarget(
              s,
              new DeviceEndpoint(name, s.managementHost(), s.managementPort()),
              Credentials.passwordFromEnv("netconf", "WEFT_TEST_PASSWORD"),
              null));
    }
    List<DriftAudit.Result> results = audit(env::get, LiveSettings.Hook.NONE).drift(targets);
    for (DriftAudit.Result res : results) {
      assertEquals(DeviceStatus.Status.UNREACHABLE, res.status().status(), res.toString());
      assertEquals("auth", res.status().reason());
    }
    assertNoSecret(results, canary);

    // the right password from the environment logs in, and is not echoed either
    String real = lab.device(1).password();
    List<DriftAudit.Result> ok =
        audit(Map.of("WEFT_TEST_PASSWORD", real)::get, LiveSettings.Hook.NONE).drift(targets);
    assertEquals(
        List.of(DeviceStatus.ok("oc-leaf-1"), DeviceStatus.ok("oc-leaf-2")),
        ok.stream().map(DriftAudit.Result::status).toList());
    assertNoSecret(ok, real);

    // and through the real CLI, in its own process with the secret in its environment
    Path creds = root.resolve("password-credentials.yaml");
    Files.writeString(creds, "lab:\n  user: netconf\n  password-env: WEFT_TEST_PASSWORD\n");
    for (String format : List.of("text", "json")) {
      Path log = Files.createTempFile(root, "cli", ".log");
      ProcessBuilder p =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  "dev.weft.cli.Main",
                  "drift",
                  inventory.toString(),
                  "--repo",
                  root.toString(),
                  "--format",
                  format,
                  "--known-hosts",
                  lab.knownHosts().toString(),
                  "--credentials",
                  creds.toString(),
                  "--device",
                  "oc-leaf-1",
                  "--device",
                  "oc-leaf-2")
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      p.environment().put("WEFT_TEST_PASSWORD", canary);
      Process proc = p.start();
      assertTrue(proc.waitFor(120, TimeUnit.SECONDS), "weft drift did not finish");
      String printed = Files.readString(log, StandardCharsets.UTF_8);
      assertEquals(1, proc.exitValue(), printed);
      assertTrue(printed.contains("auth"), printed);
      assertFalse(printed.contains(canary), "the password leaked into the " + format + " output");
    }
  }

  private static void assertNoSecret(List<DriftAudit.Result> results, String secret)
      throws IOException {
    List<Finding> findings = new ArrayList<>();
    results.forEach(r -> findings.addAll(r.findings()));
    StringBuilder all = new StringBuilder(results.toString());
    Report report =
        Report.of(
            "test",
            "drift",
            "inventories/roce-pod-c",
            findings,
            results.stream().map(DriftAudit.Result::status).toList(),
            List.of());
    for (String format : Reporters.FORMATS) {
      StringWriter w = new StringWriter();
      Reporters.forFormat(format).write(report, w);
      all.append(w);
    }
    assertFalse(all.toString().contains(secret), "a secret appears in a result or report");
  }

  /** The drift audit of {@code targets} with these settings, as {@code weft drift} runs it. */
  private record Audit(LiveSettings settings) {
    List<DriftAudit.Result> drift(List<LiveTarget> targets) throws InterruptedException {
      return DriftAudit.run(settings, Platforms.builtIn(), targets);
    }
  }

  private static Audit audit(
      java.util.function.Function<String, String> env, LiveSettings.Hook hook) {
    return new Audit(
        new LiveSettings(
            4,
            Duration.ofSeconds(20),
            HostKeyPolicy.strict(lab.knownHosts()),
            ClientSettings.defaults(),
            env,
            hook,
            null));
  }

  @Test
  @Order(9)
  void backupCommitsOncePerRunAndNothingWhenNothingChanged() throws Exception {
    Path git = root.resolve("backup");
    String[] args = {
      "backup",
      inventory.toString(),
      "--repo",
      root.toString(),
      "--to",
      git.toString(),
      "--format",
      "json",
      "--known-hosts",
      lab.knownHosts().toString(),
      "--credentials",
      credentials.toString(),
      "--device",
      "oc-leaf-1",
      "--device",
      "oc-leaf-2"
    };
    Cli first = weft(args);
    assertEquals(0, first.exit(), first.out() + first.err());
    assertEquals(Map.of("oc-leaf-1", "ok", "oc-leaf-2", "ok"), first.devices());
    assertTrue(first.err().contains("; commit "), first.err());
    String one = Files.readString(git.resolve("oc-leaf-1.xml"));
    assertTrue(one.contains("<mtu>9214</mtu>"), one);
    String head1 = head(git);

    Cli second = weft(args);
    assertEquals(0, second.exit(), second.err());
    assertTrue(second.err().contains("nothing to commit"), second.err());
    assertEquals(head1, head(git));
    assertEquals(
        one, Files.readString(git.resolve("oc-leaf-1.xml")), "same config, byte-identical file");

    lab.device(2)
        .injectWithNcclient(
            "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                + "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface><name>Ethernet8</name>"
                + "<config><name>Ethernet8</name><mtu>1500</mtu></config></interface></interfaces></config>",
            lab.clientKey());
    Cli third = weft(args);
    assertEquals(0, third.exit(), third.err());
    assertTrue(third.err().contains("; commit "), third.err());
    String head3 = head(git);
    assertFalse(head3.equals(head1));
    String message = gitOut(git, "log", "-1", "--format=%B");
    assertTrue(message.startsWith("weft backup: 1 of 2 devices changed"), message);
    assertTrue(message.contains("changed: oc-leaf-2"), message);
    assertEquals("oc-leaf-2.xml", gitOut(git, "diff", "--name-only", "HEAD~1", "HEAD").strip());
  }

  private static String head(Path git) throws Exception {
    return gitOut(git, "rev-parse", "HEAD").strip();
  }

  private static String gitOut(Path git, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("git", "-C", git.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  @Test
  @Order(100)
  void deviceStoppedMidAuditIsAnErrorAndTheOthersComplete() throws Exception {
    List<LiveTarget> targets = new ArrayList<>();
    for (String name : OC) {
      CompiledSwitch s = sw(name);
      targets.add(
          new LiveTarget(
              s,
              new DeviceEndpoint(name, s.managementHost(), s.managementPort()),
              Credentials.keyFile("netconf", lab.clientKey()),
              null));
    }
    // oc-leaf-3's session is open when its device is stopped; the others are audited meanwhile
    LiveSettings.Hook stopDev3 =
        device -> {
          if (device.equals("oc-leaf-3")) {
            try {
              dev3Stopped = true;
              lab.stopDevice(3);
            } catch (IOException e) {
              throw new AssertionError(e);
            }
          }
        };
    List<DriftAudit.Result> results = audit(Map.<String, String>of()::get, stopDev3).drift(targets);
    Map<String, DeviceStatus.Status> status = new TreeMap<>();
    results.forEach(r -> status.put(r.name(), r.status().status()));
    assertEquals(
        Map.of(
            "oc-leaf-1",
            DeviceStatus.Status.OK,
            "oc-leaf-2",
            DeviceStatus.Status.OK,
            "oc-leaf-3",
            DeviceStatus.Status.ERROR),
        status,
        results.toString());
    DriftAudit.Result three =
        results.stream().filter(r -> r.name().equals("oc-leaf-3")).findFirst().orElseThrow();
    assertEquals("device-error", three.findings().get(0).rule());
    assertTrue(
        three.findings().get(0).message().startsWith("oc-leaf-3"), three.findings().toString());
  }
}
