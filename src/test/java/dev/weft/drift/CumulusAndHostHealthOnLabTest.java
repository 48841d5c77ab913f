package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.HostCounterText;
import dev.weft.testing.LabTest;
import dev.weft.testing.NvueCounterJson;
import dev.weft.testing.NvueJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code weft audit} of {@code inventories/roce-pod-c}'s two Cumulus spines against REAL SSH
 * devices (scripts/ssh-lab: OpenSSH on loopback answering {@code nv config show -o json} and NVUE's
 * per-interface counter commands, {@code nv show interface <swp> counters qos pfc-stats -o json}
 * and the others, from a snapshot this test writes). Night 0 sets the baseline; night 1 has a PFC
 * watchdog storm and drops on the storage class's lossless queue on spine-c1 and no CNPs on
 * spine-c2; night 2 is quiet again and reports all three fixed; night 3 has one answer that is not
 * JSON, named by device and command. The GPU hosts gpu-c01 (a third lab device answering {@code
 * ethtool -S eth0} and {@code rdma statistic show link mlx5_0/1}) and gpu-c02 (nothing listens) get
 * {@code management}: a night without CNPs and with packets out of sequence on gpu-c01 is found,
 * the fix reported, and gpu-c02 is unreachable while the others complete.
 */
@LabTest(needs = {"/usr/sbin/sshd"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CumulusAndHostHealthOnLabTest {

  private static final List<String> SPINES = List.of("spine-c1", "spine-c2");
  private static final List<String> PORTS = List.of("swp1", "swp2", "swp3", "swp4");
  private static final int RDMA =
      3; // pod C: rdma on priority/traffic class 3, storage on 4, CNP on 6
  private static final int STORAGE = 4;
  private static final int CNP = 6;

  private static SshInventoryLab pod;
  private static Path history;

  @BeforeAll
  static void start() throws Exception {
    pod = SshInventoryLab.start("roce-pod-c", 18405, SPINES.size(), 1);
    int closed;
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort(); // free again when closed: connecting is refused
    }
    Path hosts = pod.inventory.resolve("hosts.yaml");
    Files.writeString(
        hosts,
        Files.readString(hosts)
            .replace(
                "  - name: gpu-c01\n",
                "  - name: gpu-c01\n    management: { host: 127.0.0.1, port: "
                    + pod.lab.port(3)
                    + ", credentials: lab }\n")
            .replace(
                "  - name: gpu-c02\n",
                "  - name: gpu-c02\n    management: { host: 127.0.0.1, port: "
                    + closed
                    + ", credentials: lab }\n"));
    pod.lab.loadOrFail(3, "host", List.of(""));
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    List<String> revisions = new ArrayList<>();
    for (String name : SPINES) {
      CompiledSwitch sw = (CompiledSwitch) fabric.device(name).orElseThrow();
      assertEquals(PORTS, sw.ports().stream().map(p -> p.name()).toList());
      revisions.add(
          NvueJson.fromStartupYaml(
              renderer.renderDevice(sw, fabric.fabric()).text("startup.yaml")));
    }
    pod.lab.loadOrFail(1, "nvue", revisions);
    history = pod.root.resolve("history");
  }

  @AfterAll
  static void stop() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  /**
   * Both spines' counters after {@code night} nights of traffic. From night 1 on spine-c1's swp1
   * storms on the RDMA class and its swp2 drops on the storage class, while spine-c2's NICs send no
   * CNPs; from night 2 on both are fixed: the counters that rose stay where they were and CNPs
   * flow.
   */
  private static List<String> snapshots(int night) {
    List<String> out = new ArrayList<>();
    for (String spine : SPINES) {
      List<NvueCounterJson.Port> ports = new ArrayList<>();
      for (String port : PORTS) {
        boolean faulty = spine.equals("spine-c1");
        long storms = faulty && port.equals("swp1") ? Math.min(night, 1) * 4L : 0;
        long drops = faulty && port.equals("swp2") ? Math.min(night, 1) * 250L : 0;
        long cnps =
            faulty
                ? 20_000L * night
                : Math.max(0, night - 1) * 40_000L; // spine-c2: none on night 1
        int cls = port.equals("swp2") ? STORAGE : RDMA;
        ports.add(
            new NvueCounterJson.Port(
                port,
                cls,
                100L * night,
                10L * night,
                5_000_000L * night,
                drops,
                storms,
                CNP,
                cnps));
      }
      out.add(NvueCounterJson.snapshot(ports));
    }
    return out;
  }

  private static Cli audit() {
    return SshInventoryLab.weft(
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
        "--history",
        history.toString(),
        "--device",
        "spine-c1",
        "--device",
        "spine-c2");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> report(Cli run) throws Exception {
    return (Map<String, Object>) Json.parse(run.out());
  }

  /** device → rule ids of its findings (information left out). */
  private static Map<String, TreeSet<String>> findings(Cli run) throws Exception {
    return AuditFindings.byDevice(run.out());
  }

  /** device → its health state (ok, alert, baseline, not-read). */
  @SuppressWarnings("unchecked")
  private static Map<String, String> health(Cli run) throws Exception {
    Map<String, String> out = new TreeMap<>();
    for (Map<String, Object> d : (List<Map<String, Object>>) report(run).get("devices")) {
      if (d.get("health") != null && !"not-read".equals(d.get("health"))) {
        out.put((String) d.get("name"), (String) d.get("health"));
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> healthFindings(Cli run) throws Exception {
    return ((List<Map<String, Object>>) report(run).get("findings"))
        .stream().filter(f -> String.valueOf(f.get("rule")).startsWith("health-")).toList();
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

  @Test
  @Order(1)
  void theStormTheLosslessDropsAndTheMissingCnpsAreFoundThroughNvueAndReportedFixedTheNightAfter()
      throws Exception {
    pod.lab.counters(1, snapshots(0));
    Cli night0 = audit();
    assertEquals(Map.of(), findings(night0), night0.out() + night0.err());
    assertEquals(
        Map.of("spine-c1", "baseline", "spine-c2", "baseline"), health(night0), night0.out());

    pod.lab.counters(1, snapshots(1));
    Cli night1 = audit();
    assertEquals(
        Map.of(
            "spine-c1",
            new TreeSet<>(List.of("health-lossless-drops", "health-pfc-storm")),
            "spine-c2",
            new TreeSet<>(List.of("health-no-cnp"))),
        findings(night1),
        night1.out());
    assertEquals(1, night1.exit(), night1.err());
    List<String> named =
        healthFindings(night1).stream()
            .map(
                f ->
                    f.get("device")
                        + " "
                        + f.get("port")
                        + " "
                        + f.get("path")
                        + " "
                        + f.get("actual"))
            .sorted()
            .toList();
    assertEquals(
        List.of(
            "spine-c1 swp1 wd-storm:3 4",
            "spine-c1 swp2 queue-drop:4 250",
            "spine-c2 null queue-tx:6 0"),
        named,
        "each names its port, the counter with its queue, and the rise");
    assertEquals(Map.of("spine-c1", "alert", "spine-c2", "alert"), health(night1));

    pod.lab.counters(1, snapshots(2));
    Cli night2 = audit();
    assertEquals(Map.of(), findings(night2), night2.out());
    assertEquals(
        List.of(
            "spine-c1 health-lossless-drops",
            "spine-c1 health-pfc-storm",
            "spine-c2 health-no-cnp"),
        history(night2, "fixed"),
        night2.out());
    assertEquals(Map.of("spine-c1", "ok", "spine-c2", "ok"), health(night2));
  }

  @Test
  @Order(2)
  void anAnswerThatIsNotJsonIsAWarningNamingDeviceAndCommandAndTheOtherPortsAreStillJudged()
      throws Exception {
    List<String> snapshots = new ArrayList<>(snapshots(3));
    String broken = NvueCounterJson.command("swp3", "counters qos pfc-stats");
    String c2 = snapshots.get(1);
    int at = c2.indexOf("### " + broken + "\n") + ("### " + broken + "\n").length();
    snapshots.set(
        1,
        c2.substring(0, at)
            + "Error: the NVUE service is not responding\n"
            + c2.substring(c2.indexOf("### ", at)));
    pod.lab.counters(1, snapshots);
    Cli night3 = audit();
    assertEquals(
        Map.of("spine-c2", new TreeSet<>(List.of("health-unreadable"))),
        findings(night3),
        night3.out());
    Map<String, Object> f = healthFindings(night3).get(0);
    assertEquals(broken, f.get("path"));
    assertEquals("swp3", f.get("port"));
    assertTrue(
        String.valueOf(f.get("message")).contains("spine-c2")
            && String.valueOf(f.get("message")).contains(broken)
            && String.valueOf(f.get("message")).contains("not JSON"),
        f.toString());
    assertEquals("ok", health(night3).get("spine-c2"), "its other answers are judged");
  }

  /**
   * gpu-c01's eth0 after {@code night} nights: RoCE on priority 3; night 1 without CNPs and with
   * reordering.
   */
  private static String host(int night) {
    long cnps = night <= 1 ? 0 : 30_000L * (night - 1);
    long outOfSequence = night >= 1 ? 17 : 0;
    return HostCounterText.snapshot(
        List.of(
            new HostCounterText.Nic(
                "eth0",
                "mlx5_0",
                RDMA,
                4_000_000L * night,
                50L * night,
                0,
                cnps,
                cnps,
                outOfSequence)));
  }

  private static Cli auditHosts(Path to) {
    return SshInventoryLab.weft(
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
        "--history",
        to.toString(),
        "--device",
        "gpu-c01",
        "--device",
        "gpu-c02");
  }

  @Test
  @Order(3)
  void
      aHostWithoutCnpsAndWithPacketsOutOfSequenceIsFoundThroughSshAndTheUnreachableOneDoesNotStopIt()
          throws Exception {
    Path hostHistory = pod.root.resolve("host-history");
    pod.lab.counters(3, List.of(host(0)));
    Cli night0 = auditHosts(hostHistory);
    assertEquals(
        Map.of("gpu-c02", new TreeSet<>(List.of("device-unreachable"))),
        findings(night0),
        night0.out() + night0.err());
    assertEquals(Map.of("gpu-c01", "baseline"), health(night0), night0.out());
    assertTrue(String.valueOf(report(night0).get("devices")).contains("gpu-c02"), night0.out());

    pod.lab.counters(3, List.of(host(1)));
    Cli night1 = auditHosts(hostHistory);
    assertEquals(
        Map.of(
            "gpu-c01",
            new TreeSet<>(List.of("health-host-no-cnp", "health-host-sequence-errors")),
            "gpu-c02",
            new TreeSet<>(List.of("device-unreachable"))),
        findings(night1),
        night1.out());
    List<String> named =
        healthFindings(night1).stream()
            .map(
                f ->
                    f.get("device")
                        + " "
                        + f.get("port")
                        + " "
                        + f.get("path")
                        + " "
                        + f.get("actual"))
            .sorted()
            .toList();
    assertEquals(List.of("gpu-c01 eth0 cnp-sent:0 0", "gpu-c01 eth0 out-of-sequence:0 17"), named);
    assertEquals(Map.of("gpu-c01", "alert"), health(night1));

    pod.lab.counters(3, List.of(host(2)));
    Cli night2 = auditHosts(hostHistory);
    assertEquals(
        List.of("gpu-c01 health-host-no-cnp", "gpu-c01 health-host-sequence-errors"),
        history(night2, "fixed"),
        night2.out());
    assertEquals(Map.of("gpu-c01", "ok"), health(night2));
  }
}
