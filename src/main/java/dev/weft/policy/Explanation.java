package dev.weft.policy;

import dev.cel.runtime.CelEvaluationException;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The finding for one object that broke a user rule, like a built-in rule's: located at the intent
 * line that set the value the condition read ({@link ConditionBlame}), on the object's device and
 * port, with the rule's message filled in and expected / actual values. Only violations are
 * explained, so this may evaluate again, with tracing, at no cost to clean inventories.
 */
final class Explanation {

  private final RuleRun run;
  private final CompiledRule rule;

  Explanation(RuleRun run, CompiledRule rule) {
    this.run = run;
    this.rule = rule;
  }

  Finding finding(Map<String, Object> activation, View object) {
    Map<Long, Object> trace = new HashMap<>();
    run.budget().startEvaluation();
    run.evaluate(activation, trace);
    ConditionBlame.Culprit culprit = ConditionBlame.of(rule.condition().ast().getExpr(), trace);
    View owner = culprit.owner();
    Location where = owner != null ? owner.locate(culprit.field()) : null;
    if (where == null) {
      where = object.self();
    }
    Shape.Place place =
        owner != null && owner.place() != null && owner.place().device() != null
            ? owner.place()
            : object.place() == null ? Shape.Place.NONE : object.place();
    String expected =
        rule.expected() != null ? text(rule.expected(), activation) : culprit.expected();
    String actual = rule.actual() != null ? text(rule.actual(), activation) : culprit.actual();
    Finding f = Finding.of(rule.spec().id(), rule.spec().severity(), message(activation));
    return f.at(where).onDevice(place.device()).onPort(place.port()).withValues(expected, actual);
  }

  private String message(Map<String, Object> activation) {
    List<?> values = null;
    String failed = null;
    if (rule.messageParts() != null) {
      try {
        values =
            (List<?>) rule.messageParts().program().trace(run.resolver(activation), run.budget());
      } catch (CelEvaluationException | RuntimeException bad) {
        failed =
            String.valueOf(bad.getMessage()).replaceFirst("^evaluation error at [^:]*:\\d+: ", "");
      }
    }
    StringBuilder out = new StringBuilder();
    for (Object piece : rule.message()) {
      if (piece instanceof Integer i) {
        out.append(values != null ? ValueText.of(values.get(i)) : "<" + failed + ">");
      } else {
        out.append((String) piece);
      }
    }
    return out.toString().strip().replaceAll("\\s*\\n\\s*", " ");
  }

  private String text(CompiledRule.Expr e, Map<String, Object> activation) {
    try {
      return ValueText.of(e.program().trace(run.resolver(activation), run.budget()));
    } catch (CelEvaluationException | RuntimeException bad) {
      return "<"
          + e.source().text().strip()
          + ": "
          + String.valueOf(bad.getMessage()).replaceFirst("^evaluation error at [^:]*:\\d+: ", "")
          + ">";
    }
  }
}
