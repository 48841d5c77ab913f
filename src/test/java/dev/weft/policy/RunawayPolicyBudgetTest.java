package dev.weft.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.generate.RoceFabricGenerator;
import dev.weft.generate.RoceFabricShape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32, item 2: a runaway CEL policy on a generated 1,024-GPU inventory (128 nodes, 1,024 host
 * links, several thousand ports) costs one budget per run, not one per object: a rule checked per
 * port that loops over the whole fabric stops once the run's budget is spent (not after spending an
 * allowance on each of the fabric's ports), a fabric rule whose comprehension explodes stops once,
 * and each is one {@code user-rule-failed} finding at its condition's line in rule.yaml naming the
 * object it was evaluating. The other rules of the run still report. Deterministic: the budget is
 * counted in evaluation steps, not time.
 */
class RunawayPolicyBudgetTest {

  @TempDir static Path dir;

  static Path inventory;
  static Path policies;

  @BeforeAll
  static void generate() throws IOException {
    inventory = dir.resolve("gpu-1024");
    Map<String, String> files =
        new RoceFabricGenerator().generate("gpu-1024", RoceFabricShape.forGpus(1024));
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path p = inventory.resolve(f.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, f.getValue());
    }
    policies = dir.resolve("policies");
    rule(
        "per-port-runaway",
        "port",
        // line 5: every port compared with every port of every switch, for every port
        "condition: fabric.switches.all(s, s.ports.all(q, q.name != port.name || s.name !="
            + " switch.name))");
    rule(
        "fabric-runaway",
        "fabric",
        "condition: fabric.switches.all(s, fabric.switches.all(t, s.ports.all(p, t.ports.all(q,"
            + " p.name + q.name != ''))))");
    rule("fires-once", "fabric", "condition: fabric.switches.size() == 0");
  }

  private static void rule(String id, String scope, String condition) throws IOException {
    Path folder = Files.createDirectories(policies.resolve(id));
    Files.writeString(
        folder.resolve("rule.yaml"),
        "id: "
            + id
            + "\ntitle: t\nseverity: error\nscope: "
            + scope
            + "\n"
            + condition
            + "\nmessage: found\nremediation: Fix it.\nsources: [\"test\"]\n");
  }

  @Test
  void eachRunawayRuleIsOneFindingAtItsLineNamingTheObjectItStoppedOn() {
    Validation run = new Validation(List.of(policies));
    assertEquals(List.of(), run.user.problems(), "the rules load");
    List<Finding> findings = run.validate(dir, inventory);
    List<Finding> failed =
        findings.stream().filter(f -> f.rule().equals(UserRules.FAILED)).toList();
    assertEquals(2, failed.size(), failed.toString());
    for (Finding f : failed) {
      assertEquals(5, f.location().line(), "the condition's line: " + f);
      assertTrue(f.location().file().endsWith("runaway/rule.yaml"), f.toString());
      assertTrue(f.message().contains("is a runaway: it stopped on "), f.message());
    }
    Finding perPort =
        failed.stream()
            .filter(f -> f.location().file().contains("per-port-runaway"))
            .findFirst()
            .orElseThrow();
    // one budget for the run: each port's evaluation is under the per-object allowance, so the
    // rule runs until the run's total is spent and stops on the port it was evaluating then
    assertTrue(
        perPort
            .message()
            .matches(".*stopped on [a-z]+-\\d+ Ethernet\\d+ after \\d+ evaluation steps in all .*"),
        "the port it stopped on and the run's budget: " + perPort);
    Finding fabric =
        failed.stream()
            .filter(f -> f.location().file().contains("fabric-runaway"))
            .findFirst()
            .orElseThrow();
    // a fabric rule's one evaluation may take the run's whole budget, and its message says so
    assertTrue(
        fabric.message().matches(".*stopped on gpu-1024 after 1000000 evaluation steps in all .*"),
        "the run's budget: " + fabric);
    assertEquals(
        1,
        findings.stream().filter(f -> f.rule().equals("fires-once")).count(),
        "the other rule still ran");
  }
}
