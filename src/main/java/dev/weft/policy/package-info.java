/**
 * User rules in CEL: a site's own rules, written as folders like the built-in ones ({@code
 * rule.yaml} with a scope and a CEL condition, a README, pass and fail fixtures) and run by the
 * same engine, so they are reported, waived, baselined and diffed exactly like built-in rules
 * ({@link dev.weft.policy.UserRules}).
 *
 * <p>The CEL environment declares the model's records as read-only types with documented fields in
 * base units ({@code IntentShapes}, {@code ConfigShapes}); rules are type-checked before anything
 * runs, every problem is a finding at the line and column of {@code rule.yaml}, and evaluation is
 * sandboxed (no I/O, no Java, no clock but the run's date) and budgeted. Findings point at the
 * intent line that set the value that broke the rule. {@link dev.weft.policy.PolicyFixtures} runs a
 * folder's fixtures ({@code weft test-policies}).
 *
 * <p>The only importer of cel-java (and its protobuf); CEL is loaded only when a user rule exists.
 * Depends on {@code yaml}, {@code model}, {@code compile}, {@code rules} and the shared values.
 */
package dev.weft.policy;
