package dev.weft.policy;

import dev.weft.finding.DidYouMean;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads one user rule's {@code rule.yaml} into a {@link RuleSpec}. Every problem is a {@value
 * UserRules#INVALID} finding at the offending line; a rule with any problem is not run.
 */
final class RuleSpecReader {

  static final List<String> KEYS =
      List.of(
          "id",
          "title",
          "severity",
          "scope",
          "category",
          "rationale",
          "sources",
          "remediation",
          "since",
          "variables",
          "match",
          "condition",
          "message",
          "expected",
          "actual");
  private static final Set<String> REQUIRED =
      Set.of("id", "title", "severity", "scope", "condition", "message", "remediation", "sources");
  private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]*");

  private final String fileText;
  private final String file;
  private final List<Finding> problems;

  RuleSpecReader(String fileText, String file, List<Finding> problems) {
    this.fileText = fileText;
    this.file = file;
    this.problems = problems;
  }

  /**
   * True when the file is a user rule (it has a condition), not an override of a built-in rule's
   * metadata.
   */
  static boolean isUserRule(MapNode root) {
    return root.has("condition") || root.has("scope") || root.has("match");
  }

  /**
   * @param folderId the folder's name; the file's id must equal it
   * @return the rule, or null when anything is wrong (the problems say what)
   */
  RuleSpec read(MapNode root, String folderId, String folder) {
    int before = problems.size();
    for (MapNode.Entry e : root.entries().values()) {
      if (!KEYS.contains(e.key())) {
        String near = DidYouMean.suggest(e.key(), KEYS);
        problem(
            e.keyLocation(),
            "unknown key '"
                + e.key()
                + "' in a user rule"
                + (near == null
                    ? "; known keys are " + String.join(", ", KEYS)
                    : " (did you mean " + near + "?)"));
      }
    }
    for (String key : KEYS) {
      if (REQUIRED.contains(key) && !root.has(key)) {
        problem(
            root.location(),
            "user rule "
                + folderId
                + " has no "
                + key
                + "; every user rule states "
                + String.join(", ", KEYS.stream().filter(REQUIRED::contains).toList()));
      }
    }
    String id = text(root, "id");
    if (id != null && !id.equals(folderId)) {
      problem(
          root.get("id").orElseThrow().location(),
          "rule.yaml says id "
              + id
              + " but its folder is "
              + folderId
              + "; the id must equal the folder name");
    }
    Severity severity = null;
    String sev = text(root, "severity");
    if (sev != null) {
      try {
        severity = Severity.parse(sev);
      } catch (IllegalArgumentException bad) {
        problem(root.get("severity").orElseThrow().location(), bad.getMessage());
      }
    }
    RuleScope scope = null;
    String scopeWord = text(root, "scope");
    if (scopeWord != null) {
      scope = RuleScope.parse(scopeWord);
      if (scope == null) {
        String near = DidYouMean.suggest(scopeWord, RuleScope.words());
        problem(
            root.get("scope").orElseThrow().location(),
            "scope must be one of "
                + String.join(", ", RuleScope.words())
                + ", found '"
                + scopeWord
                + "'"
                + (near == null ? "" : " (did you mean " + near + "?)"));
      }
    }
    String title = text(root, "title");
    String remediation = text(root, "remediation");
    List<String> sources = texts(root, "sources");
    Map<String, RuleSpec.Expression> variables = variables(root, scope);
    RuleSpec.Expression match = expression(root, "match");
    RuleSpec.Expression condition = expression(root, "condition");
    RuleSpec.Expression message = expression(root, "message");
    RuleSpec.Expression expected = expression(root, "expected");
    RuleSpec.Expression actual = expression(root, "actual");
    String category = text(root, "category");
    String rationale = text(root, "rationale");
    String since = text(root, "since");
    if (problems.size() > before) {
      return null;
    }
    return new RuleSpec(
        id,
        title,
        severity,
        scope,
        category == null ? "site" : category,
        rationale == null ? title : rationale,
        sources,
        remediation,
        since == null ? "site" : since,
        variables,
        match,
        condition,
        message,
        expected,
        actual,
        folder,
        file);
  }

  private Map<String, RuleSpec.Expression> variables(MapNode root, RuleScope scope) {
    Map<String, RuleSpec.Expression> out = new LinkedHashMap<>();
    Node n = root.get("variables").orElse(null);
    if (n == null) {
      return out;
    }
    if (!(n instanceof MapNode vars)) {
      problem(
          n.location(),
          "variables must be a mapping of name: expression, in the order they are computed");
      return out;
    }
    for (MapNode.Entry e : vars.entries().values()) {
      String name = e.key();
      if (!NAME.matcher(name).matches()) {
        problem(
            e.keyLocation(),
            "variable name '" + name + "' must be lower_snake_case (a CEL identifier)");
      } else if (name.equals("fabric")
          || name.equals("today")
          || scope != null && scope.variables().containsKey(name)) {
        problem(
            e.keyLocation(),
            "variable '"
                + name
                + "' would hide the "
                + name
                + " every "
                + (scope == null ? "" : scope.word() + " ")
                + "rule sees; pick another name");
      }
      RuleSpec.Expression x = expressionOf(e.value(), "variables." + name);
      if (x != null) {
        out.put(name, x);
      }
    }
    return out;
  }

  private RuleSpec.Expression expression(MapNode map, String key) {
    Node n = map.get(key).orElse(null);
    return n == null ? null : expressionOf(n, key);
  }

  private RuleSpec.Expression expressionOf(Node n, String key) {
    if (n instanceof ScalarNode s && s.value() != null && !s.text().isBlank()) {
      // the expression as the YAML value reads, positions from the file text
      return new RuleSpec.Expression(
          key, s.text(), new ScalarPositions(fileText, s.location(), s.text()));
    }
    problem(n.location(), key + " must be a CEL expression written as text");
    return null;
  }

  private String text(MapNode map, String key) {
    Node n = map.get(key).orElse(null);
    if (n == null) {
      return null;
    }
    if (n instanceof ScalarNode s && s.value() instanceof String && !s.text().isBlank()) {
      return s.text().strip();
    }
    problem(n.location(), key + " must be non-empty text");
    return null;
  }

  private List<String> texts(MapNode map, String key) {
    Node n = map.get(key).orElse(null);
    if (n == null) {
      return List.of();
    }
    if (!(n instanceof ListNode list) || list.items().isEmpty()) {
      problem(n.location(), key + " must be a list of texts (links, documents, tickets)");
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (Node item : list.items()) {
      if (item instanceof ScalarNode s && s.value() instanceof String str && !str.isBlank()) {
        out.add(str.strip());
      } else {
        problem(item.location(), key + " entries must be non-empty text");
      }
    }
    return out;
  }

  private void problem(Location where, String message) {
    problems.add(
        Finding.of(UserRules.INVALID, Severity.ERROR, message)
            .at(where == null ? Location.ofFile(file) : where));
  }
}
