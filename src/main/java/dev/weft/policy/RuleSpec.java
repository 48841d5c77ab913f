package dev.weft.policy;

import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import java.util.List;
import java.util.Map;

/**
 * A user rule as written in its {@code rule.yaml}, before compiling.
 *
 * @param folder the rule's folder as shown in messages ({@code policies/site/storage-speed-cap})
 * @param file its rule.yaml, the same way
 * @param variables named expressions in file order; each may use the ones before it
 * @param match which objects the rule applies to; null for all
 * @param condition what must hold for each matched object; false is a finding
 * @param message the finding's text, with {@code {{ expression }}} parts
 * @param expected the finding's expected value, or null to derive it from the condition
 * @param actual the finding's actual value, or null to derive it from the condition
 */
record RuleSpec(
    String id,
    String title,
    Severity severity,
    RuleScope scope,
    String category,
    String rationale,
    List<String> sources,
    String remediation,
    String since,
    Map<String, Expression> variables,
    Expression match,
    Expression condition,
    Expression message,
    Expression expected,
    Expression actual,
    String folder,
    String file) {

  /**
   * One CEL expression (or message template) and where each of its characters was written.
   *
   * @param key the rule.yaml key it is the value of ({@code condition}, {@code variables.cap})
   */
  record Expression(String key, String text, ScalarPositions where) {

    Location start() {
      return where.start();
    }
  }
}
