package dev.weft.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.git.GitHistory;
import dev.weft.json.Json;
import dev.weft.render.Examples;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code weft diff} end to end on real Git histories built with JGit (no mocks, no checkout). */
class DiffCommandTest {

  static final String LEAVES = GitHistory.INVENTORY + "/switches/leaves.yaml";
  static final String PORT = "- { name: Ethernet0, profile: host-400g }";

  /**
   * leaf-01 Ethernet0 (the first Ethernet0 in the file) gets an MTU below the NIC's:
   * mtu-switch-nic.
   */
  static final String PORT_MTU_1500 = "- { name: Ethernet0, profile: host-400g, mtu: 1500 }";

  @TempDir Path tmp;
  GitHistory repo;

  @BeforeEach
  void setUp() throws Exception {
    repo = GitHistory.withExampleInventory(tmp.resolve("fabric"));
  }

  @AfterEach
  void tearDown() {
    repo.close();
  }

  static String firstOnly(String text, String from, String to) {
    int i = text.indexOf(from);
    return text.substring(0, i) + to + text.substring(i + from.length());
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> json(GitHistory.Run run) throws Exception {
    return (Map<String, Object>) Json.parse(run.out());
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> findings(Map<String, Object> report) {
    return (List<Map<String, Object>>) report.get("findings");
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> summary(Map<String, Object> report) {
    return (Map<String, Object>) report.get("summary");
  }

  @SuppressWarnings("unchecked")
  static Set<String> changedDevices(Map<String, Object> report) {
    Set<String> names = new TreeSet<>();
    for (Object c : (List<Object>) report.get("changes")) {
      names.add((String) ((Map<String, Object>) c).get("device"));
    }
    return names;
  }

  static long number(Object n) {
    return ((Number) n).longValue();
  }

  GitHistory.Run diff(String... extra) {
    String[] args = new String[extra.length + 4];
    args[0] = "diff";
    System.arraycopy(extra, 0, args, 1, extra.length);
    args[extra.length + 1] = repo.path(GitHistory.INVENTORY);
    args[extra.length + 2] = "--format";
    args[extra.length + 3] = "json";
    return repo.weft(args);
  }

  @Test
  void aChangeThatIntroducesAViolationFailsWithExactlyThatNewFinding() throws Exception {
    String head =
        repo.edit(LEAVES, t -> firstOnly(t, PORT, PORT_MTU_1500))
            .commit("Lower leaf-01 Ethernet0 MTU", "Grace Hopper");

    GitHistory.Run run = diff("--base", "HEAD~1", "--head", "HEAD");

    assertEquals(1, run.exit(), run.err());
    Map<String, Object> report = json(run);
    List<Map<String, Object>> found = findings(report);
    assertEquals(1, found.size(), run.out());
    Map<String, Object> f = found.get(0);
    assertEquals("new", f.get("status"));
    assertEquals("mtu-switch-nic", f.get("rule"));
    assertEquals("leaf-01", f.get("device"));
    assertEquals("Ethernet0", f.get("port"));
    assertEquals(LEAVES, f.get("file"));
    assertEquals(firstLineHolding(PORT), number(f.get("line")), "the edited port's own line");
    @SuppressWarnings("unchecked")
    Map<String, Object> by = (Map<String, Object>) f.get("introducedBy");
    assertEquals(head, by.get("commit"));
    assertEquals("Grace Hopper", by.get("author"));
    assertEquals("Lower leaf-01 Ethernet0 MTU", by.get("summary"));
    assertEquals(Set.of("leaf-01"), changedDevices(report));
    assertEquals(
        1L,
        number(summary(report).get("devicesRendered")),
        "only the one touched device is re-rendered");
    assertTrue(
        run.out().contains("-            \\\"mtu\\\": \\\"9216\\\"")
            || run.out().contains("\"mtu\\\": \\\"1500\\\""),
        "the config diff shows the MTU line: " + run.out());
  }

  @Test
  void aPureReformatProducesNoNewFindingAndNoConfigDiff() throws Exception {
    // Base already has a finding, so the test proves it keeps its identity through the reformat.
    repo.edit(LEAVES, t -> firstOnly(t, PORT, PORT_MTU_1500))
        .commit("Known problem", "Ada Lovelace");
    // Reformat: reorder keys inside the port, swap leaf-01 and leaf-02 in the list, move the file.
    repo.edit(
            LEAVES,
            t ->
                firstOnly(t, PORT_MTU_1500, "- { mtu: 1500, profile: host-400g, name: Ethernet0 }"))
        .edit(LEAVES, DiffCommandTest::swapFirstTwoSwitches)
        .move(LEAVES, GitHistory.INVENTORY + "/switches/leaf/all-leaves.yaml")
        .commit("Reformat leaves", "Grace Hopper");

    GitHistory.Run run = diff("--base", "HEAD~1", "--head", "HEAD", "--show-existing");

    assertEquals(0, run.exit(), run.out() + run.err());
    Map<String, Object> report = json(run);
    Map<String, Object> s = summary(report);
    assertEquals(0L, number(s.get("new")), run.out());
    assertEquals(0L, number(s.get("fixed")), run.out());
    assertEquals(1L, number(s.get("existing")), run.out());
    assertEquals(Set.of(), changedDevices(report));
    assertEquals(
        0L,
        number(s.get("devicesRendered")),
        "nothing whose compiled view is unchanged is rendered");
    assertEquals("existing", findings(report).get(0).get("status"));
    assertEquals(
        GitHistory.INVENTORY + "/switches/leaf/all-leaves.yaml",
        findings(report).get(0).get("file"));
  }

  /** Moves the second switch block above the first: a list reorder that means nothing. */
  static String swapFirstTwoSwitches(String text) {
    int first = text.indexOf("  - name: leaf-01");
    int second = text.indexOf("  - name: leaf-02");
    int third = text.indexOf("  - name: leaf-03");
    return text.substring(0, first)
        + text.substring(second, third)
        + text.substring(first, second)
        + text.substring(third);
  }

  @Test
  void aChangeThatFixesAFindingReportsItFixed() throws Exception {
    repo.edit(LEAVES, t -> firstOnly(t, PORT, PORT_MTU_1500))
        .commit("Known problem", "Ada Lovelace");
    repo.edit(LEAVES, t -> t.replace(PORT_MTU_1500, PORT))
        .commit("Fix leaf-01 MTU", "Grace Hopper");

    GitHistory.Run run = diff("--base", "HEAD~1", "--head", "HEAD");

    assertEquals(0, run.exit(), run.err());
    Map<String, Object> report = json(run);
    List<Map<String, Object>> found = findings(report);
    assertEquals(1, found.size(), run.out());
    assertEquals("fixed", found.get(0).get("status"));
    assertEquals("mtu-switch-nic", found.get(0).get("rule"));
    assertEquals(Set.of("leaf-01"), changedDevices(report));
  }

  @Test
  void aProfileChangeListsEveryDeviceItReaches() throws Exception {
    // fabric-400g is on every spine port and on every leaf uplink: all six switches, no host.
    repo.edit(
            GitHistory.INVENTORY + "/profiles.yaml",
            t -> t.replace("fabric-400g: { speed: 400G,", "fabric-400g: { speed: 400G, mtu: 9100,"))
        .commit("Uplink MTU 9100", "Grace Hopper");

    GitHistory.Run run = diff("--base", "HEAD~1", "--head", "HEAD");

    Map<String, Object> report = json(run);
    assertEquals(
        Set.of("leaf-01", "leaf-02", "leaf-03", "leaf-04", "spine-01", "spine-02"),
        changedDevices(report),
        run.out());
    assertEquals(6L, number(summary(report).get("devicesRendered")));
    assertEquals(22L, number(summary(report).get("devicesCompared")));
  }

  @Test
  void theWorkingTreeIsTheDefaultHeadAndUncommittedLinesSaySo() throws Exception {
    repo.edit(LEAVES, t -> firstOnly(t, PORT, PORT_MTU_1500));

    GitHistory.Run run = diff("--base", "main");

    assertEquals(1, run.exit(), run.err());
    Map<String, Object> f = findings(json(run)).get(0);
    assertEquals("new", f.get("status"));
    @SuppressWarnings("unchecked")
    Map<String, Object> by = (Map<String, Object>) f.get("introducedBy");
    assertNull(by.get("commit"));
    assertEquals("not committed yet", by.get("summary"));
    assertEquals("working tree", json(run).get("head"));
  }

  @Test
  void aBaseRefThatIsNotFetchedIsAUsageErrorThatSaysHowToFetchIt() {
    GitHistory.Run run = diff("--base", "origin/main");

    assertEquals(2, run.exit());
    assertTrue(run.err().contains("ref 'origin/main' not found"), run.err());
    assertTrue(run.err().contains("git fetch origin main"), run.err());
    assertEquals(1, run.err().strip().lines().count(), "one line, no stack trace: " + run.err());
  }

  @Test
  void aHeadWithYamlThatDoesNotParseIsAFindingNotACrash() throws Exception {
    repo.edit(LEAVES, t -> t.replace("    role: leaf\n", "    role: [leaf\n"))
        .commit("Broken", "Grace Hopper");

    GitHistory.Run run = diff("--base", "HEAD~1", "--head", "HEAD");

    assertEquals(1, run.exit(), run.err());
    Map<String, Object> report = json(run);
    List<Map<String, Object>> found = findings(report);
    assertFalse(found.isEmpty());
    assertTrue(found.stream().allMatch(f -> "new".equals(f.get("status"))));
    assertTrue(
        found.stream()
            .anyMatch(f -> "yaml-syntax".equals(f.get("rule")) && LEAVES.equals(f.get("file"))),
        run.out());
    assertEquals(0L, number(summary(report).get("fixed")));
    assertTrue(
        report.get("notes").toString().contains("head does not load"),
        report.get("notes").toString());
  }

  @Test
  void aRenamedInventoryFolderIsFollowedSoNothingLooksNew() throws Exception {
    repo.edit(LEAVES, t -> firstOnly(t, PORT, PORT_MTU_1500))
        .commit("Known problem", "Ada Lovelace");
    repo.move(GitHistory.INVENTORY, "inventories/pod-a")
        .commit("Rename the pod folder", "Grace Hopper");

    GitHistory.Run run =
        repo.weft(
            "diff",
            "--base",
            "HEAD~1",
            "--head",
            "HEAD",
            repo.path("inventories/pod-a"),
            "--format",
            "json");

    assertEquals(0, run.exit(), run.out() + run.err());
    Map<String, Object> report = json(run);
    assertEquals(GitHistory.INVENTORY, report.get("baseInventory"));
    assertEquals("inventories/pod-a", report.get("inventory"));
    assertEquals(0L, number(summary(report).get("new")), run.out());
    assertEquals(1L, number(summary(report).get("existing")), run.out());
    assertEquals(Set.of(), changedDevices(report));
  }

  @Test
  void aPullRequestThatDeletesADeviceShowsItRemovedAndItsFindingFixed() throws Exception {
    repo.edit(LEAVES, t -> firstOnly(t, PORT, PORT_MTU_1500))
        .commit("Known problem on gpu-001's port", "Ada Lovelace");
    // Decommission gpu-001: its host entry and its two links go; leaf-01/leaf-02 ports lose their
    // description.
    repo.edit(
            GitHistory.INVENTORY + "/hosts.yaml",
            t -> {
              int start = t.indexOf("  - name: gpu-001");
              int end = t.indexOf("  - name: gpu-002");
              return t.substring(0, start) + t.substring(end);
            })
        .edit(
            GitHistory.INVENTORY + "/links/su-1.yaml",
            t ->
                t.replace("  - { a: leaf-01:Ethernet0, b: gpu-001:eth0, cable-length: 3m }\n", "")
                    .replace(
                        "  - { a: leaf-02:Ethernet0, b: gpu-001:eth1, cable-length: 3m }\n", ""))
        .commit("Decommission gpu-001", "Grace Hopper");

    GitHistory.Run run = diff("--base", "HEAD~1", "--head", "HEAD");

    assertTrue(run.exit() == 0 || run.exit() == 1, run.err());
    Map<String, Object> report = json(run);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> changes = (List<Map<String, Object>>) report.get("changes");
    Map<String, Object> gone =
        changes.stream().filter(c -> "gpu-001".equals(c.get("device"))).findFirst().orElse(null);
    assertNotNull(gone, run.out());
    assertEquals("removed", gone.get("change"));
    // leaf-01 Ethernet0 lost its link: the port is rendered lossy (no PFC priority group, no
    // headroom) and the rest of leaf-01 still renders, so the change shows that file's diff and the
    // port-unlinked warning is new (issue 33 item 5: an uncabled port never blocks its switch).
    Map<String, Object> leaf =
        changes.stream().filter(c -> "leaf-01".equals(c.get("device"))).findFirst().orElseThrow();
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> files = (List<Map<String, Object>>) leaf.get("files");
    String configDb =
        files.stream()
            .filter(f -> "leaf-01/config_db.json".equals(f.get("file")))
            .map(f -> String.valueOf(f.get("diff")))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no config_db.json diff: " + leaf));
    assertTrue(configDb.contains("-        \"Ethernet0|3\": {"), configDb);
    assertTrue(
        findings(report).stream()
            .anyMatch(
                f ->
                    "new".equals(f.get("status"))
                        && "port-unlinked".equals(f.get("rule"))
                        && "leaf-01".equals(f.get("device"))),
        run.out());
    assertTrue(
        findings(report).stream()
            .noneMatch(
                f -> "render-error".equals(f.get("rule")) && "leaf-01".equals(f.get("device"))),
        run.out());
    assertTrue(
        findings(report).stream()
            .anyMatch(
                f -> "fixed".equals(f.get("status")) && "mtu-switch-nic".equals(f.get("rule"))),
        run.out());
  }

  @Test
  void aTemplateChangeInTheRepositoryReRendersEveryDeviceOfThatPlatform() throws Exception {
    java.nio.file.Path src = GitHistory.projectDir().resolve("templates/connectx");
    for (String name : List.of("manifest.properties", "nccl.env.j2", "roce-qos.sh.j2")) {
      repo.write(
          "fabric-templates/connectx/" + name, java.nio.file.Files.readString(src.resolve(name)));
    }
    repo.commit("Our own ConnectX templates", "Ada Lovelace");
    repo.edit("fabric-templates/connectx/nccl.env.j2", t -> t + "# reviewed by the fabric team\n")
        .commit("Mark NCCL env reviewed", "Grace Hopper");

    GitHistory.Run run =
        diff("--base", "HEAD~1", "--head", "HEAD", "--templates", repo.path("fabric-templates"));

    assertEquals(0, run.exit(), run.err());
    Map<String, Object> report = json(run);
    Set<String> hosts = new TreeSet<>();
    for (int i = 1; i <= 16; i++) {
      hosts.add(String.format("gpu-%03d", i));
    }
    assertEquals(hosts, changedDevices(report), run.out());
    assertEquals(
        16L,
        number(summary(report).get("devicesRendered")),
        "switches use other templates and are not rendered");
    assertTrue(run.out().contains("+# reviewed by the fabric team"), run.out());
  }

  static final String FABRIC_PLAN = GitHistory.INVENTORY + "/fabric.yaml";

  // weft diff shares what the two sides have in common (one pipeline: each unchanged file parsed
  // and
  // schema-checked once, the rule catalogue loaded once, blame computed only for new findings'
  // lines). Its
  // report must be the one of the plain path, WEFT_FAST=off: a pipeline per side, nothing shared.

  /** The report in each format with the fast paths off (nothing shared) and on (shared reads). */
  private void assertSameAsPlainPath(String... range) {
    for (String format : new String[] {"json", "text", "markdown"}) {
      String[] args = new String[range.length + 4];
      args[0] = "diff";
      System.arraycopy(range, 0, args, 1, range.length);
      args[range.length + 1] = repo.path(GitHistory.INVENTORY);
      args[range.length + 2] = "--format";
      args[range.length + 3] = format;
      GitHistory.Run plain = withFastMode("off", args);
      GitHistory.Run shared = withFastMode("on", args);
      assertEquals(
          1,
          plain.exit(),
          "the change adds a finding, so the check fails: " + plain.err() + plain.out());
      assertEquals(plain.exit(), shared.exit(), shared.err());
      assertEquals(
          withoutClock(plain.out()),
          withoutClock(shared.out()),
          format + " report differs from the plain path");
      assertEquals(plain.err(), shared.err());
    }
  }

  /**
   * The report's run block names when it started and how long it took: the two runs differ only
   * there.
   */
  private static String withoutClock(String report) {
    return report
        .replaceAll("\"started\": \"[^\"]*\"", "\"started\": -")
        .replaceAll("\"duration_ms\": \\d+", "\"duration_ms\": -")
        .replaceAll("\\d+ ms\\b", "- ms");
  }

  private GitHistory.Run withFastMode(String mode, String... args) {
    return dev.weft.testing.WithFastMode.run(mode, () -> repo.weft(args));
  }

  @Test
  void aOnePortChangeReportsWhatThePlainPathReports() throws Exception {
    repo.edit(LEAVES, t -> firstOnly(t, PORT, PORT_MTU_1500))
        .commit("Lower leaf-01 Ethernet0 MTU", "Grace Hopper");

    assertSameAsPlainPath("--base", "HEAD~1", "--head", "HEAD");
    GitHistory.Run run =
        withFastMode(
            "on", "diff", "--base", "HEAD~1", "--head", "HEAD", repo.path(GitHistory.INVENTORY));
    assertTrue(
        run.out().contains("Grace Hopper"), "the new finding's line is blamed: " + run.out());
  }

  @Test
  void aFabricPlanChangeReportsWhatThePlainPathReports() throws Exception {
    // Every device's plan changes (the NIC MTU drops below the RoCE path MTU's need), on top of an
    // older commit.
    repo.edit(LEAVES, t -> firstOnly(t, PORT, PORT_MTU_1500))
        .commit("Lower leaf-01 Ethernet0 MTU", "Grace Hopper");
    repo.edit(FABRIC_PLAN, t -> t.replace("nic: 4200", "nic: 4100"))
        .commit("NIC MTU 4100", "Ada Lovelace");

    assertSameAsPlainPath("--base", "HEAD~2", "--head", "HEAD");
  }

  @Test
  void theWorkingTreeAsHeadReportsWhatThePlainPathReports() throws Exception {
    repo.edit(FABRIC_PLAN, t -> t.replace("nic: 4200", "nic: 4100"));

    assertSameAsPlainPath("--base", "HEAD");
  }

  /** The 1-based line of the example's leaves file that first holds {@code text}. */
  private static long firstLineHolding(String text) throws IOException {
    List<String> lines =
        Files.readAllLines(Examples.projectRoot().resolve(LEAVES), StandardCharsets.UTF_8);
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return i + 1;
      }
    }
    throw new AssertionError(LEAVES + " holds no " + text);
  }
}
