package dev.weft.remediate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.drift.DriftAudit;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.Remediation;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * One device from its CLI part and its NETCONF part: the worse status, both plans, the CLI part's
 * steps first and named so, and no {@code not-audited} for what the CLI part judged.
 */
class TwoPartsTest {

  private static final Set<Feature> SERVED = Set.of(Feature.CLASSIFICATION, Feature.HASH);

  private static DeviceResult result(
      DeviceStatus.Status status,
      String reason,
      DevicePlan plan,
      List<Finding> findings,
      String step) {
    return new DeviceResult(
        new DeviceStatus("s1", status, reason),
        plan,
        findings,
        List.of(new DeviceResult.StepRecord(step, "ok", 1, null)),
        null,
        null);
  }

  private static Finding notAudited(Feature f) {
    return Finding.of(DriftAudit.NOT_AUDITED, Severity.INFO, f.word() + " is not audited")
        .onDevice("s1")
        .withValues(f.word(), "not served");
  }

  private static Finding drift(Feature f) {
    return Finding.of("drift-" + f.word(), Severity.ERROR, f.word() + " differs").onDevice("s1");
  }

  private static DevicePlan plan(Feature f, String edit, String kind) {
    DriftedPart part = DriftedPart.switchWide(f);
    List<Remediation.Step> steps =
        edit == null
            ? List.of()
            : List.of(new Remediation.Step(part, Remediation.Operation.REPLACE, "p"));
    return new DevicePlan(
        "s1",
        "eos",
        List.of(new DevicePlan.Part(part, List.of(drift(f)), steps, edit == null ? "no" : null)),
        List.of(),
        edit == null
            ? Remediation.Edit.none(Map.of(part, "no"))
            : new Remediation.Edit(edit, steps, new java.util.TreeMap<>(), kind));
  }

  @Test
  void theWorsePartNamesTheDevicesStatus() {
    DeviceResult remediated = result(DeviceStatus.Status.REMEDIATED, null, null, List.of(), "read");
    DeviceResult drift =
        result(DeviceStatus.Status.DRIFT, "not-remediable", null, List.of(), "read");
    DeviceResult rolled =
        result(DeviceStatus.Status.ROLLED_BACK, "still-drifted", null, List.of(), "read");
    DeviceResult ok = result(DeviceStatus.Status.OK, null, null, List.of(), "read");
    DeviceResult planned = result(DeviceStatus.Status.PLANNED, null, null, List.of(), "read");
    assertEquals(
        DeviceStatus.Status.REMEDIATED,
        TwoParts.combine(remediated, drift, SERVED).status().status());
    assertEquals(DeviceStatus.Status.DRIFT, TwoParts.combine(ok, drift, SERVED).status().status());
    assertEquals(
        DeviceStatus.Status.PLANNED, TwoParts.combine(planned, drift, SERVED).status().status());
    DeviceStatus s = TwoParts.combine(rolled, ok, SERVED).status();
    assertEquals(DeviceStatus.Status.ROLLED_BACK, s.status());
    assertEquals("still-drifted", s.reason());
    assertTrue(TwoParts.pushNext(remediated));
    assertTrue(TwoParts.pushNext(drift));
    assertFalse(TwoParts.pushNext(rolled));
  }

  /**
   * The CLI part, read back in sync, is confirmed only after the NETCONF part ended well; else it
   * is undone with the NETCONF part's outcome as the reason.
   */
  @Test
  void theCliPartIsKeptOnlyWhenTheNetconfPartEndedWell() {
    for (DeviceStatus.Status well :
        List.of(
            DeviceStatus.Status.REMEDIATED, DeviceStatus.Status.OK, DeviceStatus.Status.DRIFT)) {
      assertNull(TwoParts.notKept(result(well, null, null, List.of(), "read")), well.label());
    }
    TransactionalRun.NotKept rejected =
        TwoParts.notKept(
            result(DeviceStatus.Status.REJECTED, "validate", null, List.of(), "validate"));
    assertEquals(TwoParts.NETCONF_FAILED, rejected.reason());
    assertTrue(rejected.why().contains("the NETCONF part ended rejected:validate"), rejected.why());
    for (DeviceStatus.Status bad :
        List.of(
            DeviceStatus.Status.ROLLED_BACK,
            DeviceStatus.Status.LOCKED,
            DeviceStatus.Status.UNREACHABLE,
            DeviceStatus.Status.ERROR,
            DeviceStatus.Status.REFUSED)) {
      assertNotNull(TwoParts.notKept(result(bad, "x", null, List.of(), "read")), bad.label());
    }
    // the device's status is then the CLI part's rolled-back, the NETCONF part's refusal beside it
    DeviceResult undone =
        result(DeviceStatus.Status.ROLLED_BACK, TwoParts.NETCONF_FAILED, null, List.of(), "abort");
    DeviceResult refused =
        result(DeviceStatus.Status.REJECTED, "validate", null, List.of(), "validate");
    DeviceStatus s = TwoParts.combine(undone, refused, SERVED).status();
    assertEquals(DeviceStatus.Status.ROLLED_BACK, s.status());
    assertEquals(TwoParts.NETCONF_FAILED, s.reason());
  }

  @Test
  void bothPlansStepsAndFindingsMakeOneResult() {
    DeviceResult cli =
        result(
            DeviceStatus.Status.PLANNED,
            null,
            plan(Feature.CLASSIFICATION, "qos map dscp 26 to traffic-class 3\n", "eos-session"),
            List.of(drift(Feature.CLASSIFICATION), notAudited(Feature.BUFFERS)),
            "read");
    DeviceResult netconf =
        result(
            DeviceStatus.Status.DRIFT,
            "not-remediable",
            plan(Feature.PFC, null, null),
            List.of(
                drift(Feature.PFC),
                notAudited(Feature.CLASSIFICATION),
                notAudited(Feature.HASH),
                notAudited(Feature.BUFFERS)),
            "read");
    DeviceResult r = TwoParts.combine(cli, netconf, SERVED);
    assertEquals(
        List.of("cli read", "read"),
        r.steps().stream().map(DeviceResult.StepRecord::step).toList());
    assertEquals(
        List.of(Feature.CLASSIFICATION, Feature.PFC),
        r.plan().parts().stream().map(p -> p.part().feature()).toList());
    assertEquals("eos-session", r.plan().edit().kind());
    assertEquals(
        Set.of(DriftedPart.switchWide(Feature.PFC)), r.plan().edit().notRemediable().keySet());
    assertEquals(
        List.of("buffers"),
        r.findings().stream()
            .filter(f -> f.rule().equals(DriftAudit.NOT_AUDITED))
            .map(Finding::expected)
            .toList(),
        "the CLI part audits classification and hash; buffers once");
    assertEquals(3, r.findings().size(), r.findings().toString());
  }

  @Test
  void aReportsDriftIsSplitByFeature() {
    ReportInput in =
        new ReportInput(
            "inv",
            "drift",
            Map.of(
                "s1",
                List.of(
                    drift(Feature.CLASSIFICATION),
                    drift(Feature.PFC),
                    Finding.of("drift-port", Severity.ERROR, "missing").onDevice("s1"))));
    assertEquals(
        List.of("drift-classification"),
        TwoParts.part(in, SERVED, true).drift().get("s1").stream().map(Finding::rule).toList());
    assertEquals(
        List.of("drift-pfc", "drift-port"),
        TwoParts.part(in, SERVED, false).drift().get("s1").stream().map(Finding::rule).toList());
    assertNull(TwoParts.part(null, SERVED, true));
  }
}
