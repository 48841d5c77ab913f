package dev.weft.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.weft.finding.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Evaluating a rule once per distinct set of values read ({@link SubjectCache}) gives exactly the
 * findings of evaluating it on every object: each rule is run beside a twin that also reads a value
 * unique to each object (so no two objects share a key), on the example pod.
 */
class CacheEquivalenceTest {

  @TempDir Path dir;

  private static final String[][] RULES = {
    {"port", "port.role != 'host-facing' || port.speed <= speed('200G')", "port.name"},
    {
      "link",
      "link.a.?switch_port.?role.orValue('') != 'fabric' || link.cable_length <= length('10m')",
      "link.a.port"
    },
    {"nic", "nic.firmware == '28.43.1014' && nic.rdma_device != 'mlx5_1'", "nic.name + nic.host"},
    {
      "switch-config",
      "config.ports.all(p, p.speed_gbps < 400 || p.role != 'fabric')",
      "config.name"
    },
  };

  private void write(String id, String scope, String condition) throws IOException {
    Path folder = Files.createDirectories(dir.resolve(id));
    String subject = scope.equals("switch-config") ? "config" : scope;
    Files.writeString(
        folder.resolve("rule.yaml"),
        "id: "
            + id
            + "\ntitle: t\nseverity: warning\nscope: "
            + scope
            + "\ncondition: >-\n  "
            + condition
            + "\nmessage: \"{{"
            + subject
            + "}} breaks it\"\nremediation: Fix.\nsources: [\"t\"]\n");
  }

  @Test
  void sharedOutcomesEqualOneEvaluationPerObject() throws IOException {
    for (int i = 0; i < RULES.length; i++) {
      write("shared-" + i, RULES[i][0], RULES[i][1]);
      write(
          "each-" + i, RULES[i][0], "(" + RULES[i][2] + " != '' || true) && (" + RULES[i][1] + ")");
    }
    Validation run = new Validation(List.of(dir));
    assertEquals(List.of(), run.user.problems());
    List<Finding> all = run.validate(Validation.project().resolve("inventories/roce-pod-a"));
    for (int i = 0; i < RULES.length; i++) {
      String n = String.valueOf(i);
      List<String> shared =
          all.stream()
              .filter(f -> f.rule().equals("shared-" + n))
              .map(CacheEquivalenceTest::text)
              .toList();
      List<String> each =
          all.stream()
              .filter(f -> f.rule().equals("each-" + n))
              .map(CacheEquivalenceTest::text)
              .toList();
      assertFalse(shared.isEmpty(), "rule " + i + " fires somewhere on the pod: " + all);
      assertEquals(each, shared, "rule " + i);
    }
  }

  private static String text(Finding f) {
    return f.location()
        + " "
        + f.device()
        + " "
        + f.port()
        + " "
        + f.expected()
        + " "
        + f.actual()
        + " "
        + f.message();
  }
}
