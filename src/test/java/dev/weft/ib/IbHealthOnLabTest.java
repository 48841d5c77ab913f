package dev.weft.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.audit.AuditReport;
import dev.weft.audit.AuditRun;
import dev.weft.audit.Comparison;
import dev.weft.audit.IbAudit;
import dev.weft.finding.Finding;
import dev.weft.health.CounterSnapshot;
import dev.weft.health.HealthRules;
import dev.weft.intent.IntentResult;
import dev.weft.live.IbProcessTools;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.render.OpenSmTestRenderer;
import dev.weft.report.metrics.OpenMetricsReporter;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.LabTest;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * InfiniBand health on the real OpenSM and ibsim: ib-pod-b's render brings the simulated fabric up;
 * the first audit sets the baseline, the second (nothing moved) is clean; then the simulator itself
 * raises two ports' error counters through its console ({@code PerformanceSet}, via {@code
 * scripts/ib-lab sim}) and the third audit reports each at its port, on its link's intent line,
 * naming its peer and the threshold, and the OpenMetrics output carries the rise.
 */
@LabTest(needs = {"/usr/sbin/opensm", "/usr/bin/ibsim", "/usr/sbin/perfquery"})
class IbHealthOnLabTest {

  private static final long DAY = 24 * 3600;

  @Test
  void aRaisedPortCounterIsAFindingAtItsPortLinkAndPeer(@TempDir Path tmp) throws Exception {
    Path root = OpenSmTestRenderer.projectDir();
    FabricModel model = read(root, root.resolve("inventories/ib-pod-b"));
    IbLab.Prepared files = IbLab.prepare(model, tmp.resolve("render"));
    try (IbLab lab = new IbLab(root, tmp.resolve("lab"))) {
      lab.up(files.net(), files.sms());
      IbProcessTools tools = new IbProcessTools(lab.execPrefix(), 60);
      long t0 = 1_800_000_000L;

      AuditRun.Outcome first = IbAudit.run(model, tools, CounterSnapshot.EMPTY, t0);
      assertEquals(List.of(), healthFindings(first), "the first night only sets the baseline");
      assertEquals("baseline", first.health().get("leaf-01"));
      assertEquals("baseline", first.health().get("gpu-003"));
      assertNotNull(first.counters().devices().get("leaf-01").get("6", "ib-symbol-errors", 0));

      AuditRun.Outcome clean = IbAudit.run(model, tools, first.counters(), t0 + DAY);
      assertEquals(List.of(), healthFindings(clean), "no error counter moved");
      assertEquals("ok", clean.health().get("leaf-01"));
      assertEquals("ok", clean.health().get("spine-01"));

      long symbols = clean.counters().devices().get("leaf-01").get("6", "ib-symbol-errors", 0);
      sim(lab, "PerformanceSet \"leaf-01\"[6] PortCounters.SymbolErrorCounter=" + (symbols + 25));
      long downed = clean.counters().devices().get("gpu-003").get("mlx5_0", "ib-link-downed", 0);
      sim(
          lab,
          "PerformanceSet \"gpu-003/mlx5_0\"[1] PortCounters.LinkDownedCounter=" + (downed + 2));

      AuditRun.Outcome raised = IbAudit.run(model, tools, clean.counters(), t0 + 2 * DAY);
      List<Finding> health = healthFindings(raised);
      assertEquals(2, health.size(), health.toString());

      Finding symbol = only(health, HealthRules.IB_SYMBOL_ERRORS);
      assertEquals("leaf-01", symbol.device());
      assertEquals("6", symbol.port());
      assertEquals(lineOf(model, "leaf-01:6"), symbol.location().line());
      assertTrue(symbol.location().file().endsWith("links.yaml"), symbol.location().toString());
      assertTrue(symbol.message().contains("(link to spine-01:1)"), symbol.message());
      assertTrue(symbol.message().contains("limit 10 (symbol-errors, default)"), symbol.message());
      assertEquals("25", symbol.actual());
      assertEquals("<= 10", symbol.expected());

      Finding link = only(health, HealthRules.IB_LINK_DOWNED);
      assertEquals("gpu-003", link.device());
      assertEquals("mlx5_0", link.port());
      assertEquals(lineOf(model, "gpu-003:mlx5_0"), link.location().line());
      assertTrue(link.message().contains("(link to leaf-01:3)"), link.message());
      assertEquals("2", link.actual());
      assertEquals("alert", raised.health().get("leaf-01"));
      assertEquals("alert", raised.health().get("gpu-003"));
      assertEquals("ok", raised.health().get("leaf-02"));

      String metrics = OpenMetricsReporter.write(report(raised), clean.counters());
      assertTrue(
          metrics
              .lines()
              .anyMatch(
                  l ->
                      l.contains("device=\"leaf-01\"")
                          && l.contains("port=\"6\"")
                          && l.contains("counter=\"ib-symbol-errors\"")
                          && l.startsWith("weft_audit_port_increase")
                          && l.endsWith(" 25")),
          "the rise is a delta series:\n" + metrics);
    }
  }

  private static void sim(IbLab lab, String command) {
    IbLab.Run r = lab.sim(command);
    assertEquals(0, r.exit(), "ibsim refused `" + command + "`: " + r.out() + r.err());
  }

  private static AuditReport report(AuditRun.Outcome o) {
    return new AuditReport(
        "test",
        "inventories/ib-pod-b",
        new AuditReport.Meta("2027-01-01T00:00:00Z", 1, null, "all"),
        o.findings(),
        o.devices(),
        o.health(),
        o.counters(),
        Comparison.FIRST_NIGHT,
        List.of());
  }

  private static List<Finding> healthFindings(AuditRun.Outcome o) {
    return o.findings().stream().filter(f -> f.rule().startsWith("health-")).toList();
  }

  private static Finding only(List<Finding> findings, String rule) {
    List<Finding> of = findings.stream().filter(f -> f.rule().equals(rule)).toList();
    assertEquals(1, of.size(), rule + " in " + findings);
    return of.get(0);
  }

  private static int lineOf(FabricModel model, String end) {
    Link l = model.index().linksByEnd().get(end);
    assertNotNull(l, end);
    return l.at().self().line();
  }

  private static FabricModel read(Path root, Path inventory) throws Exception {
    IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(root, inventory));
    assertNotNull(intent.model(), intent.findings().toString());
    return intent.model();
  }
}
