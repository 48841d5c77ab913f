package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DiffMarkdownReporterTest {

  static DiffReport.DeviceChange device(String name, String diff) {
    return new DiffReport.DeviceChange(
        name, "changed", List.of(new DiffReport.FileChange(name + "/config_db.json", diff)), null);
  }

  static DiffReport report(List<DiffReport.DeviceChange> changes, boolean showExisting) {
    Finding f =
        Finding.of("mtu-switch-nic", Severity.ERROR, "leaf-01 Ethernet0 <b>MTU</b> | 1500")
            .at(new Location("inventories/pod/switches.yaml", 12, 7))
            .onDevice("leaf-01")
            .onPort("Ethernet0");
    Finding old =
        Finding.of("pfc-watchdog-disabled", Severity.WARNING, "leaf-02 has no watchdog")
            .onDevice("leaf-02");
    return new DiffReport(
        "0.1.0",
        "inventories/pod",
        "inventories/pod",
        "main (1234567)",
        "working tree",
        List.of(
            new DiffReport.Entry(
                f, DiffReport.NEW, new DiffReport.Introduced(null, null, "not committed yet")),
            new DiffReport.Entry(old, DiffReport.EXISTING, null)),
        changes,
        10,
        changes.size(),
        List.of(),
        showExisting,
        Map.of());
  }

  static String write(DiffReport r, int budget) throws Exception {
    StringWriter out = new StringWriter();
    new DiffMarkdownReporter(null, budget).write(r, out);
    return out.toString();
  }

  @Test
  void diffsBeyondTheBudgetAreCutWithANoteNamingTheDevicesLeftOut() throws Exception {
    String diff =
        "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-" + "a".repeat(300) + "\n+" + "b".repeat(300) + "\n";
    String md =
        write(
            report(
                List.of(device("leaf-01", diff), device("leaf-02", diff), device("leaf-03", diff)),
                false),
            1400);
    assertTrue(
        md.contains("<details><summary><code>leaf-01</code>: changed, 1 file</summary>"), md);
    assertTrue(md.contains("<details><summary><code>leaf-02</code>"), md);
    assertFalse(md.contains("<details><summary><code>leaf-03</code>"), md);
    assertTrue(
        md.contains(
            "> **Note:** the list was cut for size: 1 more device with config changes not shown (`leaf-03`)"),
        md);
  }

  @Test
  void aDiffHoldingBackticksGetsALongerFenceAndFindingTextIsEscaped() throws Exception {
    String md =
        write(
            report(
                List.of(device("leaf-01", "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-```\n+````\n")), false),
            50_000);
    assertTrue(md.contains("`````diff\n"), md);
    assertTrue(md.contains("leaf-01 Ethernet0 &lt;b&gt;MTU&lt;/b&gt; \\| 1500"), md);
    assertTrue(md.contains("1 existing finding not listed"), md);
    assertTrue(md.contains("| not committed yet |"), md);
  }

  @Test
  void existingFindingsAreListedOnlyWhenAskedAndNeverFail() throws Exception {
    String md = write(report(List.of(), true), 50_000);
    assertTrue(md.contains("### Existing findings"), md);
    assertEquals(1, DiffReporters.exitCode(report(List.of(), true), FailOn.ERROR));
    assertEquals(0, DiffReporters.exitCode(report(List.of(), true), FailOn.NEVER));
  }
}
