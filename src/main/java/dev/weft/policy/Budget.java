package dev.weft.policy;

import dev.cel.common.ast.CelExpr;
import dev.cel.runtime.CelEvaluationListener;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import java.util.Collection;
import java.util.Map;

/**
 * What one user rule may spend in one run: evaluation steps in proportion to the objects it checks
 * and to the inventory (every step costs one, every list, map or text it produces costs its size
 * too), a bounded number per object for rules checked once per object, and no single value larger
 * than the inventory calls for. CEL cannot loop forever, but nested comprehensions over every port
 * of a large fabric, or a text doubled again and again, would run for hours or fill the heap; past
 * the budget the rule stops with a {@value UserRules#FAILED} finding that names it, and the run
 * completes without it.
 *
 * <p>Counted by CEL's evaluation listener, which sees every node as it is evaluated, so the budget
 * also holds inside a single evaluation. One per rule and run, used by one thread.
 */
final class Budget implements CelEvaluationListener {

  /** Steps a rule may take on average per object it checks. */
  static final long STEPS_PER_SUBJECT = 100;

  /** Steps a rule may take per object of the inventory (a rule that loops over the fabric once). */
  static final long STEPS_PER_OBJECT = 100;

  static final long MIN_STEPS = 1_000_000;

  /**
   * Steps one evaluation of a rule checked per object may take (its own switch's ports, not the
   * fabric's).
   */
  static final long MAX_STEPS_PER_EVALUATION = 100_000;

  static final long MIN_VALUE_SIZE = 100_000;

  /** Thrown from inside an evaluation when the budget is spent; CEL hands it back as the cause. */
  static final class Exceeded extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final long exprId;

    Exceeded(String message, long exprId) {
      super(message, null, false, false);
      this.exprId = exprId;
    }
  }

  private final long maxSteps;
  private final long maxPerEvaluation;
  private final long maxValueSize;
  private long steps;
  private long evaluationStart;

  Budget(long maxSteps, long maxPerEvaluation, long maxValueSize) {
    this.maxSteps = maxSteps;
    this.maxPerEvaluation = maxPerEvaluation;
    this.maxValueSize = maxValueSize;
  }

  /**
   * @param subjects how many objects the rule checks
   * @param perObject true when the rule is checked once per object (not once for the fabric)
   */
  static Budget forModel(FabricModel model, int subjects, boolean perObject) {
    long objects =
        model.switches().size()
            + model.effectivePorts().size()
            + model.links().size()
            + model.hosts().size()
            + (model.fabric() == null ? 0 : model.fabric().trafficClasses().size());
    for (Host h : model.hosts()) {
      objects += h.nics().size() + h.hcas().size();
    }
    long total = Math.max(MIN_STEPS, STEPS_PER_SUBJECT * subjects + STEPS_PER_OBJECT * objects);
    return new Budget(
        total, perObject ? MAX_STEPS_PER_EVALUATION : total, Math.max(MIN_VALUE_SIZE, 4 * objects));
  }

  /** One object's evaluation starts: its own allowance starts from here. */
  void startEvaluation() {
    evaluationStart = steps;
  }

  long maxSteps() {
    return maxSteps;
  }

  long steps() {
    return steps;
  }

  @Override
  public void callback(CelExpr expr, Object value) {
    steps++;
    long size =
        value instanceof Collection<?> c
            ? c.size()
            : value instanceof Map<?, ?> m
                ? m.size()
                : value instanceof String s ? s.length() / 16 : 0;
    if (size > maxValueSize) {
      throw new Exceeded(
          "a value of " + size + " elements (at most " + maxValueSize + " on this inventory)",
          expr.id());
    }
    steps += size;
    // the run's whole budget first: for a fabric rule the two limits are one and the same
    if (steps > maxSteps) {
      throw new Exceeded(
          maxSteps
              + " evaluation steps in all ("
              + STEPS_PER_SUBJECT
              + " per object checked and "
              + STEPS_PER_OBJECT
              + " per object of the inventory, at least "
              + MIN_STEPS
              + ")",
          expr.id());
    }
    if (steps - evaluationStart > maxPerEvaluation) {
      throw new Exceeded(
          maxPerEvaluation
              + " evaluation steps on one object (a rule checked on each object may"
              + " take "
              + MAX_STEPS_PER_EVALUATION
              + " per object)",
          expr.id());
    }
  }
}
