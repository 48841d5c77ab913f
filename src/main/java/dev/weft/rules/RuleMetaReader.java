package dev.weft.rules;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.yaml.ListNode;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.Node;
import dev.weft.yaml.ScalarNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Turns the YAML tree of one {@code rule.yaml} into a {@link Partial}: the fields it states. A
 * built-in file must state all of them; a {@code --policies} override may state only the ones it
 * changes. Every problem is a {@value #RULE} finding at the offending line.
 */
final class RuleMetaReader {

  /** Rule id of findings about rule metadata files. */
  static final String RULE = "rule-metadata";

  static final Set<String> KEYS =
      Set.of(
          "id",
          "title",
          "severity",
          "severities",
          "scope",
          "category",
          "rationale",
          "sources",
          "remediation",
          "since");

  private RuleMetaReader() {}

  /**
   * The fields one file states; null where it is silent. {@code siteSeverity} is set when a later
   * root (a {@code --policies} folder) changes the severity of a rule an earlier root declared.
   */
  record Partial(
      String id,
      String title,
      Severity severity,
      String category,
      String rationale,
      List<String> sources,
      String remediation,
      String since,
      Set<RuleMeta.Scope> scope,
      Set<Severity> severities,
      Severity siteSeverity) {

    /**
     * Every field of a complete entry (the base layer of a rule whose metadata was read elsewhere).
     */
    static Partial of(RuleMeta m) {
      return new Partial(
          m.id(),
          m.title(),
          m.severity(),
          m.category(),
          m.rationale(),
          m.sources(),
          m.remediation(),
          m.since(),
          m.scope(),
          m.severities(),
          m.siteSeverity());
    }

    /** This file's fields over {@code base}'s (base may be null). */
    Partial over(Partial base) {
      if (base == null) {
        return this;
      }
      // a later root's severity is the site's choice; stating the built-in default again undoes an
      // earlier one
      Severity site =
          severity == null ? base.siteSeverity : severity == base.severity ? null : severity;
      return new Partial(
          id,
          pick(title, base.title),
          base.severity != null ? base.severity : severity,
          pick(category, base.category),
          pick(rationale, base.rationale),
          sources != null ? sources : base.sources,
          pick(remediation, base.remediation),
          pick(since, base.since),
          scope != null ? scope : base.scope,
          severities != null ? severities : base.severities,
          base.severity == null ? null : site);
    }

    private static String pick(String mine, String theirs) {
      return mine != null ? mine : theirs;
    }

    /** The names of the fields still missing (empty when complete). */
    List<String> missing() {
      List<String> missing = new ArrayList<>();
      if (title == null) missing.add("title");
      if (severity == null) missing.add("severity");
      if (scope == null) missing.add("scope");
      if (category == null) missing.add("category");
      if (rationale == null) missing.add("rationale");
      if (sources == null || sources.isEmpty()) missing.add("sources");
      if (remediation == null) missing.add("remediation");
      if (since == null) missing.add("since");
      return missing;
    }

    /** What is inconsistent between fields (empty when nothing is). */
    List<String> contradictions() {
      List<String> out = new ArrayList<>();
      Set<Severity> emits = severities == null ? Set.of(severity) : severities;
      if (severity != null && !emits.contains(severity)) {
        out.add("severity " + severity.label() + " is not among its severities " + labels(emits));
      }
      if (scope != null && scope.contains(RuleMeta.Scope.TOOL) && scope.size() > 1) {
        out.add(
            "scope tool (an id Weft itself emits) cannot be combined with intent, compiled or live");
      }
      return out;
    }

    private static String labels(Set<Severity> severities) {
      return severities.stream().sorted().map(Severity::label).toList().toString();
    }

    RuleMeta toMeta() {
      return new RuleMeta(
          id,
          title,
          severity,
          category,
          rationale,
          sources,
          remediation,
          since,
          scope,
          severities == null ? Set.of(severity) : severities,
          siteSeverity);
    }
  }

  /**
   * @param root the parsed file
   * @param folderId the folder the file is in; the file's {@code id} must equal it
   * @param problems where problems are added
   * @return the fields read, or null when the file is unusable (no id, or a different id)
   */
  static Partial read(MapNode root, String folderId, List<Finding> problems) {
    for (MapNode.Entry e : root.entries().values()) {
      if (!KEYS.contains(e.key())) {
        problems.add(
            problem(
                e.keyLocation(),
                "unknown key '"
                    + e.key()
                    + "' in rule.yaml; known keys are "
                    + String.join(", ", KEYS.stream().sorted().toList())));
      }
    }
    String id = text(root, "id", problems);
    if (id == null) {
      problems.add(
          problem(
              root.location(),
              "rule.yaml of folder " + folderId + " has no id; write id: " + folderId));
      return null;
    }
    if (!id.equals(folderId)) {
      problems.add(
          problem(
              root.get("id").orElseThrow().location(),
              "rule.yaml says id "
                  + id
                  + " but its folder is "
                  + folderId
                  + "; the id must equal the folder name"));
      return null;
    }
    Severity severity = null;
    String sev = text(root, "severity", problems);
    if (sev != null) {
      try {
        severity = Severity.parse(sev);
      } catch (IllegalArgumentException bad) {
        problems.add(problem(root.get("severity").orElseThrow().location(), bad.getMessage()));
      }
    }
    Set<Severity> severities = words(root, "severities", Severity::parse, Severity.class, problems);
    Set<RuleMeta.Scope> scope =
        words(root, "scope", RuleMeta.Scope::parse, RuleMeta.Scope.class, problems);
    return new Partial(
        id,
        text(root, "title", problems),
        severity,
        text(root, "category", problems),
        text(root, "rationale", problems),
        texts(root, "sources", problems),
        text(root, "remediation", problems),
        text(root, "since", problems),
        scope,
        severities,
        null);
  }

  /**
   * A list of words ({@code [intent, live]}, or one word) parsed to an enum set; null when absent
   * or unusable.
   */
  private static <E extends Enum<E>> Set<E> words(
      MapNode map,
      String key,
      java.util.function.Function<String, E> parse,
      Class<E> type,
      List<Finding> problems) {
    Node n = map.get(key).orElse(null);
    if (n == null) {
      return null;
    }
    List<Node> items = n instanceof ListNode list ? list.items() : List.of(n);
    Set<E> out = java.util.EnumSet.noneOf(type);
    for (Node item : items) {
      if (!(item instanceof ScalarNode s) || !(s.value() instanceof String word)) {
        problems.add(problem(item.location(), key + " must be a word or a list of words"));
        return null;
      }
      try {
        out.add(parse.apply(word.strip()));
      } catch (IllegalArgumentException bad) {
        problems.add(problem(item.location(), bad.getMessage()));
        return null;
      }
    }
    if (out.isEmpty()) {
      problems.add(problem(n.location(), key + " must name at least one value"));
      return null;
    }
    return out;
  }

  private static String text(MapNode map, String key, List<Finding> problems) {
    Node n = map.get(key).orElse(null);
    if (n == null) {
      return null;
    }
    if (n instanceof ScalarNode s
        && s.value() != null
        && !(s.value() instanceof Boolean)
        && !s.text().isBlank()) {
      return s.text().strip();
    }
    problems.add(problem(n.location(), key + " must be non-empty text"));
    return null;
  }

  private static List<String> texts(MapNode map, String key, List<Finding> problems) {
    Node n = map.get(key).orElse(null);
    if (n == null) {
      return null;
    }
    if (!(n instanceof ListNode list)) {
      problems.add(problem(n.location(), key + " must be a list of texts"));
      return null;
    }
    List<String> out = new ArrayList<>();
    for (Node item : list.items()) {
      if (item instanceof ScalarNode s && s.value() instanceof String str && !str.isBlank()) {
        out.add(str.strip());
      } else {
        problems.add(problem(item.location(), key + " entries must be non-empty text"));
      }
    }
    return List.copyOf(out);
  }

  static Finding problem(Location where, String message) {
    return Finding.of(RULE, Severity.ERROR, message).at(where);
  }
}
