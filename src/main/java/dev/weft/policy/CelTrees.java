package dev.weft.policy;

import dev.cel.common.ast.CelExpr;
import java.util.ArrayList;
import java.util.List;

/** Walking a CEL expression tree: the children of a node, in source order. */
final class CelTrees {

  private CelTrees() {}

  static List<CelExpr> children(CelExpr e) {
    List<CelExpr> out = new ArrayList<>();
    switch (e.exprKind().getKind()) {
      case SELECT -> out.add(e.select().operand());
      case CALL -> {
        e.call().target().ifPresent(out::add);
        out.addAll(e.call().args());
      }
      case LIST -> out.addAll(e.list().elements());
      case MAP ->
          e.map()
              .entries()
              .forEach(
                  en -> {
                    out.add(en.key());
                    out.add(en.value());
                  });
      case STRUCT -> e.struct().entries().forEach(en -> out.add(en.value()));
      case COMPREHENSION -> {
        CelExpr.CelComprehension c = e.comprehension();
        out.addAll(
            List.of(c.iterRange(), c.accuInit(), c.loopCondition(), c.loopStep(), c.result()));
      }
      default -> {}
    }
    return out;
  }

  /** Every node of the tree, parents before children, children in source order. */
  static List<CelExpr> preorder(CelExpr root) {
    List<CelExpr> out = new ArrayList<>();
    List<CelExpr> todo = new ArrayList<>(List.of(root));
    while (!todo.isEmpty()) {
      CelExpr at = todo.remove(todo.size() - 1);
      out.add(at);
      List<CelExpr> kids = children(at);
      for (int i = kids.size() - 1; i >= 0; i--) {
        todo.add(kids.get(i));
      }
    }
    return out;
  }
}
