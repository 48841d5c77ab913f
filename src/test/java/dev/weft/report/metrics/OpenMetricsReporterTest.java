package dev.weft.report.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.audit.AuditReport;
import dev.weft.audit.Comparison;
import dev.weft.audit.Coverage;
import dev.weft.audit.Shard;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.health.CounterSnapshot;
import dev.weft.json.Json;
import dev.weft.platform.Counters;
import dev.weft.testing.Golden;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code --output openmetrics=FILE}: the series of a night with a drifted switch, a storming port
 * and an unreachable switch; the table in docs/audit.md is the one the code generates.
 */
class OpenMetricsReporterTest {

  static final CounterSnapshot BEFORE =
      new CounterSnapshot(
          1_796_090_400L,
          Map.of(
              "leaf-02",
              new Counters(Map.of("Ethernet0", Map.of("wd-storm:3", 0L, "pfc-rx:3", 1000L)))));
  static final CounterSnapshot TONIGHT =
      new CounterSnapshot(
          1_796_176_800L,
          Map.of(
              "leaf-02",
              new Counters(
                  Map.of(
                      "Ethernet0",
                      Map.of("wd-storm:3", 3L, "pfc-rx:3", 900L, "queue-tx:3", 50L)))));

  /**
   * A night: leaf-01 drifted (MTU), leaf-02 storming on Ethernet0 priority 3, spine-02 unreachable.
   */
  static AuditReport night() {
    Finding mtu =
        Finding.of(
                "drift-mtu", Severity.ERROR, "leaf-01 Ethernet8: MTU is 9100, the intent says 9216")
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
    List<String> all = List.of("leaf-01", "leaf-02", "spine-02");
    return new AuditReport(
        "0.1.0",
        "inventories/pod",
        new AuditReport.Meta(
            "2026-12-02T02:00:00Z", 1500, null, "all", Coverage.of("sha256:0123", Shard.ALL, all)),
        List.of(mtu, storm, down),
        List.of(
            new DeviceStatus("leaf-01", DeviceStatus.Status.DRIFT, null),
            DeviceStatus.ok("leaf-02"),
            new DeviceStatus("spine-02", DeviceStatus.Status.UNREACHABLE, "refused")),
        Map.of("leaf-01", "ok", "leaf-02", "alert"),
        TONIGHT,
        Comparison.FIRST_NIGHT,
        List.of());
  }

  @Test
  void theSeriesOfADriftedSwitchAStormingPortAndAnUnreachableSwitch() {
    String text = OpenMetricsReporter.write(night(), BEFORE);
    for (String line :
        List.of(
            "weft_audit_feature_drift{device=\"leaf-01\",feature=\"mtu\"} 1",
            "weft_audit_feature_drift{device=\"leaf-01\",feature=\"pfc\"} 0",
            "weft_audit_device_status{device=\"leaf-01\",status=\"drift\"} 1",
            "weft_audit_device_status{device=\"leaf-01\",status=\"ok\"} 0",
            "weft_audit_device_health{device=\"leaf-02\",health=\"alert\"} 1",
            "weft_audit_port_reading{device=\"leaf-02\",port=\"Ethernet0\",counter=\"wd-storm\",index=\"3\"} 3",
            "weft_audit_port_increase{device=\"leaf-02\",port=\"Ethernet0\",counter=\"wd-storm\",index=\"3\"} 3",
            "weft_audit_device_unreachable{device=\"spine-02\"} 1",
            "weft_audit_devices{status=\"unreachable\"} 1",
            "weft_audit_findings{device=\"leaf-02\",severity=\"error\"} 1",
            "weft_audit_coverage_complete 1",
            "weft_audit_duration_seconds 1.500",
            "weft_audit_started_timestamp_seconds 1796176800")) {
      assertTrue(text.contains("\n" + line + "\n"), line + " in:\n" + text);
    }
    assertTrue(
        !text.contains("feature_drift{device=\"spine-02\""),
        "a switch not read has no feature series");
    assertTrue(
        !text.contains("port_increase{device=\"leaf-02\",port=\"Ethernet0\",counter=\"pfc-rx\""),
        "a counter that went down starts a new baseline: no delta");
    assertTrue(
        !text.contains("counter=\"queue-tx\",index=\"3\"} 50\nweft_audit_port_increase")
            && !text.contains(
                "port_increase{device=\"leaf-02\",port=\"Ethernet0\",counter=\"queue-tx\""),
        "a counter the previous night did not have has no delta");
    assertTrue(text.endsWith("\n# EOF\n"), "OpenMetrics ends with # EOF");
    assertEquals(
        text, OpenMetricsReporter.write(night(), BEFORE), "byte-identical for identical input");
  }

  @Test
  void labelValuesAreEscaped() {
    AuditReport odd =
        new AuditReport(
            "0.1.0",
            "inventories/a \"b\"\\c",
            night().meta(),
            List.of(),
            List.of(DeviceStatus.ok("x\ny")),
            Map.of(),
            CounterSnapshot.EMPTY,
            Comparison.FIRST_NIGHT,
            List.of());
    String text = OpenMetricsReporter.write(odd, CounterSnapshot.EMPTY);
    assertTrue(text.contains("inventory=\"inventories/a \\\"b\\\"\\\\c\""), text);
    assertTrue(text.contains("device=\"x\\ny\""), text);
  }

  @Test
  void theMetricsTableInDocsIsTheGeneratedOne() throws Exception {
    String doc = Files.readString(Golden.projectDir().resolve("docs/audit.md"));
    String begin = "<!-- generated: OpenMetricsReporter.table() -->\n";
    int from = doc.indexOf(begin);
    int to = doc.indexOf("<!-- end generated -->", from);
    assertTrue(from >= 0 && to > from, "docs/audit.md has the generated metrics table");
    assertEquals(OpenMetricsReporter.table(), doc.substring(from + begin.length(), to));
  }

  @Test
  void theGrafanaDashboardAndTheAlertRulesAskOnlyForMetricsWeftWrites() throws Exception {
    List<String> names =
        OpenMetricsReporter.FAMILIES.stream().map(OpenMetricsReporter.Family::name).toList();
    for (String example : List.of("grafana-weft-audit.json", "prometheus-weft-alerts.yml")) {
      String text = Files.readString(Golden.projectDir().resolve("docs/examples").resolve(example));
      Matcher m = Pattern.compile("weft_audit_[a-z_]+").matcher(text);
      int used = 0;
      while (m.find()) {
        assertTrue(
            names.contains(m.group()),
            example + " asks for " + m.group() + ", which Weft does not write");
        used++;
      }
      assertTrue(used >= 5, example + " uses the metrics");
    }
    Json.parse(
        Files.readString(Golden.projectDir().resolve("docs/examples/grafana-weft-audit.json")));
  }
}
