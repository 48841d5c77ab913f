package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportTest {

  @Test
  void findingsAreSortedByFileLineColumnRuleDevicePortWithUnlocatedLast() {
    Finding noLocation = Finding.of("a", Severity.ERROR, "m").onDevice("leaf-01");
    Finding b2 = Finding.of("r", Severity.ERROR, "m").at(new Location("b.yaml", 2, 1));
    Finding a10 = Finding.of("r", Severity.ERROR, "m").at(new Location("a.yaml", 10, 1));
    Finding a2z = Finding.of("z", Severity.ERROR, "m").at(new Location("a.yaml", 2, 3));
    Finding a2a = Finding.of("a", Severity.ERROR, "m").at(new Location("a.yaml", 2, 3));
    Report r =
        Report.of(
            "0.1.0",
            "validate",
            "inv",
            List.of(noLocation, b2, a10, a2z, a2a),
            List.of(),
            List.of());
    assertEquals(List.of(a2a, a2z, a10, b2, noLocation), r.findings());
  }

  @Test
  void summaryCountsEachFindingOnce() {
    Report r =
        Report.of(
            "0.1.0",
            "validate",
            "inv",
            List.of(
                Finding.of("a", Severity.ERROR, "m"),
                Finding.of("b", Severity.ERROR, "m").waivedBecause("x"),
                Finding.of("c", Severity.WARNING, "m"),
                Finding.of("d", Severity.INFO, "m"),
                Finding.of("e", Severity.INFO, "m").waivedBecause("y")),
            List.of(),
            List.of());
    assertEquals(new Summary(1, 1, 1, 2), r.summary());
  }

  @Test
  void devicesAreSortedByName() {
    Report r = ReportFixtures.noLocation();
    assertEquals(
        List.of("leaf-01", "leaf-02", "spine-02"),
        r.devices().stream().map(DeviceStatus::name).toList());
  }

  @Test
  void reportIsImmutable() {
    Report r = ReportFixtures.multi();
    assertThrows(UnsupportedOperationException.class, () -> r.findings().clear());
    assertThrows(UnsupportedOperationException.class, () -> r.rules().clear());
  }

  @Test
  void unknownFormatIsAOneLineErrorListingTheFormats() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Reporters.forFormat("xml"));
    assertEquals(
        "--format must be one of text, json, sarif, junit, markdown, html, found 'xml'",
        e.getMessage());
  }

  @Test
  void everyListedFormatHasAReporter() throws Exception {
    for (String format : Reporters.FORMATS) {
      StringWriter out = new StringWriter();
      Reporters.forFormat(format).write(ReportFixtures.multi(), out);
      assertTrue(out.toString().endsWith("\n"), format + " ends with a newline");
    }
  }
}
