package dev.weft.cli;

import dev.weft.finding.Severity;
import dev.weft.health.HealthRules;
import dev.weft.rules.RuleMeta;
import java.util.Map;
import java.util.TreeMap;

/**
 * The catalogue plus every id a device command reports (drift, health), as {@code weft explain} and
 * reports need.
 */
final class AuditRules {

  private AuditRules() {}

  static Map<String, RuleMeta> with(Map<String, RuleMeta> catalogue) {
    Map<String, RuleMeta> out = new TreeMap<>(catalogue); // drift ids are catalogue entries
    for (HealthRules.Description d : HealthRules.ALL) {
      Severity severity = d.warning() ? Severity.WARNING : Severity.ERROR;
      out.putIfAbsent(
          d.id(),
          new RuleMeta(
              d.id(),
              d.title(),
              severity,
              "health",
              d.rationale(),
              d.sources(),
              d.remediation(),
              "0.1.0",
              java.util.Set.of(RuleMeta.Scope.TOOL),
              java.util.Set.of(severity),
              null));
    }
    return out;
  }
}
