package dev.weft.report.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.audit.AuditReport;
import dev.weft.audit.Comparison;
import dev.weft.audit.ConfigDiff;
import dev.weft.audit.Night;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.health.CounterSnapshot;
import dev.weft.report.AuditJson;
import dev.weft.report.RuleInfo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DashboardTest {

  static AuditReport mixed() {
    Finding mtu =
        Finding.of(
                "drift-mtu",
                Severity.ERROR,
                "leaf-01 Ethernet8: MTU is 9100 <b>, the intent says 9216")
            .at(new Location("inventories/pod/fabric.yaml", 9, 5))
            .onDevice("leaf-01")
            .onPort("Ethernet8")
            .withPath("mtu")
            .withValues("9216", "9100");
    Finding storm =
        Finding.of("health-pfc-storm", Severity.ERROR, "storm")
            .onDevice("leaf-02")
            .onPort("Ethernet0")
            .withPath("wd-storm:3")
            .withValues("<= 0", "3");
    Finding down = Finding.of("device-unreachable", Severity.ERROR, "refused").onDevice("spine-02");
    return new AuditReport(
        "0.1.0",
        "inventories/pod",
        new AuditReport.Meta("2026-12-02T02:00:00Z", 1500, null, "all"),
        List.of(mtu, storm, down),
        List.of(
            new DeviceStatus("leaf-01", DeviceStatus.Status.DRIFT, null),
            DeviceStatus.ok("leaf-02"),
            new DeviceStatus("spine-02", DeviceStatus.Status.UNREACHABLE, "refused")),
        Map.of("leaf-01", "ok", "leaf-02", "alert"),
        CounterSnapshot.EMPTY,
        Comparison.FIRST_NIGHT,
        List.of(
            new Night.TrendPoint("2026-12-01T02:00:00Z", 3, 0, 0, 0, 0, 0),
            new Night.TrendPoint("2026-12-02T02:00:00Z", 1, 1, 0, 1, 0, 3)),
        Map.of("leaf-01", DIFF));
  }

  static final ConfigDiff DIFF =
      new ConfigDiff(
          "config_db.json",
          "table PORT",
          """
            --- a/intent/config_db.json
            +++ b/leaf-01/config_db.json
            @@ -3,3 +3,3 @@
                     "Ethernet8": {
            -            "mtu": "9216",
            +            "mtu": "9100",
            <script>alert(1)</script>
            """,
          "left out: 1 entry of the running config that the intent does not render");

  @Test
  void theDriftedDeviceShowsItsConfigDiffCollapsedAndNoOtherDeviceHasOne() {
    String html = Dashboard.html(mixed(), Map.of(), Map.of());
    assertEquals(1, html.split("<details class=\"diff\"", -1).length - 1, "one diff: " + html);
    assertTrue(
        html.contains(
            "<details class=\"diff\" data-diff=\"leaf-01\"><summary>config diff <code>config_db.json</code>"
                + " · table PORT"),
        "collapsed, naming the file and what it covers");
    assertTrue(
        html.contains(
            "<span class=\"d-del\">-            &quot;mtu&quot;: &quot;9216&quot;,</span>\n"
                + "<span class=\"d-add\">+            &quot;mtu&quot;: &quot;9100&quot;,</span>"),
        html);
    assertTrue(
        html.contains("&lt;script&gt;") && !html.contains("<script>"), "the diff is escaped");
    assertTrue(
        html.contains("<p class=\"note\">left out: 1 entry of the running config"),
        "what was left out is said");
    int leaf01 = html.indexOf("id=\"device-leaf-01\"");
    int leaf02 = html.indexOf("id=\"device-leaf-02\"");
    int diff = html.indexOf("data-diff=\"leaf-01\"");
    assertTrue(leaf01 < diff && diff < leaf02, "the diff is in leaf-01's section");
  }

  @Test
  void thePageShowsAtMostItsBudgetOfDiffsAndNamesEachOneLeftOut() {
    String big =
        "-x\n+y\n".repeat(Dashboard.MAX_PAGE_DIFF_CHARS / 8); // three quarters of the budget
    Map<String, ConfigDiff> diffs = new java.util.TreeMap<>();
    List<DeviceStatus> devices = new java.util.ArrayList<>();
    for (String d : List.of("leaf-01", "leaf-02", "leaf-03")) {
      diffs.put(d, new ConfigDiff("config_db.json", "table PORT", big, null));
      devices.add(new DeviceStatus(d, DeviceStatus.Status.DRIFT, null));
    }
    AuditReport a =
        new AuditReport(
            "0.1.0",
            "inventories/pod",
            mixed().meta(),
            List.of(),
            devices,
            Map.of(),
            CounterSnapshot.EMPTY,
            Comparison.FIRST_NIGHT,
            List.of(),
            diffs);
    String html = Dashboard.html(a, Map.of(), Map.of());
    assertEquals(
        1, html.split("<pre class=\"diff\">", -1).length - 1, "one diff fits the page budget");
    assertEquals(
        2,
        html.split("data-left-out=\"page-budget\"", -1).length - 1,
        "the two after it are named as left out");
  }

  @Test
  void shardReportsMergedCarryEveryDevicesDiffAsOneRunnerWrites() {
    AuditReport one = mixed();
    List<Finding> leaf01 =
        one.findings().stream().filter(f -> "leaf-01".equals(f.device())).toList();
    List<Finding> others =
        one.findings().stream().filter(f -> !"leaf-01".equals(f.device())).toList();
    AuditReport a =
        new AuditReport(
            one.version(),
            one.inventory(),
            one.meta(),
            leaf01,
            one.devices().subList(0, 1),
            Map.of("leaf-01", "ok"),
            CounterSnapshot.EMPTY,
            Comparison.FIRST_NIGHT,
            List.of(),
            one.diffs());
    AuditReport b =
        new AuditReport(
            one.version(),
            one.inventory(),
            one.meta(),
            others,
            one.devices().subList(1, 3),
            Map.of("leaf-02", "alert"),
            CounterSnapshot.EMPTY,
            Comparison.FIRST_NIGHT,
            List.of());
    AuditReport merged =
        AuditReport.merge(
            List.of(
                AuditJson.read(AuditJson.write(a), "shard-1.json"),
                AuditJson.read(AuditJson.write(b), "shard-2.json")));
    assertEquals(one.diffs(), merged.diffs());
    AuditReport single =
        new AuditReport(
            one.version(),
            one.inventory(),
            merged.meta(),
            one.findings(),
            one.devices(),
            one.health(),
            CounterSnapshot.EMPTY,
            Comparison.FIRST_NIGHT,
            List.of(),
            one.diffs());
    assertEquals(AuditJson.write(single), AuditJson.write(merged));
  }

  @Test
  void thePageIsSelfContainedEscapedAndDeterministic() {
    Map<String, RuleInfo> rules =
        Map.of("drift-mtu", new RuleInfo("drift-mtu", "MTU differs", "why", "fix", null));
    Map<String, String> lines = Map.of("inventories/pod/fabric.yaml:9", "    switch: 9216");
    String html = Dashboard.html(mixed(), rules, lines);
    assertEquals(html, Dashboard.html(mixed(), rules, lines));
    assertFalse(html.contains("<script"), "no script");
    assertFalse(html.matches("(?s).*(src|href)=\"(https?:)?//.*"), "no fetch of anything");
    assertTrue(html.contains("default-src 'none'"));
    assertTrue(html.contains("9100 &lt;b&gt;"), "messages are escaped");
    assertTrue(html.contains("<pre>switch: 9216</pre>"), "the owning intent line is shown");
    assertTrue(
        html.contains("data-status=\"drift\">1<")
            && html.contains("data-status=\"unreachable\">1<"));
    assertTrue(html.contains("<td class=\"cell st-drift\" data-feature=\"mtu\">"));
    assertTrue(html.contains("<td class=\"cell st-alert\" data-feature=\"health\">"));
    assertTrue(html.contains("<td class=\"cell st-unreachable\" data-feature=\"pfc\">"));
    assertTrue(html.contains("<svg class=\"trend\""));
  }

  @Test
  void theJsonReportReadsBackAsWritten() {
    AuditReport a = mixed();
    AuditReport back = AuditJson.read(AuditJson.write(a), "audit.json");
    assertEquals(a.findings(), back.findings());
    assertEquals(a.devices(), back.devices());
    assertEquals(a.health(), back.health());
    assertEquals(a.diffs(), back.diffs());
    assertEquals(AuditJson.write(a), AuditJson.write(back.withHistory(a.comparison(), a.trend())));
  }
}
