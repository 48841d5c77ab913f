package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.FileTrees;
import dev.weft.testing.LabTest;
import dev.weft.testing.Shell;
import dev.weft.testing.SonicCounterText;
import dev.weft.testing.SshLab;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code weft audit --output openmetrics=FILE} judged by the real consumers: two nights of {@code
 * inventories/roce-pod-a} on the SSH lab (night 1: leaf-01's MTU drifted, leaf-02's first port
 * storming on priority 3) write the file into a folder that Debian's prometheus-node-exporter
 * serves (textfile collector) to a real Prometheus (scripts/prom-lab, loopback, scraping every
 * second); the HTTP API then answers with the series of the drifted switch and of the storming
 * port.
 */
@LabTest(
    needs = {
      "/usr/sbin/sshd",
      "/usr/bin/prometheus",
      "/usr/bin/prometheus-node-exporter",
      "/usr/bin/curl"
    })
class PrometheusAuditOnLabTest {

  private static final List<String> SWITCHES =
      List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02");
  private static final Duration WAIT = Duration.ofSeconds(60);

  private static SshInventoryLab pod;
  private static Path prom;
  private static String stormPort;

  /** A switch that is read but answers none of its counter commands. */
  private static final String SILENT = "spine-02";

  private static String summary;

  @BeforeAll
  static void start() throws Exception {
    pod = SshInventoryLab.start("roce-pod-a", 18301, SWITCHES.size());
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    Map<String, String> running = new TreeMap<>();
    Map<String, List<String>> ports = new TreeMap<>();
    for (String name : SWITCHES) {
      CompiledSwitch sw = (CompiledSwitch) fabric.device(name).orElseThrow();
      running.put(
          name,
          SonicDriftOnLabTest.runningAfterConfigLoad(
              renderer.renderDevice(sw, fabric.fabric()).text("config_db.json"), sw.hwsku()));
      ports.put(name, sw.ports().stream().map(p -> p.name()).limit(2).toList());
    }
    stormPort = ports.get("leaf-02").get(0);
    Path history = pod.root.resolve("history");
    Path textfiles = Files.createDirectories(pod.root.resolve("textfiles"));
    for (int night = 0; night <= 1; night++) {
      List<String> configs = new ArrayList<>();
      List<String> counters = new ArrayList<>();
      for (String name : SWITCHES) {
        String config = running.get(name);
        boolean silent = name.equals(SILENT);
        if (night == 1 && name.equals("leaf-01")) {
          @SuppressWarnings("unchecked")
          var db = (Map<String, Map<String, Map<String, Object>>>) Json.parse(config);
          db.get("PORT").get("Ethernet8").put("mtu", "9100");
          config = Json.write(db);
        }
        configs.add(config);
        List<SonicCounterText.Port> list = new ArrayList<>();
        for (String port : ports.get(name)) {
          long storms = night == 1 && name.equals("leaf-02") && port.equals(stormPort) ? 3 : 0;
          list.add(
              new SonicCounterText.Port(
                  port, 100L * night, 10L * night, 5_000_000L * night, 0, 20_000L * night, storms));
        }
        if (!silent) { // the lab's last device answers every counter command with an error
          counters.add(SonicCounterText.snapshot(list));
        }
      }
      pod.lab.loadOrFail(1, "sonic", configs);
      pod.lab.counters(1, counters);
      Cli run =
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
              "--history",
              history.toString(),
              "--format",
              "text",
              "--output",
              "-",
              "--output",
              "openmetrics=" + textfiles.resolve("weft.prom"));
      assertTrue(run.exit() <= 1, "night " + night + ": " + run.err());
      summary = run.out();
    }
    prom = Files.createTempDirectory("weft-prom-lab");
    Shell.Result up =
        Shell.run(
            pod.root,
            Map.of(),
            List.of(
                "bash",
                script(),
                "up",
                prom.toString(),
                textfiles.toString(),
                String.valueOf(freePort()),
                String.valueOf(freePort())),
            3);
    assertEquals(0, up.exit(), up.all());
  }

  @AfterAll
  static void stop() throws Exception {
    try {
      if (prom != null) {
        Shell.run(pod.root, Map.of(), List.of("bash", script(), "down", prom.toString()), 2);
        FileTrees.delete(prom);
      }
    } finally {
      if (pod != null) {
        pod.close();
      }
    }
  }

  @Test
  void prometheusAnswersWithTheDriftedSwitchsSeries() throws Exception {
    assertEquals(
        Map.of("1", 1), values("weft_audit_feature_drift{device=\"leaf-01\",feature=\"mtu\"}"));
    assertEquals(
        Map.of("1", 1), values("weft_audit_device_status{device=\"leaf-01\",status=\"drift\"}"));
    assertEquals(
        Map.of("0", 7),
        values("weft_audit_feature_drift{device=\"leaf-01\",feature!=\"mtu\"}"),
        "the other seven features of leaf-01 are in sync");
  }

  @Test
  void prometheusAnswersWithTheStormingPortsSeries() throws Exception {
    assertEquals(
        Map.of("3", 1),
        values(
            "weft_audit_port_increase{device=\"leaf-02\",port=\""
                + stormPort
                + "\",counter=\"wd-storm\",index=\"3\"}"));
    assertEquals(
        Map.of("0", 1),
        values("sum(weft_audit_port_increase{counter=\"wd-storm\",device!=\"leaf-02\"})"),
        "no other switch stormed");
    assertEquals(
        Map.of("1", 1), values("weft_audit_device_health{device=\"leaf-02\",health=\"alert\"}"));
  }

  @Test
  void okMeansNoFindingAtWarningOrAboveAndANightWithoutCountersIsAWarning() throws Exception {
    assertTrue(
        summary.contains("; devices: 3 of 6 ok"),
        "leaf-01 drifted, leaf-02 stormed, spine-02 read no counter: " + summary);
    assertTrue(
        summary.contains(
            "warning [health-unreadable] " + SILENT + ": no counter could be read" + " tonight"),
        summary);
    assertEquals(
        Map.of("1", 1),
        values("weft_audit_findings{device=\"" + SILENT + "\",severity=\"warning\"}"));
    assertEquals(
        Map.of("1", 1),
        values("weft_audit_device_status{device=\"" + SILENT + "\",status=\"ok\"}"),
        "its config is in sync: the status says so, the summary does not count it ok");
  }

  /**
   * The values of an instant query's series, counted (value → how many series), once Prometheus has
   * any: polled with a deadline, as the collector serves the file only at the next scrape.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Integer> values(String promql) throws Exception {
    Instant deadline = Instant.now().plus(WAIT);
    String last = "";
    while (Instant.now().isBefore(deadline)) {
      Shell.Result r =
          Shell.run(
              pod.root, Map.of(), List.of("bash", script(), "query", prom.toString(), promql), 1);
      last = r.all();
      if (r.exit() == 0) {
        Map<String, Object> answer = (Map<String, Object>) Json.parse(r.out());
        List<Map<String, Object>> result =
            (List<Map<String, Object>>) ((Map<String, Object>) answer.get("data")).get("result");
        if (!result.isEmpty()) {
          Map<String, Integer> out = new TreeMap<>();
          result.forEach(
              s -> out.merge((String) ((List<Object>) s.get("value")).get(1), 1, Integer::sum));
          return out;
        }
      }
    }
    throw new AssertionError(
        "Prometheus had no series for " + promql + " within " + WAIT + ": " + last);
  }

  private static String script() {
    return SshLab.projectDir().resolve("scripts/prom-lab").toString();
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
