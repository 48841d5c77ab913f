package dev.weft.rules;

import dev.weft.finding.Finding;
import java.util.List;

/**
 * A policy rule: a stateless, pure function of its input. Metadata (title, severity, rationale,
 * remediation) lives in {@code policies/<id>/rule.yaml}, not in code.
 */
public interface Rule {
  /** The stable kebab-case id, equal to the rule's folder name under {@code policies/}. */
  String id();

  /**
   * Returns the violations found. Severity set here is replaced by the catalogue's severity, so
   * implementations may use any.
   */
  List<Finding> check(RuleInput input);
}
