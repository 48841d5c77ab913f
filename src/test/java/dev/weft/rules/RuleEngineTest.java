package dev.weft.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RuleEngineTest {

  static final LocalDate TODAY = LocalDate.of(2026, 6, 1);

  private static RuleInput input(FabricModel model) {
    return new RuleInput(model, null, TODAY);
  }

  private static RuleMeta meta(String id, Severity severity) {
    return new RuleMeta(id, "t", severity, "c", "r", List.of("s"), "Fix it.", "0.1.0");
  }

  @Test
  void cleanFabricHasNoFindings() {
    RuleEngine engine = new RuleEngine(dev.weft.rules.builtin.BuiltInRules.catalog(), Map.of());
    assertEquals(List.of(), engine.run(input(TestFabric.model(TestFabric.cleanFabric()))));
  }

  @Test
  void theEngineKeepsTheSeverityTheRuleEmitted() {
    FabricModel model =
        TestFabric.model(
            TestFabric.cleanFabric(),
            List.of(TestFabric.link(700, "leaf-01", "Ethernet9", "gpu-009", "eth0", null)),
            List.of());
    RuleMetaLoader.Result builtIn =
        new RuleMetaLoader().load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of());
    List<Finding> cable =
        new RuleEngine(dev.weft.rules.builtin.BuiltInRules.catalog(), builtIn.meta())
            .run(input(model)).stream()
                .filter(f -> f.rule().equals("cable-length-missing"))
                .toList();
    assertEquals(1, cable.size());
    assertEquals(Severity.WARNING, cable.get(0).severity());
  }

  @Test
  void aSiteOverrideReLevelsTheDefaultSeverityFindings() {
    FabricModel model =
        TestFabric.model(
            TestFabric.cleanFabric(),
            List.of(TestFabric.link(700, "leaf-01", "Ethernet9", "gpu-009", "eth0", null)),
            List.of());
    RuleMeta site =
        new RuleMeta(
            "cable-length-missing",
            "t",
            Severity.WARNING,
            "c",
            "r",
            List.of("s"),
            "Fix it.",
            "0.1.0",
            Set.of(RuleMeta.Scope.INTENT),
            Set.of(Severity.WARNING),
            Severity.ERROR);
    List<Finding> cable =
        new RuleEngine(
                dev.weft.rules.builtin.BuiltInRules.catalog(), Map.of("cable-length-missing", site))
            .run(input(model)).stream()
                .filter(f -> f.rule().equals("cable-length-missing"))
                .toList();
    assertEquals(Severity.ERROR, cable.get(0).severity());
  }

  @Test
  void aSeverityTheRuleDoesNotDeclareIsABugNotARelevel() {
    FabricModel model =
        TestFabric.model(
            TestFabric.cleanFabric(),
            List.of(TestFabric.link(700, "leaf-01", "Ethernet9", "gpu-009", "eth0", null)),
            List.of());
    List<Finding> out =
        new RuleEngine(
                dev.weft.rules.builtin.BuiltInRules.catalog(),
                Map.of("cable-length-missing", meta("cable-length-missing", Severity.INFO)))
            .run(input(model));
    Finding cable =
        out.stream().filter(f -> f.rule().equals("cable-length-missing")).findFirst().orElseThrow();
    assertEquals(Severity.WARNING, cable.severity(), "kept as emitted");
    Finding bug =
        out.stream()
            .filter(f -> f.rule().equals(RuleEngine.INTERNAL_ERROR))
            .findFirst()
            .orElseThrow();
    assertTrue(
        bug.message().contains("cable-length-missing") && bug.message().contains("warning"),
        bug.message());
  }

  @Test
  void aFindingUnderAnotherRulesIdIsABug() {
    Rule impostor =
        new Rule() {
          @Override
          public String id() {
            return "mine";
          }

          @Override
          public List<Finding> check(RuleInput in) {
            return List.of(Finding.of("theirs", Severity.ERROR, "x").at(TestFabric.line(3)));
          }
        };
    List<Finding> out =
        new RuleEngine(new RuleCatalog(List.of(impostor)), Map.of())
            .run(input(TestFabric.model(TestFabric.cleanFabric())));
    assertTrue(
        out.stream()
            .anyMatch(
                f -> f.rule().equals(RuleEngine.INTERNAL_ERROR) && f.message().contains("theirs")),
        out.toString());
  }

  @Test
  void liveScopeComesFromMetadataNotFromPackages() {
    RuleMetaLoader.Result builtIn =
        new RuleMetaLoader().load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of());
    Set<String> live =
        new RuleEngine(dev.weft.rules.builtin.BuiltInRules.catalog(), builtIn.meta())
            .idsIn(RuleMeta.Scope.LIVE);
    assertTrue(
        live.contains("pfc-queue-mismatch") && live.contains("headroom-insufficient"),
        live.toString());
    assertTrue(!live.contains("cable-length-missing"), live.toString());
    for (String id : live) {
      assertTrue(builtIn.meta().get(id).runsOn(RuleMeta.Scope.LIVE), id);
    }
  }

  @Test
  void aThrowingRuleIsAnInternalErrorAndTheOthersStillReport() {
    Rule broken =
        new Rule() {
          @Override
          public String id() {
            return "broken";
          }

          @Override
          public List<Finding> check(RuleInput in) {
            throw new IllegalStateException("boom");
          }
        };
    Rule works =
        new Rule() {
          @Override
          public String id() {
            return "works";
          }

          @Override
          public List<Finding> check(RuleInput in) {
            return List.of(Finding.of("works", Severity.WARNING, "found").at(TestFabric.line(3)));
          }
        };
    List<Finding> out =
        new RuleEngine(new RuleCatalog(List.of(broken, works)), Map.of())
            .run(input(TestFabric.model(TestFabric.cleanFabric())));
    assertEquals(
        List.of("works", RuleEngine.INTERNAL_ERROR), out.stream().map(Finding::rule).toList());
    assertTrue(
        out.get(1).message().contains("broken")
            && out.get(1).message().contains("IllegalStateException: boom"),
        out.get(1).message());
    assertEquals(Severity.ERROR, out.get(1).severity());
  }

  @Test
  void outputIsSortedAndRepeatable() {
    FabricModel model =
        TestFabric.model(
            TestFabric.fabric(List.of(TestFabric.rdma(), TestFabric.cnp())),
            List.of(
                TestFabric.link(700, "leaf-01", "Ethernet9", "gpu-009", "eth0", null),
                TestFabric.link(720, "leaf-01", "Ethernet0", "nowhere", "x", null)),
            List.of());
    RuleEngine engine = new RuleEngine(dev.weft.rules.builtin.BuiltInRules.catalog(), Map.of());
    List<Finding> first = engine.run(input(model));
    for (int i = 0; i < 20; i++) {
      assertEquals(first, engine.run(input(model)));
    }
    List<Finding> sorted = new java.util.ArrayList<>(first);
    sorted.sort(Finding.ORDER);
    assertEquals(sorted, first);
    assertTrue(first.size() >= 5, first.toString());
  }

  @Test
  void onlyEnabledRulesRun() {
    FabricModel model =
        TestFabric.model(
            TestFabric.fabric(List.of(TestFabric.rdma(), TestFabric.cnp())),
            List.of(TestFabric.link(700, "leaf-01", "Ethernet9", "gpu-009", "eth0", null)),
            List.of());
    List<Finding> out =
        new RuleEngine(dev.weft.rules.builtin.BuiltInRules.catalog(), Map.of())
            .run(input(model), Set.of("dscp-unmapped"));
    assertEquals(List.of("dscp-unmapped"), out.stream().map(Finding::rule).distinct().toList());
  }

  @Test
  void anUnknownEnabledIdIsRejected() {
    RuleEngine engine = new RuleEngine(dev.weft.rules.builtin.BuiltInRules.catalog(), Map.of());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                engine.run(
                    input(TestFabric.model(TestFabric.cleanFabric())), Set.of("no-such-rule")));
    assertTrue(e.getMessage().contains("no-such-rule"));
  }

  @Test
  void catalogueRejectsDuplicateIds() {
    Rule a = dev.weft.rules.builtin.BuiltInRules.catalog().rules().get(0);
    assertThrows(IllegalArgumentException.class, () -> new RuleCatalog(List.of(a, a)));
  }
}
