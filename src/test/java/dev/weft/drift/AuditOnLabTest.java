package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.Chromium;
import dev.weft.testing.FileTrees;
import dev.weft.testing.LabTest;
import dev.weft.testing.SonicCounterText;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code weft audit} of {@code inventories/roce-pod-a}'s six SONiC switches against REAL SSH
 * devices (scripts/ssh-lab: OpenSSH on loopback answering {@code show runningconfiguration all} and
 * SONiC's counter commands from a snapshot file this test writes). Night 0 sets the counter
 * baseline; night 1 has leaf-01 drifted, a PFC storm on leaf-02 and spine-02 unreachable (its
 * management port has no listener); night 2 fixes leaf-01. Every night is committed to the backup
 * repository, which is also the history. The dashboard of night 1 is opened in the real headless
 * Chromium; four shards side by side, merged, equal one run.
 */
@LabTest(needs = {"/usr/sbin/sshd", "/usr/bin/yanglint", Chromium.BINARY})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AuditOnLabTest {

  private static final List<String> SWITCHES =
      List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02");
  private static final String DRIFTED = "leaf-01";
  private static final String STORMED = "leaf-02";
  private static final String UNREACHABLE = "spine-02";

  private static SshInventoryLab pod;
  private static final Map<String, String> dumps = new LinkedHashMap<>();
  private static final Map<String, List<String>> ports = new TreeMap<>();
  private static Path backups;
  private static Cli night1;
  private static Cli night2;
  private static Path dashboard;

  @BeforeAll
  static void start() throws Exception {
    pod = SshInventoryLab.start("roce-pod-a", 18301, SWITCHES.size());
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    for (String name : SWITCHES) {
      CompiledSwitch sw = (CompiledSwitch) fabric.device(name).orElseThrow();
      dumps.put(
          name,
          SonicDriftOnLabTest.runningAfterConfigLoad(
              renderer.renderDevice(sw, fabric.fabric()).text("config_db.json"), sw.hwsku()));
      ports.put(name, sw.ports().stream().map(p -> p.name()).limit(2).toList());
    }
    pod.lab.loadOrFail(1, "sonic", List.copyOf(dumps.values()));
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort(); // free again when closed: connecting is refused
    }
    SshInventoryLab.replaceInFiles(
        pod.inventory.resolve("switches"),
        "port: " + pod.lab.port(6) + ",",
        "port: " + closed + ",");
    backups = pod.root.resolve("backups");
    dashboard = pod.root.resolve("dashboard.html");
  }

  @AfterAll
  static void stop() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  /**
   * Each switch's counters after {@code night} nights of traffic; the stormed switch storms from
   * night 1.
   */
  private static void counters(int night) throws Exception {
    List<String> snapshots = new ArrayList<>();
    for (String name : SWITCHES.subList(0, 5)) {
      List<SonicCounterText.Port> list = new ArrayList<>();
      for (String port : ports.get(name)) {
        long storm = name.equals(STORMED) ? Math.max(0, night) * 3L : 0;
        long pauses = 100L * night + (name.equals(STORMED) ? storm * 10_000_000L : 0);
        list.add(
            new SonicCounterText.Port(
                port, pauses, 10L * night, 5_000_000L * night, 0, 20_000L * night, storm));
      }
      snapshots.add(SonicCounterText.snapshot(list));
    }
    pod.lab.counters(1, snapshots);
  }

  private static Cli audit(String... extra) {
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
                "json"));
    args.addAll(List.of(extra));
    return SshInventoryLab.weft(args.toArray(String[]::new));
  }

  /** device → rule ids of its findings (information left out). */
  private static Map<String, TreeSet<String>> findings(String json) throws Exception {
    return AuditFindings.byDevice(json);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> history(String json) throws Exception {
    return (Map<String, Object>) ((Map<String, Object>) Json.parse(json)).get("history");
  }

  @SuppressWarnings("unchecked")
  private static List<String> rules(Object seen) {
    return ((List<Map<String, Object>>) seen)
        .stream()
            .filter(s -> !"info".equals(s.get("severity")))
            .map(s -> s.get("device") + " " + s.get("rule"))
            .sorted()
            .toList();
  }

  @Test
  @Order(1)
  void nightOneFindsExactlyTheDriftTheStormAndTheUnreachableSwitchAndNightTwoReportsTheFix()
      throws Exception {
    counters(0);
    Cli night0 = audit("--backup", backups.toString());
    assertEquals(
        Map.of(UNREACHABLE, new TreeSet<>(List.of("device-unreachable"))),
        findings(night0.out()),
        night0.out());
    assertTrue(night0.out().contains("\"health\": \"baseline\""), night0.out());
    assertTrue(
        night0.err().contains("devices (100%)"),
        "a plain progress line per 5 % when not on a terminal: " + night0.err());

    Map<String, Map<String, Map<String, Object>>> db = parse(dumps.get(DRIFTED));
    db.get("PORT").get("Ethernet8").put("mtu", "9100");
    pod.lab.loadOrFail(1, "sonic", List.of(Json.write(db)));
    counters(1);
    night1 =
        audit(
            "--backup", backups.toString(), "--output", "json=-", "--output", "html=" + dashboard);
    assertEquals(
        Map.of(
            DRIFTED,
            new TreeSet<>(List.of("drift-mtu")),
            STORMED,
            new TreeSet<>(List.of("health-pause-rate", "health-pfc-storm")),
            UNREACHABLE,
            new TreeSet<>(List.of("device-unreachable"))),
        findings(night1.out()),
        night1.out());
    assertTrue(
        night1.out().contains("\"path\": \"wd-storm:3\""), "the storm names its counter and queue");
    assertEquals(1, night1.exit(), night1.err());
    assertEquals(
        List.of(
            DRIFTED + " drift-mtu",
            STORMED + " health-pause-rate",
            STORMED + " health-pause-rate",
            STORMED + " health-pfc-storm",
            STORMED + " health-pfc-storm"),
        rules(history(night1.out()).get("new")));
    assertEquals(
        List.of(UNREACHABLE + " device-unreachable"),
        rules(history(night1.out()).get("persisting")));

    pod.lab.loadOrFail(1, "sonic", List.of(dumps.get(DRIFTED)));
    counters(2);
    night2 = audit("--backup", backups.toString());
    assertEquals(
        List.of(DRIFTED + " drift-mtu"), rules(history(night2.out()).get("fixed")), night2.out());
    assertTrue(
        night2
            .out()
            .contains(
                "\"device\": \""
                    + DRIFTED
                    + "\",\n        \"before\": \"drift\",\n        \"after\": \"ok\""),
        night2.out());
    assertTrue(
        rules(history(night2.out()).get("persisting")).contains(STORMED + " health-pfc-storm"),
        "the storm went on: " + night2.out());
    assertTrue(Files.readString(backups.resolve("audit/trend.json")).contains("\"drift\": 1"));
    assertTrue(
        Files.exists(backups.resolve(DRIFTED + ".json")), "the backup is in the same repository");
    try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(backups.toFile())) {
      int commits = 0;
      for (var c : git.log().call()) {
        assertTrue(c.getShortMessage().startsWith("weft audit"), c.getShortMessage());
        commits++;
      }
      assertEquals(3, commits, "one commit per night, backup and history together");
    }
  }

  @Test
  @Order(2)
  void theDashboardOfTheMixedNightRendersInChromiumWithoutConsoleErrorsAtBothWidths()
      throws Exception {
    Path png = pod.root.resolve("dashboard.png");
    Chromium.Run shot = Chromium.screenshot(dashboard, png, 1400, 900);
    assertEquals(List.of(), shot.console(), shot.stderr());
    assertTrue(Files.size(png) > 10_000, "a screenshot was written");
    Path keep = Path.of(System.getProperty("weft.dashboard.screenshot", ""));
    if (!keep.toString()
        .isEmpty()) { // docs/audit-dashboard.png: the page with the drifted switch's diff open
      Path open = pod.root.resolve("dashboard-open.html");
      Files.writeString(
          open,
          Files.readString(dashboard)
              .replace("<details class=\"diff\"", "<details class=\"diff\" open"));
      assertEquals(List.of(), Chromium.screenshot(open, keep, 1400, 2800).console());
    }
    String dom = Chromium.dumpDom(dashboard, 1400, 900).dom();
    assertEquals("1", count(dom, "drift"));
    assertEquals("1", count(dom, "unreachable"));
    assertEquals("3", count(dom, "ok"), "ok: in sync and no finding at warning or above");
    assertEquals("1", count(dom, "in-sync-findings"), "the stormed switch is in sync but not ok");
    assertEquals("1", count(dom, "health-alert"));
    assertEquals(SWITCHES.size(), occurrences(dom, "<tr data-device="));
    assertTrue(
        dom.contains("href=\"#rule-health-pfc-storm\"")
            && dom.contains("id=\"rule-health-pfc-storm\""),
        "rule ids link to their explanation on the page");
    assertTrue(
        dom.contains("class=\"cell st-drift\" data-feature=\"mtu\""),
        "the drifted feature is marked");
    assertEquals(
        1,
        occurrences(dom, "<details class=\"diff\""),
        "only the drifted switch has a config diff");
    int diff =
        dom.indexOf(
            "<details class=\"diff\" data-diff=\""
                + DRIFTED
                + "\"><summary>config diff <code>config_db.json</code>"
                + " · table PORT");
    assertTrue(
        diff > dom.indexOf("id=\"device-" + DRIFTED + "\"")
            && diff < dom.indexOf("id=\"device-" + STORMED + "\""),
        "the diff, collapsed, in the drifted switch's section: " + dom);
    assertTrue(
        dom.contains(
            "<span class=\"d-del\">-            \"mtu\": \"9216\",</span>\n"
                + "<span class=\"d-add\">+            \"mtu\": \"9100\",</span>"),
        "the MTU line, intent and device: " + dom);
    assertTrue(
        dom.matches(
            "(?s).*left out: [0-9]+ entries of the running config that the intent does not render.*"),
        "the factory ports Weft does not manage are named");
    assertTrue(
        !dom.contains("LOOPBACK_INTERFACE"), "a table Weft does not render never reaches the page");
    for (int width : new int[] {1400, 800}) {
      Path probe = pod.root.resolve("probe-" + width + ".html");
      Files.writeString(
          probe,
          Files.readString(dashboard)
              .replace(
                  "style-src 'unsafe-inline'",
                  "style-src 'unsafe-inline'; script-src 'unsafe-inline'")
              .replace(
                  "</body>",
                  "<script>document.body.setAttribute('data-overflow',"
                      + " String(document.documentElement.scrollWidth - window.innerWidth));</script></body>"));
      Chromium.Run r = Chromium.dumpDom(probe, width, 900);
      assertEquals(List.of(), r.console(), r.stderr());
      assertTrue(
          r.dom().contains("data-overflow=\"0\""),
          width
              + " px: the page scrolls sideways: "
              + r.dom().substring(0, Math.min(400, r.dom().length())));
    }
    Path filters = pod.root.resolve("probe-filters.html");
    Files.writeString(
        filters,
        Files.readString(dashboard)
            .replace(
                "style-src 'unsafe-inline'",
                "style-src 'unsafe-inline'; script-src 'unsafe-inline'")
            .replace("</body>", "<script>" + FILTER_PROBE + "</script></body>"));
    Chromium.Run f = Chromium.dumpDom(filters, 1400, 900);
    assertEquals(List.of(), f.console(), f.stderr());
    assertTrue(
        f.dom().contains("data-shown-all=\"leaf-01,leaf-02,leaf-03,leaf-04,spine-01,spine-02\""),
        f.dom());
    assertTrue(f.dom().contains("data-shown-drift=\"" + DRIFTED + "\""), "status filter: drift");
    assertTrue(
        f.dom().contains("data-shown-unreachable=\"" + UNREACHABLE + "\""),
        "status filter: unreachable");
    assertTrue(f.dom().contains("data-shown-health=\"" + STORMED + "\""), "feature filter: health");
    assertTrue(f.dom().contains("data-shown-mtu=\"" + DRIFTED + "\""), "feature filter: mtu");
  }

  @Test
  @Order(3)
  void fourShardsSideBySideMergedGiveWhatOneRunnerGives() throws Exception {
    Path single = pod.root.resolve("history-single");
    Path shared = pod.root.resolve("history-shards");
    FileTrees.copy(backups, single);
    FileTrees.copy(backups, shared);
    counters(3);
    Map<String, Map<String, Map<String, Object>>> db = parse(dumps.get(DRIFTED));
    db.get("PORT").get("Ethernet8").put("mtu", "9100");
    pod.lab.loadOrFail(
        1, "sonic", List.of(Json.write(db))); // a drifted switch, so the merge carries a diff
    Cli one = audit("--history", single.toString());
    assertTrue(
        one.out().contains("\"config_diff\": {\n        \"file\": \"config_db.json\""), one.out());
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<Cli>> runs = new ArrayList<>();
    List<String> files = new ArrayList<>();
    for (int k = 1; k <= 4; k++) {
      Path out = pod.root.resolve("shard-" + k + ".json");
      files.add(out.toString());
      String shard = k + "/4";
      runs.add(
          pool.submit(
              () ->
                  audit(
                      "--history",
                      shared.toString(),
                      "--shard",
                      shard,
                      "--output",
                      "json=" + out)));
    }
    for (Future<Cli> r : runs) {
      assertTrue(
          r.get().exit() <= 1, "a shard with findings exits 1, one without 0: " + r.get().err());
    }
    pool.shutdown();
    List<String> merge =
        new ArrayList<>(
            List.of("report", "merge", "--history", shared.toString(), "--format", "json"));
    merge.addAll(files);
    Cli merged = SshInventoryLab.weft(merge.toArray(String[]::new));
    assertEquals(1, merged.exit(), merged.err());
    assertEquals(AuditFindings.withoutTiming(one.out()), AuditFindings.withoutTiming(merged.out()));
    assertEquals(
        AuditFindings.withoutTiming(Files.readString(single.resolve("audit/report.json"))),
        AuditFindings.withoutTiming(Files.readString(shared.resolve("audit/report.json"))));
  }

  /**
   * Clicks the grid's filters in the browser and notes which rows its style rules leave visible.
   */
  private static final String FILTER_PROBE =
      "function shown(){return Array.from(document.querySelectorAll('tr[data-device]'))"
          + ".filter(r=>getComputedStyle(r).display!=='none').map(r=>r.dataset.device).join(',');}"
          + "function pick(id,key){document.getElementById(id).click();document.body.setAttribute('data-shown-'+key,shown());}"
          + "pick('fs-all','all');pick('fs-drift','drift');pick('fs-unreachable','unreachable');pick('fs-all','x');"
          + "pick('ff-health','health');pick('ff-mtu','mtu');";

  private static String count(String dom, String status) {
    Matcher m =
        Pattern.compile("data-status=\"" + Pattern.quote(status) + "\">([0-9]+)<").matcher(dom);
    return m.find() ? m.group(1) : "none";
  }

  private static int occurrences(String text, String what) {
    int n = 0;
    for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Map<String, Object>>> parse(String json) throws Exception {
    return (Map<String, Map<String, Map<String, Object>>>) Json.parse(json);
  }
}
