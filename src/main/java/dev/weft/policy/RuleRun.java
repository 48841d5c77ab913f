package dev.weft.policy;

import dev.cel.common.CelErrorCode;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelEvaluationListener;
import dev.cel.runtime.CelVariableResolver;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One user rule over one inventory: every object of its scope, through the {@link SubjectCache},
 * under one {@link Budget}. Violations become findings ({@link Explanation}); an evaluation error
 * is counted and reported once for the rule; a spent budget stops the rule with one finding.
 * Nothing escapes as an exception: whatever a rule does, the run completes.
 */
final class RuleRun {

  private static final Pattern CEL_ERROR =
      Pattern.compile("(?s)^evaluation error at [^:]*:(\\d+): (.*)$");

  /** What one object's evaluation came to. */
  enum Kind {
    SKIPPED,
    HOLDS,
    VIOLATED,
    ERROR,
    RUNAWAY
  }

  /**
   * @param where for ERROR and RUNAWAY: the rule.yaml position of the part that failed
   * @param message for ERROR and RUNAWAY: what went wrong
   */
  record Outcome(Kind kind, Location where, String message) {
    static final Outcome SKIPPED = new Outcome(Kind.SKIPPED, null, null);
    static final Outcome HOLDS = new Outcome(Kind.HOLDS, null, null);
    static final Outcome VIOLATED = new Outcome(Kind.VIOLATED, null, null);
  }

  private final CompiledRule rule;
  private final Context ctx;
  private final Instant today;

  /** Set by {@link #run} once the number of objects is known. */
  private Budget budget;

  private final View fabric;
  private final Map<String, Shape.Kind> rootKinds = new LinkedHashMap<>();
  private final Map<String, CompiledRule.Variable> variables = new HashMap<>();

  RuleRun(CompiledRule rule, Shapes shapes, FabricModel model, LocalDate today) {
    this.rule = rule;
    this.ctx = new Context(shapes, model);
    this.today = today.atStartOfDay(ZoneOffset.UTC).toInstant();
    this.fabric = new View(shapes.shape("weft.Fabric"), model, ctx, Shape.Place.NONE);
    rule.spec()
        .scope()
        .variables()
        .forEach((name, shape) -> rootKinds.put(name, new Shape.Struct(shape)));
    rootKinds.put("fabric", new Shape.Struct("weft.Fabric"));
    rootKinds.put("today", new Shape.Scalar("timestamp"));
    rule.variables().forEach(v -> variables.put(v.name(), v));
  }

  List<Finding> run(List<Object[]> subjects) {
    budget = Budget.forModel(ctx.model(), subjects.size(), rule.spec().scope().perObject());
    List<Finding> findings = new ArrayList<>();
    SubjectCache<Outcome> cache = new SubjectCache<>(rule.paths(), rootKinds, ctx);
    int errors = 0;
    Outcome firstError = null;
    String firstErrorOn = null;
    int vars = rule.spec().scope().variables().size();
    Object[] inputs = new Object[vars + 2];
    inputs[vars] = ctx.model();
    inputs[vars + 1] = today;
    for (Object[] raws : subjects) {
      System.arraycopy(raws, 0, inputs, 0, vars);
      Outcome outcome = null;
      Object key = null;
      if (cache.enabled()) {
        key = cache.key(inputs);
        outcome = cache.get(key);
      }
      if (outcome == null) {
        budget.startEvaluation();
        outcome = evaluate(activation(raws), null);
        if (key != null && cache.enabled() && outcome.kind() != Kind.RUNAWAY) {
          cache.put(key, outcome);
        }
      }
      switch (outcome.kind()) {
        case VIOLATED ->
            findings.add(new Explanation(this, rule).finding(activation(raws), primary(raws)));
        case ERROR -> {
          if (errors++ == 0) {
            firstError = outcome;
            firstErrorOn = primary(raws).toString();
          }
        }
        case RUNAWAY -> {
          findings.add(
              failed(
                  outcome.where(),
                  "user rule "
                      + rule.spec().id()
                      + " is a runaway: it stopped on "
                      + primary(raws)
                      + " after "
                      + outcome.message()
                      + "; its findings are missing from this report. A rule that"
                      + " loops over the whole fabric for each object grows with the square of the fabric: check each"
                      + " object on its own scope, or loop once in a fabric rule"));
          return findings;
        }
        default -> {}
      }
    }
    if (errors > 0) {
      findings.add(
          failed(
              firstError.where(),
              "user rule "
                  + rule.spec().id()
                  + " could not be evaluated on "
                  + errors
                  + " of "
                  + subjects.size()
                  + " "
                  + rule.spec().scope().word()
                  + " objects (first: "
                  + firstErrorOn
                  + ": "
                  + firstError.message()
                  + "); those objects were not checked. Guard values that may be absent with"
                  + " has(...) or ?."));
    }
    return findings;
  }

  private Finding failed(Location where, String message) {
    return Finding.of(UserRules.FAILED, Severity.ERROR, message).at(where);
  }

  /** The object checked: its view (the first scope variable), or the fabric for a fabric rule. */
  View primary(Object[] raws) {
    Map<String, String> vars = rule.spec().scope().variables();
    if (vars.isEmpty()) {
      return fabric;
    }
    String first = vars.values().iterator().next();
    return new View(ctx.shapes().shape(first), raws[0], ctx, Shape.Place.NONE);
  }

  /** The CEL values of one object's inputs: views of its records, the fabric, the date. */
  Map<String, Object> activation(Object[] raws) {
    Map<String, Object> act = new HashMap<>();
    int i = 0;
    for (Map.Entry<String, String> v : rule.spec().scope().variables().entrySet()) {
      Object raw = raws[i++];
      if (raw != null) {
        act.put(v.getKey(), new View(ctx.shapes().shape(v.getValue()), raw, ctx, Shape.Place.NONE));
      }
    }
    act.put("fabric", fabric);
    act.put("today", today);
    return act;
  }

  /**
   * Evaluates match and condition on one object; the rule's variables are evaluated when first
   * read, so a match that rules an object out also keeps its variables from being computed.
   *
   * @param trace when not null, also told every value the condition's nodes take (for {@link
   *     ConditionBlame})
   */
  Outcome evaluate(Map<String, Object> act, Map<Long, Object> trace) {
    CompiledRule.Expr at = null;
    try {
      if (rule.match() != null) {
        at = rule.match();
        Object matched = at.program().trace(resolver(act), budget);
        if (!Boolean.TRUE.equals(matched)) {
          return matched instanceof Boolean ? Outcome.SKIPPED : notBoolean(at, "match", matched);
        }
      }
      at = rule.condition();
      CelEvaluationListener listener =
          trace == null
              ? budget
              : (expr, value) -> {
                budget.callback(expr, value);
                trace.put(expr.id(), value);
              };
      Object holds = at.program().trace(resolver(act), listener);
      if (holds instanceof Boolean b) {
        return b ? Outcome.HOLDS : Outcome.VIOLATED;
      }
      return notBoolean(at, "condition", holds);
    } catch (CelEvaluationException e) {
      return failure(at, e);
    } catch (VariableFailed e) {
      return failure(e.variable, e.failure);
    } catch (Budget.Exceeded e) {
      return new Outcome(
          Kind.RUNAWAY, RuleCompiler.position(at.source(), at.ast(), e.exprId), e.getMessage());
    } catch (RuntimeException | StackOverflowError e) {
      return new Outcome(
          Kind.ERROR,
          at == null ? null : at.source().start(),
          e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    }
  }

  /** A rule variable's evaluation failed while another expression read it. */
  private static final class VariableFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient CompiledRule.Expr variable;
    final CelEvaluationException failure;

    VariableFailed(CompiledRule.Expr variable, CelEvaluationException failure) {
      super(failure.getMessage(), null, false, false);
      this.variable = variable;
      this.failure = failure;
    }
  }

  /**
   * Names to values: the inputs, and each rule variable computed on first read and kept for the
   * object.
   */
  CelVariableResolver resolver(Map<String, Object> act) {
    return name -> {
      Object known = act.get(name);
      if (known != null) {
        return Optional.of(known);
      }
      CompiledRule.Variable v = variables.get(name);
      if (v == null) {
        return Optional.empty();
      }
      try {
        Object value = v.expr().program().trace(resolver(act), budget);
        act.put(name, value);
        return Optional.of(value);
      } catch (CelEvaluationException e) {
        throw new VariableFailed(v.expr(), e);
      }
    };
  }

  private static Outcome notBoolean(CompiledRule.Expr at, String what, Object value) {
    return new Outcome(
        Kind.ERROR,
        at.source().start(),
        what + " gave " + ValueText.of(value) + ", not true or false");
  }

  private static Outcome failure(CompiledRule.Expr at, CelEvaluationException e) {
    if (e.getCause() instanceof VariableFailed inner) {
      return failure(inner.variable, inner.failure);
    }
    Matcher m = CEL_ERROR.matcher(String.valueOf(e.getMessage()));
    Location where = at.source().start();
    String message = String.valueOf(e.getMessage());
    if (m.matches()) {
      where = at.source().where().atOffset(Integer.parseInt(m.group(1)));
      message = m.group(2);
    }
    if (e.getCause() instanceof Budget.Exceeded x) {
      return new Outcome(
          Kind.RUNAWAY, RuleCompiler.position(at.source(), at.ast(), x.exprId), x.getMessage());
    }
    if (e.getErrorCode() == CelErrorCode.ITERATION_BUDGET_EXCEEDED) {
      return new Outcome(
          Kind.RUNAWAY,
          where,
          CelEnvironment.MAX_ITERATIONS + " comprehension steps in one evaluation");
    }
    return new Outcome(Kind.ERROR, where, message);
  }

  Budget budget() {
    return budget;
  }
}
