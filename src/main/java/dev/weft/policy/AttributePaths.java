package dev.weft.policy;

import dev.cel.common.ast.CelConstant;
import dev.cel.common.ast.CelExpr;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The parts of the model an expression reads: every chain of field selections that starts at one of the
 * rule's inputs ({@code port.link.cable_length}, {@code has(port.role)}, a bare {@code port}). CEL is
 * pure, so an expression's result is a function of these values alone; {@link SubjectCache} uses them as
 * the key under which one evaluation answers every object that has the same values (on a large fabric,
 * 100,000 ports with a handful of speed and role combinations are evaluated a handful of times).
 */
final class AttributePaths {

    /** One chain: the input it starts at, the fields selected in order, and whether it only tests presence. */
    record Path(String root, List<String> fields, boolean presence) {}

    private final Set<String> roots;
    private final Set<Path> found = new LinkedHashSet<>();

    private AttributePaths(Set<String> roots) {
        this.roots = roots;
    }

    /** The chains {@code expr} reads from the given inputs, in first-read order. */
    static List<Path> of(CelExpr expr, Set<String> roots) {
        AttributePaths p = new AttributePaths(roots);
        p.walk(expr, Set.of());
        return List.copyOf(p.found);
    }

    private void walk(CelExpr e, Set<String> shadowed) {
        switch (e.exprKind().getKind()) {
            case IDENT -> {
                if (roots.contains(e.ident().name()) && !shadowed.contains(e.ident().name())) {
                    found.add(new Path(e.ident().name(), List.of(), false));
                }
            }
            case SELECT -> {
                if (!chain(e, shadowed)) {
                    walk(e.select().operand(), shadowed);
                }
            }
            case CALL -> {
                if (!chain(e, shadowed)) {
                    e.call().target().ifPresent(t -> walk(t, shadowed));
                    e.call().args().forEach(a -> walk(a, shadowed));
                }
            }
            case LIST -> e.list().elements().forEach(x -> walk(x, shadowed));
            case MAP -> e.map().entries().forEach(x -> {
                walk(x.key(), shadowed);
                walk(x.value(), shadowed);
            });
            case STRUCT -> e.struct().entries().forEach(x -> walk(x.value(), shadowed));
            case COMPREHENSION -> {
                CelExpr.CelComprehension c = e.comprehension();
                walk(c.iterRange(), shadowed);
                walk(c.accuInit(), shadowed);
                Set<String> inner = new HashSet<>(shadowed);
                inner.add(c.iterVar());
                if (!c.iterVar2().isEmpty()) {
                    inner.add(c.iterVar2());
                }
                inner.add(c.accuVar());
                walk(c.loopCondition(), inner);
                walk(c.loopStep(), inner);
                walk(c.result(), inner);
            }
            default -> { }
        }
    }

    /** Records {@code e} when it is a selection chain from an input; false when it is something else. */
    private boolean chain(CelExpr e, Set<String> shadowed) {
        boolean presence = e.exprKind().getKind() == CelExpr.ExprKind.Kind.SELECT && e.select().testOnly();
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
        String root = at.ident().name();
        if (!roots.contains(root) || shadowed.contains(root)) {
            return false;
        }
        found.add(new Path(root, List.copyOf(fields), presence));
        return true;
    }

    /** {@code a.?b}: CEL writes it as the call {@code _?._(a, "b")}. */
    static boolean isOptionalSelect(CelExpr e) {
        return e.exprKind().getKind() == CelExpr.ExprKind.Kind.CALL && e.call().function().equals("_?._")
                && e.call().args().size() == 2
                && e.call().args().get(1).exprKind().getKind() == CelExpr.ExprKind.Kind.CONSTANT
                && e.call().args().get(1).constant().getKind() == CelConstant.Kind.STRING_VALUE;
    }
}
