package dev.weft.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.model.FabricModel;
import dev.weft.model.Waiver;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WaiversTest {

  static final LocalDate TODAY = LocalDate.of(2026, 6, 1);

  /** The clean fabric plus one link without a cable length on leaf-01:Ethernet9 (line 700). */
  private static List<Finding> run(Waiver... waivers) {
    FabricModel model =
        TestFabric.model(
            TestFabric.cleanFabric(),
            List.of(TestFabric.link(700, "leaf-01", "Ethernet9", "gpu-001", "eth9", null)),
            List.of(waivers));
    return new RuleEngine(dev.weft.rules.builtin.BuiltInRules.catalog(), Map.of())
        .run(
            new RuleInput(model, null, TODAY),
            java.util.Set.of(
                "cable-length-missing", "waiver-expired", "waiver-unused", "waiver-invalid"));
  }

  private static Finding only(List<Finding> findings, String rule) {
    List<Finding> of = findings.stream().filter(f -> f.rule().equals(rule)).toList();
    assertEquals(1, of.size(), findings.toString());
    return of.get(0);
  }

  @Test
  void withoutAWaiverTheFindingStands() {
    assertFalse(only(run(), "cable-length-missing").waived());
  }

  @Test
  void aMatchingWaiverMarksTheFindingWithItsReasonAndKeepsIt() {
    for (Waiver w :
        List.of(
            TestFabric.waiver(
                800, "cable-length-missing", "2026-06-01", List.of(), List.of(), List.of()),
            TestFabric.waiver(
                800,
                "cable-length-missing",
                "2027-01-01",
                List.of("leaf-01"),
                List.of(),
                List.of()),
            TestFabric.waiver(
                800,
                "cable-length-missing",
                "2027-01-01",
                List.of(),
                List.of("leaf-01:Ethernet9"),
                List.of()),
            TestFabric.waiver(
                800,
                "cable-length-missing",
                "2027-01-01",
                List.of(),
                List.of(),
                List.of("fabric.yaml")),
            TestFabric.waiver(
                800,
                "cable-length-missing",
                "2027-01-01",
                List.of(),
                List.of(),
                List.of("inv/fabric.yaml")))) {
      List<Finding> out = run(w);
      Finding f = only(out, "cable-length-missing");
      assertTrue(f.waived(), w.toString());
      assertEquals("vendor case 1234", f.waiverReason());
      assertEquals(1, out.size(), out.toString());
    }
  }

  @Test
  void aWaiverScopedElsewhereIsUnusedAndWaivesNothing() {
    List<Finding> out =
        run(
            TestFabric.waiver(
                800,
                "cable-length-missing",
                "2027-01-01",
                List.of("spine-01"),
                List.of("leaf-01:Ethernet0"),
                List.of("other.yaml"))); // all real devices, none with this finding
    assertFalse(only(out, "cable-length-missing").waived());
    Finding unused = only(out, "waiver-unused");
    assertEquals(TestFabric.line(801), unused.location());
  }

  @Test
  void anExpiredWaiverIsReportedAndNoLongerWaives() {
    List<Finding> out =
        run(
            TestFabric.waiver(
                800, "cable-length-missing", "2026-05-31", List.of(), List.of(), List.of()));
    assertFalse(only(out, "cable-length-missing").waived());
    Finding expired = only(out, "waiver-expired");
    assertEquals(TestFabric.line(803), expired.location());
    assertEquals("2026-05-31", expired.actual());
    assertEquals(2, out.size(), out.toString());
  }

  @Test
  void anUnknownRuleIsInvalidWithAHint() {
    List<Finding> out =
        run(
            TestFabric.waiver(
                800, "cable-lenght-missing", "2027-01-01", List.of(), List.of(), List.of()));
    Finding invalid = only(out, "waiver-invalid");
    assertEquals(TestFabric.line(801), invalid.location());
    assertTrue(invalid.message().contains("did you mean cable-length-missing?"), invalid.message());
    assertFalse(only(out, "cable-length-missing").waived());
  }

  @Test
  void aPortScopeWithoutDeviceIsInvalid() {
    List<Finding> out =
        run(
            TestFabric.waiver(
                800,
                "cable-length-missing",
                "2027-01-01",
                List.of(),
                List.of("Ethernet9"),
                List.of()));
    Finding invalid = only(out, "waiver-invalid");
    assertEquals(TestFabric.line(805), invalid.location());
    assertTrue(invalid.message().contains("'Ethernet9'"), invalid.message());
  }

  @Test
  void aScopeNamingAnUnknownDeviceIsInvalidWithAHint() {
    List<Finding> out =
        run(
            TestFabric.waiver(
                800,
                "cable-length-missing",
                "2027-01-01",
                List.of("leaf-1"),
                List.of("spine-02:Ethernet0"),
                List.of()));
    List<Finding> invalid = out.stream().filter(f -> f.rule().equals("waiver-invalid")).toList();
    assertEquals(
        List.of(TestFabric.line(804), TestFabric.line(805)),
        invalid.stream().map(Finding::location).toList());
    assertTrue(
        invalid.get(0).message().contains("did you mean leaf-01?"), invalid.get(0).message());
    assertTrue(invalid.get(1).message().contains("'spine-02'"), invalid.get(1).message());
    assertFalse(only(out, "cable-length-missing").waived());
  }

  @Test
  void aFileScopeOutsideTheRepositoryIsInvalid() {
    Finding invalid =
        only(
            run(
                TestFabric.waiver(
                    800,
                    "cable-length-missing",
                    "2027-01-01",
                    List.of(),
                    List.of(),
                    List.of("../secrets.yaml"))),
            "waiver-invalid");
    assertEquals(TestFabric.line(806), invalid.location());
  }

  @Test
  void waiverFindingsCannotBeWaived() {
    only(
        run(TestFabric.waiver(800, "waiver-unused", "2027-01-01", List.of(), List.of(), List.of())),
        "waiver-invalid");
  }

  @Test
  void aWaiverOfARuleThatDidNotRunIsNotUnused() {
    List<Finding> out =
        run(TestFabric.waiver(800, "dscp-overlap", "2027-01-01", List.of(), List.of(), List.of()));
    assertTrue(out.stream().noneMatch(f -> f.rule().startsWith("waiver-")), out.toString());
  }
}
