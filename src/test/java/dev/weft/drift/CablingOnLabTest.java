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
import dev.weft.testing.LabTest;
import dev.weft.testing.LldpLab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The cabling audit of {@code inventories/roce-pod-a} against REAL neighbours: scripts/lldp-lab
 * cables the pod as declared (a network namespace per switch and host, a veth pair per link,
 * Debian's lldpd in each), and each of the six SONiC switches of scripts/ssh-lab answers {@code
 * lldpctl -f json} from its namespace's lldpd. Cabled as declared the audit is clean; two NICs of
 * one node swapped between rails are one swap finding naming both links and rails; an uplink moved
 * to another spine port is one wrong neighbour; a pulled cable (veth down) is one missing
 * neighbour. The history says which cabling faults are new and which were fixed.
 */
@LabTest(needs = {"/usr/sbin/sshd", "/usr/bin/yanglint", LldpLab.LLDPD, Chromium.BINARY})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CablingOnLabTest {

  private static final List<String> SWITCHES =
      List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02");

  private static SshInventoryLab pod;
  private static LldpLab cabling;

  @BeforeAll
  static void start() throws Exception {
    pod = SshInventoryLab.start("roce-pod-a", 18301, SWITCHES.size());
    CompiledFabric fabric = Examples.compile(pod.root, pod.root.relativize(pod.inventory));
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    List<String> dumps = new ArrayList<>();
    for (String name : SWITCHES) {
      CompiledSwitch sw = (CompiledSwitch) fabric.device(name).orElseThrow();
      dumps.add(
          SonicDriftOnLabTest.runningAfterConfigLoad(
              renderer.renderDevice(sw, fabric.fabric()).text("config_db.json"), sw.hwsku()));
    }
    pod.lab.loadOrFail(1, "sonic", dumps);
    cabling = LldpLab.start(pod.inventory);
    for (int i = 0; i < SWITCHES.size(); i++) {
      pod.lab.lldp(i + 1, cabling.socket(SWITCHES.get(i)));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    try {
      if (cabling != null) {
        cabling.close();
      }
    } finally {
      if (pod != null) {
        pod.close();
      }
    }
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
                "json",
                "--backup",
                pod.root.resolve("backups").toString()));
    args.addAll(List.of(extra));
    return SshInventoryLab.weft(args.toArray(String[]::new));
  }

  private static Cli cablingReport(String format) {
    return SshInventoryLab.weft(
        "cabling",
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
        format);
  }

  /** The night's cabling findings (every severity), each as {@code rule device port}. */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> cablingFindings(String json) throws Exception {
    return ((List<Map<String, Object>>) ((Map<String, Object>) Json.parse(json)).get("findings"))
        .stream().filter(f -> String.valueOf(f.get("rule")).startsWith("cabling-")).toList();
  }

  private static List<String> ids(List<Map<String, Object>> findings) {
    return findings.stream()
        .map(f -> f.get("rule") + " " + f.get("device") + " " + f.get("port"))
        .toList();
  }

  @SuppressWarnings("unchecked")
  private static List<String> history(String json, String which) throws Exception {
    Map<String, Object> h =
        (Map<String, Object>) ((Map<String, Object>) Json.parse(json)).get("history");
    return ((List<Map<String, Object>>) h.get(which))
        .stream()
            .filter(s -> String.valueOf(s.get("rule")).startsWith("cabling-"))
            .map(s -> s.get("rule") + " " + s.get("device"))
            .sorted()
            .toList();
  }

  private static int occurrences(String text, String what) {
    int n = 0;
    for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }

  @Test
  @Order(1)
  void cabledAsDeclaredTheAuditIsCleanAndEverySwitchServedItsNeighbours() throws Exception {
    Cli night = audit();
    assertEquals(List.of(), ids(cablingFindings(night.out())), night.out());
    // The cabling lab's devices stand for switches and hosts that serve no counters, so each is,
    // honestly,
    // a health-unreadable warning (issue 35); nothing else may be found on a fabric cabled as
    // declared.
    Map<String, TreeSet<String>> found = AuditFindings.byDevice(night.out());
    found.values().forEach(rules -> rules.remove("health-unreadable"));
    found.values().removeIf(TreeSet::isEmpty);
    assertEquals(Map.of(), found, night.out());
  }

  @Test
  @Order(2)
  void
      twoNicsOfOneNodeSwappedBetweenRailsAreExactlyOneSwapNamingBothLinksAndRailsFixedTheNightAfter()
          throws Exception {
    cabling.swap("gpu-001:eth0", "gpu-001:eth1");
    Path dashboard = pod.root.resolve("dashboard.html");
    Cli night = audit("--output", "json=-", "--output", "html=" + dashboard);
    List<Map<String, Object>> found = cablingFindings(night.out());
    assertEquals(List.of("cabling-swap gpu-001 eth0"), ids(found), night.out());
    String message = (String) found.get(0).get("message");
    assertTrue(
        message.contains("leaf-01:Ethernet0 (rail 0)–gpu-001:eth0 (rail 0)")
            && message.contains("leaf-02:Ethernet0 (rail 1)–gpu-001:eth1 (rail 1)"),
        message);
    assertTrue(message.contains("exchange the cables at gpu-001:eth0 and gpu-001:eth1"), message);
    assertTrue(
        String.valueOf(found.get(0).get("file")).endsWith("links/su-1.yaml"),
        found.get(0).toString());
    assertEquals(4, ((Number) found.get(0).get("line")).intValue(), "the first link's intent line");
    assertEquals(List.of("cabling-swap gpu-001"), history(night.out(), "new"), night.out());
    assertEquals(1, night.exit(), night.err());

    // the dashboard's cabling view in the real headless Chromium: the swapped pair under both rails
    Chromium.Run dom = Chromium.dumpDom(dashboard, 1400, 900);
    assertEquals(List.of(), dom.console(), dom.stderr());
    assertTrue(
        dom.dom().contains("<tr data-rail=\"rail 0\" data-rule=\"cabling-swap\">")
            && dom.dom().contains("<tr data-rail=\"rail 1\" data-rule=\"cabling-swap\">"),
        dom.dom());
    assertTrue(
        dom.dom().contains("exchange the cables at gpu-001:eth0 and gpu-001:eth1"), dom.dom());
    Path keep = Path.of(System.getProperty("weft.cabling.screenshot", ""));
    if (!keep.toString().isEmpty()) { // docs/cabling.png: the page scrolled to the cabling view
      Path at = pod.root.resolve("cabling-first.html");
      String page = Files.readString(dashboard);
      int cut = page.indexOf("<section class=\"card\" id=\"cabling\">");
      int body = page.indexOf("<body>") + "<body>".length();
      Files.writeString(at, page.substring(0, body) + page.substring(cut));
      assertEquals(List.of(), Chromium.screenshot(at, keep, 1400, 700).console());
    }

    // the bring-up report: the one exchange to do, per rail and per leaf
    Cli md = cablingReport("markdown");
    assertTrue(
        md.out().contains("- [ ] exchange the cables at gpu-001:eth0 and gpu-001:eth1 ("),
        md.out() + md.err());
    assertTrue(
        md.out().contains("## Rail 0") && md.out().contains("## Leaf leaf-01 (rail 0)"), md.out());
    assertTrue(
        md.out().contains("| leaf-01:Ethernet0 | gpu-001:eth0 (rail 0) | swapped |"), md.out());
    assertTrue(
        md.out().contains("40 declared links: 38 ok, 0 missing, 0 wrong, 2 swapped, 0 not read"),
        md.out());
    assertEquals(1, md.exit(), md.err());
    Path report = pod.root.resolve("cabling.html");
    Files.writeString(report, cablingReport("html").out());
    Chromium.Run bringUp = Chromium.dumpDom(report, 1200, 900);
    assertEquals(List.of(), bringUp.console(), bringUp.stderr());
    assertEquals(
        4,
        occurrences(bringUp.dom(), "data-state=\"swapped\""),
        "each swapped link under its rail and its leaf");

    cabling.swap("gpu-001:eth0", "gpu-001:eth1");
    Cli after = audit();
    assertEquals(List.of(), ids(cablingFindings(after.out())), after.out());
    assertEquals(List.of("cabling-swap gpu-001"), history(after.out(), "fixed"), after.out());
  }

  @Test
  @Order(3)
  void anUplinkMovedToAnotherSpinePortIsExactlyThatWrongNeighbour() throws Exception {
    cabling.move("leaf-01:Ethernet256", "spine-01:Ethernet40");
    try {
      Cli night = audit();
      List<Map<String, Object>> found = cablingFindings(night.out());
      assertEquals(List.of("cabling-wrong-neighbour leaf-01 Ethernet256"), ids(found), night.out());
      assertEquals("spine-01:Ethernet0", found.get(0).get("expected"));
      assertEquals("spine-01:Ethernet40", found.get(0).get("actual"));
      assertTrue(
          String.valueOf(found.get(0).get("message"))
              .endsWith("move the cable at spine-01:Ethernet40 to spine-01:Ethernet0"),
          found.get(0).toString());
    } finally {
      cabling.move("leaf-01:Ethernet256", "spine-01:Ethernet0");
    }
  }

  @Test
  @Order(4)
  void aPulledCableIsAMissingNeighbour() throws Exception {
    cabling.link("gpu-016:eth1", false);
    try {
      Cli night = audit();
      List<Map<String, Object>> found = cablingFindings(night.out());
      assertEquals(List.of("cabling-missing leaf-04 Ethernet56"), ids(found), night.out());
      assertEquals("gpu-016:eth1", found.get(0).get("expected"));
    } finally {
      cabling.link("gpu-016:eth1", true);
    }
  }
}
