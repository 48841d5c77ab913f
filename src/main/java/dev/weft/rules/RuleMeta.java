package dev.weft.rules;

import dev.weft.finding.Severity;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * A catalogue entry, read from {@code policies/<id>/rule.yaml}. Everything a reader or the engine
 * needs to know about a rule is declared here, not in code: the text (so a site can change wording
 * with {@code --policies DIR} without rebuilding), the default severity, the severities the rule
 * may emit, and where it runs ({@link Scope}). Weft's own finding ids ({@code schema}, {@code
 * drift-pfc}, ...) are entries too, with scope {@link Scope#TOOL}, so {@code weft explain} and
 * SARIF describe every id a command emits.
 *
 * @param id stable kebab-case id, equal to the folder name
 * @param title one line: what the rule finds
 * @param severity the built-in default severity (the one the rule's findings normally carry)
 * @param category grouping for docs (classification, pfc, ecn, mtu, topology, ...)
 * @param rationale why the rule exists, in plain words
 * @param sources where the rationale comes from: URLs or paper citations
 * @param remediation how to fix a violation; one or more sentences ending with a full stop
 * @param since the Weft version that introduced the rule
 * @param scope where the rule runs: on intent, on compiled (rendered) config, on live config; or
 *     {@code tool} for an id Weft itself emits (no rule class, no fixtures)
 * @param severities every severity the rule may emit; the engine reports a finding with any other
 *     as a bug
 * @param siteSeverity the severity a {@code --policies} override gives the rule's default-severity
 *     findings, or null when no site changed it
 */
public record RuleMeta(
    String id,
    String title,
    Severity severity,
    String category,
    String rationale,
    List<String> sources,
    String remediation,
    String since,
    Set<Scope> scope,
    Set<Severity> severities,
    Severity siteSeverity) {

  /** Where a rule runs. */
  public enum Scope {
    /** On the intent model (before compiling). */
    INTENT,
    /** On the compiled per-device config, the one templates render. */
    COMPILED,
    /** On the config read from a live device ({@code weft drift}). */
    LIVE,
    /** Not a rule: an id Weft itself emits (schema, render, drift, device and engine findings). */
    TOOL;

    /** The lower-case word used in {@code rule.yaml}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses {@code intent|compiled|live|tool}; throws {@link IllegalArgumentException} naming the
     * choices.
     */
    public static Scope parse(String word) {
      for (Scope s : values()) {
        if (s.label().equals(word)) {
          return s;
        }
      }
      throw new IllegalArgumentException(
          "scope must be intent, compiled, live or tool, found '" + word + "'");
    }
  }

  public RuleMeta {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(severity, "severity");
    sources = sources == null ? List.of() : List.copyOf(sources);
    scope =
        scope == null || scope.isEmpty()
            ? Set.of(Scope.INTENT)
            : Collections.unmodifiableSet(EnumSet.copyOf(scope));
    severities =
        severities == null || severities.isEmpty()
            ? Set.of(severity)
            : Collections.unmodifiableSet(EnumSet.copyOf(severities));
  }

  /** An intent rule that emits only its default severity (tests and simple callers). */
  public RuleMeta(
      String id,
      String title,
      Severity severity,
      String category,
      String rationale,
      List<String> sources,
      String remediation,
      String since) {
    this(
        id,
        title,
        severity,
        category,
        rationale,
        sources,
        remediation,
        since,
        Set.of(Scope.INTENT),
        Set.of(severity),
        null);
  }

  /**
   * The severity this site reports the rule's default findings at: the override when there is one.
   */
  public Severity effectiveSeverity() {
    return siteSeverity != null ? siteSeverity : severity;
  }

  /** True for Weft's own finding ids (no rule class, no fixtures). */
  public boolean tool() {
    return scope.contains(Scope.TOOL);
  }

  public boolean runsOn(Scope where) {
    return scope.contains(where);
  }

  /**
   * The severity a finding of this rule is reported at: a site's override replaces the default,
   * nothing else.
   */
  public Severity reported(Severity emitted) {
    return siteSeverity != null && emitted == severity ? siteSeverity : emitted;
  }
}
