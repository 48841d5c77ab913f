package dev.weft.report.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.audit.AuditReport;
import dev.weft.audit.Comparison;
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
        Finding mtu = Finding.of("drift-mtu", Severity.ERROR, "leaf-01 Ethernet8: MTU is 9100 <b>, the intent says 9216")
                .at(new Location("inventories/pod/fabric.yaml", 9, 5)).onDevice("leaf-01").onPort("Ethernet8")
                .withPath("mtu").withValues("9216", "9100");
        Finding storm = Finding.of("health-pfc-storm", Severity.ERROR, "storm").onDevice("leaf-02").onPort("Ethernet0")
                .withPath("wd-storm:3").withValues("<= 0", "3");
        Finding down = Finding.of("device-unreachable", Severity.ERROR, "refused").onDevice("spine-02");
        return new AuditReport("0.1.0", "inventories/pod", new AuditReport.Meta("2026-12-02T02:00:00Z", 1500, null, "all"),
                List.of(mtu, storm, down), List.of(new DeviceStatus("leaf-01", DeviceStatus.Status.DRIFT, null),
                        DeviceStatus.ok("leaf-02"), new DeviceStatus("spine-02", DeviceStatus.Status.UNREACHABLE, "refused")),
                Map.of("leaf-01", "ok", "leaf-02", "alert"), CounterSnapshot.EMPTY, Comparison.FIRST_NIGHT,
                List.of(new Night.TrendPoint("2026-12-01T02:00:00Z", 3, 0, 0, 0, 0, 0),
                        new Night.TrendPoint("2026-12-02T02:00:00Z", 1, 1, 0, 1, 0, 3)));
    }

    @Test
    void thePageIsSelfContainedEscapedAndDeterministic() {
        Map<String, RuleInfo> rules = Map.of("drift-mtu", new RuleInfo("drift-mtu", "MTU differs", "why", "fix", null));
        Map<String, String> lines = Map.of("inventories/pod/fabric.yaml:9", "    switch: 9216");
        String html = Dashboard.html(mixed(), rules, lines);
        assertEquals(html, Dashboard.html(mixed(), rules, lines));
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.matches("(?s).*(src|href)=\"(https?:)?//.*"), "no fetch of anything");
        assertTrue(html.contains("default-src 'none'"));
        assertTrue(html.contains("9100 &lt;b&gt;"), "messages are escaped");
        assertTrue(html.contains("<pre>switch: 9216</pre>"), "the owning intent line is shown");
        assertTrue(html.contains("data-status=\"drift\">1<") && html.contains("data-status=\"unreachable\">1<"));
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
        assertEquals(AuditJson.write(a), AuditJson.write(back.withHistory(a.comparison(), a.trend())));
    }
}
