package dev.weft.policy;

import dev.cel.common.ast.CelExpr;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which value broke a condition, from one traced evaluation that came out false: the walk follows
 * the part that decided the result ({@code a && b}: the first false side; {@code a || b}: the last,
 * since both are false; a comprehension: the iteration it stopped at), down to the comparison or
 * call at the bottom, and takes the first model field read there. {@code port.role != 'storage' ||
 * port.speed <= 200} blames {@code port.speed}; {@code fabric.traffic_classes.all(c, c.weight >=
 * 10)} blames the weight of the class it stopped at. The finding then points at the line that set
 * that field, and its expected and actual values come from the two sides of the comparison.
 */
final class ConditionBlame {

  private static final Map<String, String> COMPARISONS =
      Map.of(
          "_==_", "==", "_!=_", "!=", "_<_", "<", "_<=_", "<=", "_>_", ">", "_>=_", ">=", "@in",
          "in");
  private static final Map<String, String> MIRRORED =
      Map.of("<", ">", "<=", ">=", ">", "<", ">=", "<=");
  private static final Set<String> PASS_THROUGH = Set.of("!_", "@not_strictly_false");

  /**
   * @param owner the object whose field broke the rule, or null when no model field decided it
   * @param field that field's name
   * @param expected e.g. {@code <= 200G}, or null
   * @param actual e.g. {@code 400G}, or null
   */
  record Culprit(View owner, String field, String expected, String actual) {}

  private ConditionBlame() {}

  /**
   * @param values the last value each node of {@code condition} took in the traced evaluation
   */
  static Culprit of(CelExpr condition, Map<Long, Object> values) {
    CelExpr leaf = decidingPart(condition, values);
    for (CelExpr e : CelTrees.preorder(leaf)) {
      CelExpr operand = null;
      String field = null;
      if (e.exprKind().getKind() == CelExpr.ExprKind.Kind.SELECT && !e.select().testOnly()) {
        operand = e.select().operand();
        field = e.select().field();
      } else if (AttributePaths.isOptionalSelect(e)) {
        operand = e.call().args().get(0);
        field = e.call().args().get(1).constant().stringValue();
      }
      if (operand != null
          && values.get(operand.id()) instanceof View owner
          && owner.shape().fields().containsKey(field)) {
        String unit = owner.shape().fields().get(field).unit();
        String[] sides = sides(leaf, e, values, unit);
        return new Culprit(
            owner,
            field,
            sides[0],
            sides[1] != null ? sides[1] : ValueText.withUnit(values.get(e.id()), unit));
      }
    }
    return new Culprit(null, null, null, null);
  }

  private static CelExpr decidingPart(CelExpr e, Map<Long, Object> values) {
    while (true) {
      if (e.exprKind().getKind() == CelExpr.ExprKind.Kind.COMPREHENSION) {
        CelExpr.CelComprehension c = e.comprehension();
        boolean accumulates =
            c.result().exprKind().getKind() == CelExpr.ExprKind.Kind.IDENT
                && c.result().ident().name().equals(c.accuVar());
        e = accumulates ? c.loopStep() : c.result();
        continue;
      }
      if (e.exprKind().getKind() != CelExpr.ExprKind.Kind.CALL) {
        return e;
      }
      String fn = e.call().function();
      List<CelExpr> args = e.call().args();
      if (fn.equals("_&&_")) {
        e =
            args.stream()
                .filter(a -> !Boolean.TRUE.equals(values.get(a.id())))
                .findFirst()
                .orElse(args.get(0));
      } else if (fn.equals("_||_")) {
        e = args.get(args.size() - 1);
      } else if (PASS_THROUGH.contains(fn) && args.size() == 1) {
        e = args.get(0);
      } else if (fn.equals("_?_:_") && args.size() == 3) {
        e = Boolean.TRUE.equals(values.get(args.get(0).id())) ? args.get(1) : args.get(2);
      } else {
        return e;
      }
    }
  }

  /** Expected and actual from the two sides of a comparison at the bottom, or nulls. */
  private static String[] sides(
      CelExpr leaf, CelExpr culprit, Map<Long, Object> values, String unit) {
    String op =
        leaf.exprKind().getKind() == CelExpr.ExprKind.Kind.CALL
            ? COMPARISONS.get(leaf.call().function())
            : null;
    if (op == null || leaf.call().args().size() != 2) {
      return new String[] {null, null};
    }
    List<CelExpr> args = leaf.call().args();
    int side =
        CelTrees.preorder(args.get(0)).stream().anyMatch(x -> x.id() == culprit.id()) ? 0 : 1;
    Object mine = values.get(args.get(side).id());
    Object other = values.get(args.get(1 - side).id());
    String shown = ValueText.withUnit(other, unit);
    if (side == 1) {
      op = MIRRORED.getOrDefault(op, op);
    }
    String expected =
        switch (op) {
          case "==" -> shown;
          case "!=" -> "not " + shown;
          case "in" -> side == 0 ? "one of " + shown : null;
          default -> op + " " + shown;
        };
    return new String[] {expected, ValueText.withUnit(mine, unit)};
  }
}
