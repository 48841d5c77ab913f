package dev.weft.remediate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.Remediation;
import dev.weft.platform.openconfig.OpenConfigPack;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Drift findings → parts → plan, the in-sync rule after an edit, and drift reports as input. */
class PlannerTest {

  private static final CompiledFabric FABRIC = Examples.compile("roce-pod-c");
  private static final Remediation OC = new OpenConfigPack().remediation().orElseThrow();
  private static final Location AT =
      new Location("inventories/roce-pod-c/switches/leaves.yaml", 31, 9);

  private static Finding drift(String rule, String port) {
    return Finding.of(
            rule, Severity.ERROR, "oc-leaf-1" + (port == null ? "" : " " + port) + ": differs")
        .at(AT)
        .onDevice("oc-leaf-1")
        .onPort(port)
        .withPath("/x")
        .withValues("a", "b");
  }

  private static DevicePlan plan(List<Finding> findings) throws Exception {
    CompiledSwitch sw = (CompiledSwitch) FABRIC.device("oc-leaf-1").orElseThrow();
    String rendered =
        new Renderer(TemplateFolders.builtIn())
            .renderDevice(sw, FABRIC.fabric())
            .text("config.xml");
    return Planner.plan(sw, rendered, OC, findings);
  }

  @Test
  void findingsBecomePartsWithTheirIntentLinesAndTheEditSendsThem() throws Exception {
    Finding mtu = drift("drift-mtu", "Ethernet8");
    Finding sched = drift("drift-scheduler", null);
    Finding notDrift = Finding.of("not-audited", Severity.INFO, "hash").onDevice("oc-leaf-1");
    DevicePlan plan = plan(List.of(mtu, sched, notDrift));
    assertEquals(
        List.of(
            DriftedPart.switchWide(Feature.SCHEDULER), new DriftedPart(Feature.MTU, "Ethernet8")),
        plan.parts().stream().map(DevicePlan.Part::part).toList());
    assertEquals(List.of(mtu), plan.parts().get(1).findings());
    assertEquals(
        List.of("merge /interfaces/interface[Ethernet8]/config/mtu"),
        plan.parts().get(1).steps().stream()
            .map(s -> s.operation().word() + " " + s.path())
            .toList());
    assertTrue(plan.sendsSomething());
    assertEquals(plan.sentParts(), plan.parts().stream().map(DevicePlan.Part::part).toList());
  }

  @Test
  void aMissingPortIsNotSentAndSaysWhy() throws Exception {
    DevicePlan plan = plan(List.of(drift("drift-port", "Ethernet99"), drift("drift-hash", null)));
    assertFalse(plan.sendsSomething());
    assertEquals(1, plan.unplaceable().size());
    assertEquals(
        "OpenConfig has no ECMP hash-field configuration", plan.parts().get(0).notRemediable());
    List<Finding> notes = Results.notRemediable(target(), plan);
    assertEquals(2, notes.size(), notes.toString());
    notes.forEach(n -> assertEquals(RemediateRules.NOT_REMEDIABLE, n.rule()));
  }

  @Test
  void noDriftNoPlan() throws Exception {
    DevicePlan plan = plan(List.of());
    assertFalse(plan.sendsSomething());
    assertTrue(plan.parts().isEmpty());
  }

  @Test
  void afterTheEditAPlannedPartStillDifferingOrANewDifferenceStopsTheConfirmation() {
    Finding mtuBefore = drift("drift-mtu", "Ethernet8");
    Finding portBefore = drift("drift-port", "Ethernet99");
    List<DriftedPart> sent = List.of(new DriftedPart(Feature.MTU, "Ethernet8"));
    // the drift Weft did not send for may stay
    assertEquals(
        List.of(), DeviceRun.remaining(List.of(portBefore), List.of(mtuBefore, portBefore), sent));
    // a sent part that still differs stops it
    assertEquals(
        List.of(mtuBefore),
        DeviceRun.remaining(List.of(mtuBefore, portBefore), List.of(mtuBefore, portBefore), sent));
    // so does a difference the edit made
    Finding made = drift("drift-ecn", "Ethernet0");
    assertEquals(List.of(made), DeviceRun.remaining(List.of(made), List.of(mtuBefore), sent));
    // a switch-wide part covers the feature on every port
    Finding pfcPort = drift("drift-pfc", "Ethernet0");
    assertEquals(
        List.of(pfcPort),
        DeviceRun.remaining(
            List.of(pfcPort), List.of(pfcPort), List.of(DriftedPart.switchWide(Feature.PFC))));
  }

  @Test
  void remediateStatusesAreWordsWithHyphens() {
    assertEquals("rolled-back", DeviceStatus.Status.ROLLED_BACK.label());
    assertEquals("remediated", DeviceStatus.Status.REMEDIATED.label());
    assertEquals("locked", DeviceStatus.Status.LOCKED.label());
  }

  private static dev.weft.live.LiveTarget target() {
    CompiledSwitch sw = (CompiledSwitch) FABRIC.device("oc-leaf-1").orElseThrow();
    return new dev.weft.live.LiveTarget(sw, null, null, "test");
  }

  @Test
  void aDriftReportIsReadWithItsIntentLinesAndWaivedDriftIsLeftAlone() throws Exception {
    String json =
        """
                {"tool": "weft", "version": "0.1.0", "command": "drift", "inventory": "inventories/roce-pod-c",
                 "findings": [
                  {"rule": "drift-mtu", "severity": "error", "message": "oc-leaf-2 Ethernet8: MTU is 1500", "file": "inventories/roce-pod-c/switches/leaves.yaml",
                   "line": 41, "column": 9, "device": "oc-leaf-2", "port": "Ethernet8", "path": "/interfaces/interface[Ethernet8]/config/mtu",
                   "expected": "9214", "actual": "1500", "waived": false},
                  {"rule": "drift-pfc", "severity": "error", "message": "waived", "file": null, "line": null, "column": null,
                   "device": "oc-leaf-2", "port": "Ethernet0", "path": null, "expected": null, "actual": null, "waived": true},
                  {"rule": "device-unreachable", "severity": "error", "message": "down", "file": null, "line": null, "column": null,
                   "device": "oc-leaf-1", "port": null, "path": null, "expected": null, "actual": null, "waived": false}],
                 "devices": [], "summary": {}}
                """;
    ReportInput r = ReportInput.parse(json, "drift.json");
    assertEquals("inventories/roce-pod-c", r.inventory());
    assertEquals(List.of("oc-leaf-2"), List.copyOf(r.drift().keySet()));
    Finding f = r.drift().get("oc-leaf-2").get(0);
    assertEquals(new Location("inventories/roce-pod-c/switches/leaves.yaml", 41, 9), f.location());
    assertEquals("Ethernet8", f.port());
    assertEquals("9214", f.expected());
    assertNull(r.drift().get("oc-leaf-1"));
  }

  @Test
  void aReportThatIsNotADriftReportIsRefusedNamingWhy() {
    assertTrue(
        assertThrows(
                ReportInput.BadReportException.class,
                () ->
                    ReportInput.parse(
                        "{\"tool\": \"weft\"," + " \"command\": \"validate\", \"findings\": []}",
                        "v.json"))
            .getMessage()
            .contains("expected the report of weft drift or weft audit, found command 'validate'"));
    assertTrue(
        assertThrows(
                ReportInput.BadReportException.class, () -> ReportInput.parse("[1,", "bad.json"))
            .getMessage()
            .startsWith("bad.json: "));
    assertTrue(
        assertThrows(
                ReportInput.BadReportException.class,
                () ->
                    ReportInput.parse(
                        "{\"tool\": \"weft\","
                            + " \"command\": \"drift\", \"findings\": [{\"rule\": \"drift-mtu\"}]}",
                        "d.json"))
            .getMessage()
            .contains("d.json: findings[0]: \"device\" is missing"));
  }
}
