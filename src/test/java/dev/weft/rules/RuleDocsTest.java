package dev.weft.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuleDocsTest {

  private static RuleMeta meta(String id, String title) {
    return new RuleMeta(
        id,
        title,
        Severity.WARNING,
        "mtu",
        "Because\nit matters.",
        List.of("https://example.org/a"),
        "Fix it.",
        "0.1.0");
  }

  @Test
  void rulesAreListedByIdWhateverTheInputOrder() {
    String a = RuleDocs.markdown(List.of(meta("b-rule", "B"), meta("a-rule", "A | pipe")));
    String b = RuleDocs.markdown(List.of(meta("a-rule", "A | pipe"), meta("b-rule", "B")));
    assertEquals(a, b);
    assertTrue(a.indexOf("## a-rule") < a.indexOf("## b-rule"), a);
    assertTrue(a.contains("| [a-rule](#a-rule) | warning | intent | mtu | A \\| pipe |\n"), a);
    assertTrue(a.contains("Why: Because it matters.\n"), a);
    assertTrue(a.contains("- https://example.org/a\n"), a);
    assertTrue(a.contains("How to fix: Fix it.\n"), a);
    assertTrue(
        a.contains(
            "Details and examples: [policies/a-rule/README.md](../policies/a-rule/README.md)\n"),
        a);
    assertTrue(a.endsWith("README.md)\n") && !a.contains("\n\n\n"), a);
  }
}
