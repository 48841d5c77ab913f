package dev.weft.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.rules.RuleMeta;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped site rules (issue acceptance): {@code policies/examples} loads without a problem, and
 * every fixture, run through the real validate pipeline with the built-in and the example rules,
 * produces exactly the findings its {@code # expect: rule severity} markers name, at their file and
 * line, with their severity; a pass fixture produces nothing but the waived findings it marks.
 */
class ExamplePoliciesTest {

  private static final Path EXAMPLES = Validation.project().resolve("policies/examples");
  private static final Validation RUN = new Validation(List.of(EXAMPLES));

  @Test
  void theExamplesLoadWithoutProblemsOnePerScope() {
    assertEquals(List.of(), RUN.user.problems());
    assertEquals(5, RUN.user.rules().size());
    assertEquals(List.of(), RUN.meta.problems());
    Set<String> scopes = new TreeSet<>();
    for (String id : RUN.user.meta().keySet()) {
      UserRules.load(List.of(EXAMPLES), Set.of())
          .explain(id)
          .ifPresent(text -> scopes.add(text.split("checked on ")[1]));
    }
    assertEquals(5, scopes.size(), "five rules on five scopes: " + scopes);
  }

  @TestFactory
  Stream<DynamicTest> everyFixtureProducesExactlyItsMarkers() {
    List<PolicyFixtures.Result> results =
        PolicyFixtures.run(
            EXAMPLES,
            inventory ->
                new PolicyFixtures.Validated(RUN.validate(inventory), Validation.project()));
    assertEquals(10, results.size(), "a pass and a fail fixture for each of the five rules");
    return results.stream()
        .map(
            r ->
                DynamicTest.dynamicTest(
                    r.rule() + " " + r.kind(),
                    r.inventory().toUri(),
                    () -> assertTrue(r.ok(), String.join("\n", r.problems()))));
  }

  @TestFactory
  Stream<DynamicTest> eachFailFixtureFindsItsRuleWithTheRuleSeverityAndValues() throws Exception {
    return RUN.user.meta().values().stream()
        .map(
            m ->
                DynamicTest.dynamicTest(
                    m.id(),
                    () -> {
                      List<Finding> mine =
                          RUN.validate(EXAMPLES.resolve(m.id()).resolve("fail")).stream()
                              .filter(f -> f.rule().equals(m.id()))
                              .toList();
                      assertFalse(mine.isEmpty(), m.id());
                      for (Finding f : mine) {
                        assertEquals(m.severity(), f.severity(), f.toString());
                        assertTrue(
                            f.location() != null
                                && f.location()
                                    .file()
                                    .startsWith("policies/examples/" + m.id() + "/fail/"),
                            "the finding points into the fixture inventory, not at rule.yaml: "
                                + f);
                        boolean fabricWide =
                            RUN.user.explain(m.id()).orElseThrow().contains(RuleScope.FABRIC.doc());
                        assertTrue(fabricWide || f.device() != null, "a device: " + f);
                        assertTrue(
                            f.actual() != null && !f.message().contains("{{"),
                            "actual value and a filled message: " + f);
                        String line =
                            Files.readAllLines(
                                    Path.of(Validation.project().toString(), f.location().file()))
                                .get(f.location().line() - 1);
                        assertTrue(
                            f.location().column() <= line.length(), "column inside the line: " + f);
                      }
                    }));
  }

  @Test
  void theWeightFloorLeavesAClassAtItsPlatformsDefaultShareAlone(@TempDir Path tmp)
      throws Exception {
    // scheduler: { type: dwrr } has no weight to compare: neither a finding nor an evaluation
    // error (reading an absent field) of the site rule
    String failing = Files.readString(EXAMPLES.resolve("dwrr-weight-floor/fail/fabric.yaml"));
    Path control = Files.createDirectories(tmp.resolve("control"));
    Files.writeString(control.resolve("fabric.yaml"), failing);
    assertTrue(
        RUN.validate(control, control).stream().anyMatch(f -> f.rule().equals("dwrr-weight-floor")),
        "the copied fixture still fails with its weight");
    Path unset = Files.createDirectories(tmp.resolve("unset"));
    Path fabric = unset.resolve("fabric.yaml");
    Files.writeString(fabric, failing.replace("{ type: dwrr, weight: 5 }", "{ type: dwrr }"));
    assertTrue(Files.readString(fabric).contains("{ type: dwrr }  #"));
    List<String> rules = RUN.validate(unset, unset).stream().map(Finding::rule).toList();
    assertFalse(rules.contains("dwrr-weight-floor"), rules.toString());
    assertFalse(rules.contains("user-rule-failed"), rules.toString());
  }

  @Test
  void readmesStartWithTheirId() throws Exception {
    for (RuleMeta m : RUN.user.meta().values()) {
      assertTrue(
          Files.readString(EXAMPLES.resolve(m.id()).resolve("README.md"))
              .startsWith("# " + m.id() + "\n"),
          m.id());
    }
  }
}
