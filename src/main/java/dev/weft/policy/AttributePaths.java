package dev.weft.policy;

import dev.cel.common.ast.CelConstant;
import dev.cel.common.ast.CelExpr;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parts of the model an expression reads: every chain of field selections that starts at one of
 * the rule's inputs ({@code port.link.cable_length}, {@code has(port.role)}, a bare {@code port}).
 * CEL is pure, so an expression's result is a function of these values alone; {@link SubjectCache}
 * uses them as the key under which one evaluation answers every object that has the same values (on
 * a large fabric, 100,000 ports with a handful of speed and role combinations are evaluated a
 * handful of times).
 */
final class AttributePaths {

  /**
   * One chain: the input it starts at, the fields selected in order, and whether it only tests
   * presence.
   */
  record Path(String root, List<String> fields, boolean presence) {}

  /**
   * Every element of a list (or key of a map) a comprehension walks: {@code
   * config.ports[*].speed_gbps}.
   */
  static final String EACH = "*";

  private final Set<String> roots;
  private final Set<Path> found = new LinkedHashSet<>();

  private AttributePaths(Set<String> roots) {
    this.roots = roots;
  }

  /** The chains {@code expr} reads from the given inputs, in first-read order. */
  static List<Path> of(CelExpr expr, Set<String> roots) {
    AttributePaths p = new AttributePaths(roots);
    p.walk(expr, Map.of());
    return List.copyOf(p.found);
  }

  /**
   * @param bound names that shadow the inputs: to the chain whose elements they range over (a
   *     comprehension over {@code config.ports} binds {@code p} to {@code config.ports[*]}), or to
   *     null when they hold anything else (an accumulator, a bound value)
   */
  private void walk(CelExpr e, Map<String, Path> bound) {
    switch (e.exprKind().getKind()) {
      case IDENT -> {
        Path p = start(e.ident().name(), bound);
        if (p != null) {
          found.add(p);
        }
      }
      case SELECT -> {
        if (!chain(e, bound)) {
          walk(e.select().operand(), bound);
        }
      }
      case CALL -> {
        if (!chain(e, bound)) {
          e.call().target().ifPresent(t -> walk(t, bound));
          e.call().args().forEach(a -> walk(a, bound));
        }
      }
      case COMPREHENSION -> {
        CelExpr.CelComprehension c = e.comprehension();
        Path range = c.iterVar2().isEmpty() ? rangeOf(c.iterRange(), bound) : null;
        if (range == null) {
          walk(c.iterRange(), bound);
        }
        walk(c.accuInit(), bound);
        Map<String, Path> inner = new HashMap<>(bound);
        inner.put(c.iterVar(), range == null ? null : extend(range, EACH));
        if (!c.iterVar2().isEmpty()) {
          inner.put(c.iterVar2(), null);
        }
        inner.put(c.accuVar(), null);
        walk(c.loopCondition(), inner);
        walk(c.loopStep(), inner);
        walk(c.result(), inner);
      }
      default -> CelTrees.children(e).forEach(x -> walk(x, bound));
    }
  }

  /** The chain a name starts: an input, an element of a chain, or nothing (a local value). */
  private Path start(String name, Map<String, Path> bound) {
    if (bound.containsKey(name)) {
      return bound.get(name);
    }
    return roots.contains(name) ? new Path(name, List.of(), false) : null;
  }

  private static Path extend(Path p, String field) {
    List<String> fields = new ArrayList<>(p.fields());
    fields.add(field);
    return new Path(p.root(), List.copyOf(fields), false);
  }

  /**
   * The chain a comprehension ranges over, when it is one (its elements are then read through the
   * variable).
   */
  private Path rangeOf(CelExpr range, Map<String, Path> bound) {
    List<String> fields = new ArrayList<>();
    CelExpr at = range;
    while (true) {
      if (at.exprKind().getKind() == CelExpr.ExprKind.Kind.SELECT && !at.select().testOnly()) {
        fields.add(0, at.select().field());
        at = at.select().operand();
      } else if (isOptionalSelect(at)) {
        return null; // an optional list is not a list: leave it to the plain walk
      } else {
        break;
      }
    }
    if (at.exprKind().getKind() != CelExpr.ExprKind.Kind.IDENT) {
      return null;
    }
    Path base = start(at.ident().name(), bound);
    if (base == null) {
      return null;
    }
    Path p = base;
    for (String f : fields) {
      p = extend(p, f);
    }
    return p;
  }

  /**
   * Records {@code e} when it is a selection chain from an input; false when it is something else.
   */
  private boolean chain(CelExpr e, Map<String, Path> bound) {
    boolean presence =
        e.exprKind().getKind() == CelExpr.ExprKind.Kind.SELECT && e.select().testOnly();
    List<String> fields = new ArrayList<>();
    CelExpr at = e;
    while (true) {
      if (at.exprKind().getKind() == CelExpr.ExprKind.Kind.SELECT) {
        fields.add(0, at.select().field());
        at = at.select().operand();
      } else if (isOptionalSelect(at)) {
        fields.add(0, at.call().args().get(1).constant().stringValue());
        at = at.call().args().get(0);
      } else {
        break;
      }
    }
    if (fields.isEmpty() || at.exprKind().getKind() != CelExpr.ExprKind.Kind.IDENT) {
      return false;
    }
    Path base = start(at.ident().name(), bound);
    if (base == null) {
      return false;
    }
    List<String> all = new ArrayList<>(base.fields());
    all.addAll(fields);
    found.add(new Path(base.root(), List.copyOf(all), presence));
    return true;
  }

  /** {@code a.?b}: CEL writes it as the call {@code _?._(a, "b")}. */
  static boolean isOptionalSelect(CelExpr e) {
    return e.exprKind().getKind() == CelExpr.ExprKind.Kind.CALL
        && e.call().function().equals("_?._")
        && e.call().args().size() == 2
        && e.call().args().get(1).exprKind().getKind() == CelExpr.ExprKind.Kind.CONSTANT
        && e.call().args().get(1).constant().getKind() == CelConstant.Kind.STRING_VALUE;
  }
}
