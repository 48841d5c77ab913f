package dev.weft.policy;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.runtime.CelRuntime;
import java.util.List;

/**
 * A user rule after type-checking: one program per expression, ready to run on any number of
 * objects from any number of threads.
 *
 * @param variables in evaluation order
 * @param match null when the rule applies to every object of its scope
 * @param message literal text ({@link String}) and, for each {@code {{ }}} part, its index ({@link
 *     Integer}) in the list {@code messageParts} evaluates to
 * @param messageParts the message's parts as one list expression, or null when it has none
 * @param expected null to derive the expected value from the condition
 * @param actual null to derive the actual value from the condition
 * @param paths everything the variables, match and condition read (the cache key)
 */
record CompiledRule(
    RuleSpec spec,
    List<Variable> variables,
    Expr match,
    Expr condition,
    List<Object> message,
    Expr messageParts,
    Expr expected,
    Expr actual,
    List<AttributePaths.Path> paths) {

  /** One checked expression and its program. */
  record Expr(RuleSpec.Expression source, CelAbstractSyntaxTree ast, CelRuntime.Program program) {}

  record Variable(String name, Expr expr) {}
}
