/**
 * The rule engine: built-in rules as stateless pure functions of {@link dev.weft.rules.RuleInput},
 * their catalogue ({@link dev.weft.rules.RuleCatalog}, metadata in {@code policies/<id>/rule.yaml}),
 * and waivers. Depends on {@code model}, {@code compile}, {@code finding} and (for reading
 * {@code rule.yaml}) the YAML tree of {@code intent}; no third-party library.
 */
package dev.weft.rules;
