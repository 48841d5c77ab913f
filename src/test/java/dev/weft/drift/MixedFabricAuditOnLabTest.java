package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.HostCounterText;
import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import dev.weft.testing.NvueCounterJson;
import dev.weft.testing.NvueJson;
import dev.weft.testing.SonicCounterText;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code weft audit} of ONE inventory holding a switch of every platform with a live profile, each
 * a REAL lab device seeded with what Weft renders for it: {@code inventories/roce-pod-c} (EOS
 * leaf-c1, OpenConfig oc-leaf-1, Cumulus spine-c1 and spine-c2, GPU host gpu-c01) with a SONiC, an
 * NX-OS, a Junos and an SR Linux switch added. The SSH-read devices (Cumulus, SONiC, the host) are
 * scripts/ssh-lab devices answering their config and counter commands from snapshot files this test
 * writes; the NETCONF ones are scripts/netconf-lab devices, the vendors' with their published
 * models ({@code --vendor arista|cisco|juniper|nokia}), the OpenConfig one with weft-qos-ext.
 * spine-c2 is unreachable (nothing listens on its management port). Night 0 sets the counter
 * baseline; night 1 has an MTU drifted on the EOS leaf and a PFC watchdog storm in the SONiC
 * switch's counters; night 2 has the MTU fixed and reports it so.
 */
@LabTest(needs = {"/usr/sbin/sshd", "/usr/sbin/netconfd", "/usr/bin/yanglint"})
class MixedFabricAuditOnLabTest {

  private static final String EOS = "leaf-c1";
  private static final String OPENCONFIG = "oc-leaf-1";
  private static final String CUMULUS = "spine-c1";
  private static final String UNREACHABLE = "spine-c2";
  private static final String SONIC = "sonic-leaf-1";
  private static final String NXOS = "nx-leaf-1";
  private static final String JUNOS = "qfx-leaf-1";
  private static final String SRLINUX = "srl-spine-1";
  private static final String HOST = "gpu-c01";
  private static final String DRIFTED = EOS;
  private static final String STORMED = SONIC;

  /**
   * The NETCONF devices: lab (vendor folder of yang/vendor, or openconfig for weft-qos-ext) →
   * switch.
   */
  private static final Map<String, String> NETCONF =
      new TreeMap<>(
          Map.of(
              "openconfig",
              OPENCONFIG,
              "arista",
              EOS,
              "cisco",
              NXOS,
              "juniper",
              JUNOS,
              "nokia",
              SRLINUX));

  private static final List<String> SONIC_PORTS = List.of("Ethernet256", "Ethernet264");
  private static final List<String> CUMULUS_PORTS = List.of("swp1", "swp2", "swp3", "swp4");

  private static SshInventoryLab pod;
  private static final Map<String, NetconfLab> labs = new LinkedHashMap<>();
  private static final Map<String, String> rendered = new TreeMap<>();
  private static Path backups;

  /** The switches roce-pod-c does not have: one of each platform its own labs would bring. */
  private static String addedSwitches(int sonicPort) throws Exception {
    StringBuilder srlinuxPorts = new StringBuilder();
    for (int i = 1; i <= 4; i++) {
      srlinuxPorts
          .append("      - { name: ethernet-1/")
          .append(i)
          .append(", profile: fabric-400g }\n");
    }
    return "version: 1\nswitches:\n"
        + "  - name: "
        + SONIC
        + "\n    role: leaf\n    platform: sonic\n    asic: spectrum-4\n"
        + "    hwsku: Mellanox-SN5600-O128\n    os-version: \"202411\"\n"
        + "    management: { host: 127.0.0.1, port: "
        + sonicPort
        + ", credentials: lab }\n"
        + "    ports:\n      - { name: Ethernet256, profile: fabric-400g }\n      - { name: Ethernet264, profile: fabric-400g }\n"
        + "  - name: "
        + NXOS
        + "\n    role: leaf\n    platform: nxos\n    os-version: \"9.3(2)\"\n"
        + "    management: { host: 127.0.0.1, port: "
        + port("cisco")
        + ", credentials: cisco }\n"
        + "    ports:\n      - { name: Ethernet1/31, profile: fabric-400g }\n"
        + "  - name: "
        + JUNOS
        + "\n    role: leaf\n    platform: junos\n    os-version: \"24.4R1-EVO\"\n"
        + "    management: { host: 127.0.0.1, port: "
        + port("juniper")
        + ", credentials: juniper }\n"
        + "    ports:\n      - { name: et-0/0/32, profile: fabric-400g }\n"
        + "  - name: "
        + SRLINUX
        + "\n    role: spine\n    platform: srlinux\n    os-version: \"25.3.1\"\n"
        + "    management: { host: 127.0.0.1, port: "
        + port("nokia")
        + ", credentials: nokia }\n"
        + "    ports:\n"
        + srlinuxPorts.toString();
  }

  /**
   * The added switches' uplinks, all to the SR Linux spine (a lossless port needs a cable length
   * for its headroom).
   */
  private static final String ADDED_LINKS =
      "version: 1\nlinks:\n"
          + "  - { a: "
          + SONIC
          + ":Ethernet256, b: "
          + SRLINUX
          + ":ethernet-1/1, cable-length: 50m }\n"
          + "  - { a: "
          + SONIC
          + ":Ethernet264, b: "
          + SRLINUX
          + ":ethernet-1/2, cable-length: 50m }\n"
          + "  - { a: "
          + NXOS
          + ":Ethernet1/31, b: "
          + SRLINUX
          + ":ethernet-1/3, cable-length: 50m }\n"
          + "  - { a: "
          + JUNOS
          + ":et-0/0/32, b: "
          + SRLINUX
          + ":ethernet-1/4, cable-length: 50m }\n";

  private static int port(String lab) throws Exception {
    return labs.get(lab).device(1).port();
  }

  @BeforeAll
  static void start() throws Exception {
    pod =
        SshInventoryLab.start(
            "roce-pod-c", 18405, 1, 2); // ssh-lab 1: spine-c1, 2: the SONiC switch, 3: gpu-c01
    for (String lab : NETCONF.keySet()) {
      labs.put(
          lab, lab.equals("openconfig") ? NetconfLab.start(1) : NetconfLab.startVendor(lab, 1));
    }
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort(); // free again when closed: connecting is refused
    }
    Path switches = pod.inventory.resolve("switches");
    SshInventoryLab.replaceInFiles(switches, "port: 18406,", "port: " + closed + ",");
    SshInventoryLab.replaceInFiles(
        switches,
        "port: 18401, credentials: lab",
        "port: " + port("arista") + ", credentials: arista");
    SshInventoryLab.replaceInFiles(
        switches,
        "port: 18403, credentials: lab",
        "port: " + port("openconfig") + ", credentials: openconfig");
    Files.writeString(switches.resolve("added.yaml"), addedSwitches(pod.lab.port(2)));
    Files.writeString(pod.inventory.resolve("links/added.yaml"), ADDED_LINKS);
    Path hosts = pod.inventory.resolve("hosts.yaml");
    Files.writeString(
        hosts,
        Files.readString(hosts)
            .replace(
                "  - name: " + HOST + "\n",
                "  - name: "
                    + HOST
                    + "\n    management: { host: 127.0.0.1, port: "
                    + pod.lab.port(3)
                    + ", credentials: lab }\n"));

    StringBuilder creds = new StringBuilder(Files.readString(pod.credentials));
    StringBuilder known = new StringBuilder(Files.readString(pod.lab.knownHosts()));
    for (Map.Entry<String, NetconfLab> lab :
        labs.entrySet()) { // each lab authorises its own client key only
      creds
          .append(lab.getKey())
          .append(":\n  user: netconf\n  key-file: ")
          .append(lab.getValue().clientKey())
          .append('\n');
      known.append(Files.readString(lab.getValue().knownHosts()));
    }
    Files.writeString(pod.credentials, creds);
    Files.writeString(pod.lab.knownHosts(), known);

    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    for (String name : NETCONF.values()) {
      Renderer.DeviceOutput out = renderer.renderDevice(sw(fabric, name), fabric.fabric());
      assertTrue(out.findings().isEmpty(), name + ": " + out.findings());
      rendered.put(name, out.text("config.xml"));
    }
    CompiledSwitch sonic = sw(fabric, SONIC);
    Renderer.DeviceOutput sonicOut = renderer.renderDevice(sonic, fabric.fabric());
    assertTrue(sonicOut.findings().isEmpty(), SONIC + ": " + sonicOut.findings());
    pod.lab.loadOrFail(
        1,
        "nvue",
        List.of(
            NvueJson.fromStartupYaml(
                renderer.renderDevice(sw(fabric, CUMULUS), fabric.fabric()).text("startup.yaml"))));
    pod.lab.loadOrFail(
        2,
        "sonic",
        List.of(
            SonicDriftOnLabTest.runningAfterConfigLoad(
                sonicOut.text("config_db.json"), sonic.hwsku())));
    pod.lab.loadOrFail(3, "host", List.of(""));
    for (Map.Entry<String, String> d : NETCONF.entrySet()) {
      seed(d.getKey(), rendered.get(d.getValue()));
    }
    backups = pod.root.resolve("backups");
  }

  private static CompiledSwitch sw(CompiledFabric fabric, String name) {
    return (CompiledSwitch) fabric.device(name).orElseThrow();
  }

  /**
   * The device's running config becomes {@code config}; the device validates it against its models.
   */
  private static void seed(String lab, String config) throws Exception {
    NetconfLab l = labs.get(lab);
    if (lab.equals("openconfig")) {
      l.device(1).seed(config, l.clientKey());
    } else {
      assertNull(l.device(1).replaceWith(config, l.clientKey()), lab + " refused the payload");
    }
  }

  @AfterAll
  static void stop() throws Exception {
    for (NetconfLab lab : labs.values()) {
      lab.close();
    }
    if (pod != null) {
      pod.close();
    }
  }

  /**
   * Every SSH-read device's counters after {@code night} nights of traffic; the SONiC switch storms
   * from night 1.
   */
  private static void counters(int night) throws Exception {
    List<NvueCounterJson.Port> spine = new ArrayList<>();
    for (String p : CUMULUS_PORTS) {
      spine.add(
          new NvueCounterJson.Port(
              p, 3, 100L * night, 10L * night, 5_000_000L * night, 0, 0, 6, 20_000L * night));
    }
    List<SonicCounterText.Port> sonic = new ArrayList<>();
    for (String p : SONIC_PORTS) {
      sonic.add(
          new SonicCounterText.Port(
              p,
              100L * night,
              10L * night,
              5_000_000L * night,
              0,
              20_000L * night,
              p.equals("Ethernet256") ? 3L * night : 0));
    }
    pod.lab.counters(
        1,
        List.of(
            NvueCounterJson.snapshot(spine),
            SonicCounterText.snapshot(sonic),
            HostCounterText.snapshot(
                List.of(
                    new HostCounterText.Nic(
                        "eth0",
                        "mlx5_0",
                        3,
                        4_000_000L * night,
                        50L * night,
                        0,
                        30_000L * night,
                        30_000L * night,
                        0)))));
  }

  private static Cli audit() {
    List<String> args =
        new ArrayList<>(
            List.of(
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
                "--backup",
                backups.toString()));
    for (String d :
        List.of(EOS, OPENCONFIG, CUMULUS, UNREACHABLE, SONIC, NXOS, JUNOS, SRLINUX, HOST)) {
      args.addAll(List.of("--device", d));
    }
    return SshInventoryLab.weft(args.toArray(String[]::new));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> report(Cli run) throws Exception {
    return (Map<String, Object>) Json.parse(run.out());
  }

  /** device → rule ids of its findings (information left out). */
  private static Map<String, TreeSet<String>> findings(Cli run) throws Exception {
    return AuditFindings.byDevice(run.out());
  }

  /** device → its health state as the report names it. */
  @SuppressWarnings("unchecked")
  private static Map<String, String> health(Cli run) throws Exception {
    Map<String, String> out = new TreeMap<>();
    for (Map<String, Object> d : (List<Map<String, Object>>) report(run).get("devices")) {
      out.put((String) d.get("name"), String.valueOf(d.get("health")));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<String> history(Cli run, String which) throws Exception {
    Map<String, Object> h = (Map<String, Object>) report(run).get("history");
    return ((List<Map<String, Object>>) h.get(which))
        .stream()
            .filter(s -> !"info".equals(s.get("severity")))
            .map(s -> s.get("device") + " " + s.get("rule"))
            .sorted()
            .toList();
  }

  /**
   * device → the features its platform does not serve, as the report's {@code not-audited}
   * information names them.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, TreeSet<String>> notAudited(Cli run) throws Exception {
    Map<String, TreeSet<String>> out = new TreeMap<>();
    for (Map<String, Object> f : (List<Map<String, Object>>) report(run).get("findings")) {
      if ("not-audited".equals(f.get("rule"))) {
        out.computeIfAbsent(String.valueOf(f.get("device")), k -> new TreeSet<>())
            .add((String) f.get("expected"));
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> only(Cli run, String device, String rule) throws Exception {
    List<Map<String, Object>> hits =
        ((List<Map<String, Object>>) report(run).get("findings"))
            .stream()
                .filter(f -> device.equals(f.get("device")) && rule.equals(f.get("rule")))
                .toList();
    assertEquals(1, hits.size(), run.out());
    return hits.get(0);
  }

  private static Map<String, String> everyDevice(String value) {
    Map<String, String> out = new TreeMap<>();
    for (String d :
        List.of(EOS, OPENCONFIG, CUMULUS, UNREACHABLE, SONIC, NXOS, JUNOS, SRLINUX, HOST)) {
      out.put(d, value);
    }
    return out;
  }

  @Test
  void
      oneAuditOfEveryLivePlatformFindsExactlyTheDriftTheStormAndTheUnreachableSwitchAndTheNextNightTheFix()
          throws Exception {
    counters(0);
    Cli night0 = audit();
    assertEquals(
        Map.of(UNREACHABLE, new TreeSet<>(List.of("device-unreachable"))),
        findings(night0),
        night0.out() + night0.err());
    Map<String, String> statuses = everyDevice("ok");
    statuses.put(UNREACHABLE, "unreachable:refused");
    assertEquals(statuses, night0.devices(), night0.out());
    // what each platform serves, by design of its pack: the NETCONF vendors serve no counters Weft
    // reads
    // (not-read, health not-audited), the OpenConfig lab serves no queue state (not-served)
    Map<String, String> health = everyDevice("not-read");
    List.of(CUMULUS, SONIC, HOST).forEach(d -> health.put(d, "baseline"));
    health.put(OPENCONFIG, "not-served");
    assertEquals(health, health(night0), night0.out());
    assertEquals(
        Map.of(
            EOS,
            new TreeSet<>(List.of("buffers", "classification", "hash", "health")),
            NXOS,
            new TreeSet<>(List.of("buffers", "health")),
            OPENCONFIG,
            new TreeSet<>(List.of("counters", "hash")),
            JUNOS,
            new TreeSet<>(List.of("health")),
            SRLINUX,
            new TreeSet<>(List.of("health"))),
        notAudited(night0),
        night0.out());

    String payload = rendered.get(DRIFTED);
    assertTrue(payload.contains("<mtu>9214</mtu>"), payload);
    seed(
        "arista",
        payload.replaceFirst(
            "<mtu>9214</mtu>", "<mtu>1500</mtu>")); // the device validates the edit
    counters(1);
    Cli night1 = audit();
    assertEquals(
        Map.of(
            DRIFTED,
            new TreeSet<>(List.of("drift-mtu")),
            STORMED,
            new TreeSet<>(List.of("health-pfc-storm")),
            UNREACHABLE,
            new TreeSet<>(List.of("device-unreachable"))),
        findings(night1),
        night1.out());
    assertEquals(1, night1.exit(), night1.err());
    statuses.put(DRIFTED, "drift");
    assertEquals(statuses, night1.devices(), night1.out());
    List.of(CUMULUS, HOST).forEach(d -> health.put(d, "ok"));
    health.put(STORMED, "alert");
    assertEquals(health, health(night1), night1.out());
    Map<String, Object> mtu = only(night1, DRIFTED, "drift-mtu");
    assertEquals(
        List.of("9214", "1500", "Ethernet1/1", "/interfaces/interface[Ethernet1/1]/config/mtu"),
        List.of(mtu.get("expected"), mtu.get("actual"), mtu.get("port"), mtu.get("path")),
        mtu.toString());
    Map<String, Object> storm = only(night1, STORMED, "health-pfc-storm");
    assertEquals(
        List.of("Ethernet256", "wd-storm:3", "3"),
        List.of(storm.get("port"), storm.get("path"), storm.get("actual")),
        "the storm names its port, the counter with its queue, and the rise: " + storm);
    assertEquals(
        List.of(DRIFTED + " drift-mtu", STORMED + " health-pfc-storm"),
        history(night1, "new"),
        night1.out());
    assertEquals(
        List.of(UNREACHABLE + " device-unreachable"), history(night1, "persisting"), night1.out());

    seed("arista", payload);
    counters(2);
    Cli night2 = audit();
    assertEquals(List.of(DRIFTED + " drift-mtu"), history(night2, "fixed"), night2.out());
    assertEquals(List.of(), history(night2, "new"), night2.out());
    assertEquals(
        List.of(STORMED + " health-pfc-storm", UNREACHABLE + " device-unreachable"),
        history(night2, "persisting"),
        "the storm went on: " + night2.out());
    assertTrue(
        night2
            .out()
            .contains(
                "\"device\": \""
                    + DRIFTED
                    + "\",\n        \"before\": \"drift\",\n        \"after\": \"ok\""),
        night2.out());
    statuses.put(DRIFTED, "ok");
    assertEquals(statuses, night2.devices(), night2.out());
    try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(backups.toFile())) {
      int commits = 0;
      for (var c : git.log().call()) {
        assertTrue(c.getShortMessage().startsWith("weft audit"), c.getShortMessage());
        commits++;
      }
      assertEquals(3, commits, "one commit per night, backup and history together");
    }
    for (String sw : List.of(EOS, OPENCONFIG, CUMULUS, SONIC, NXOS, JUNOS, SRLINUX)) {
      try (var files = Files.list(backups)) {
        assertTrue(
            files.anyMatch(f -> f.getFileName().toString().startsWith(sw + ".")),
            sw + " is backed up");
      }
    }
  }
}
