package dev.weft.report;

import java.util.Objects;

/**
 * What a report says about a rule (SARIF {@code tool.driver.rules[]}): passed in by the caller so
 * that {@code report} does not depend on {@code rules}.
 *
 * @param id stable kebab-case rule id
 * @param title one line: what the rule checks (SARIF {@code shortDescription})
 * @param fullDescription why it matters (SARIF {@code fullDescription})
 * @param help how to fix it (SARIF {@code help.text}; GitHub shows this, not {@code helpUri})
 * @param helpUri a page about the rule, or null
 */
public record RuleInfo(
    String id, String title, String fullDescription, String help, String helpUri) {

  public RuleInfo {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(fullDescription, "fullDescription");
    Objects.requireNonNull(help, "help");
  }

  /**
   * Metadata for a rule the caller told us nothing about, so SARIF still carries every required
   * field.
   */
  static RuleInfo placeholder(String id) {
    return new RuleInfo(
        id,
        id,
        "Weft rule " + id + ".",
        "Run 'weft explain " + id + "' for what it checks and how to fix it.",
        null);
  }
}
