/**
 * The rule engine: built-in rules as stateless pure functions of {@link dev.weft.rules.RuleInput},
 * their catalogue ({@link dev.weft.rules.RuleCatalog}, metadata in {@code
 * policies/<id>/rule.yaml}), and waivers. Depends on {@code model}, {@code compile}, {@code
 * finding} and (for reading {@code rule.yaml}) the YAML tree of {@code intent}; no third-party
 * library.
 *
 * <p>Naming: a rule class is its rule id in UpperCamelCase, with no suffix ({@code
 * ib-pkey-duplicate} is {@code IbPkeyDuplicate}, {@code pfc-link-asymmetric} is {@code
 * PfcLinkAsymmetric}), in {@code rules/intent} when it reads the intent model, in {@code
 * rules/compiled} when it reads compiled config, and in this package for the InfiniBand rules. The
 * suffix {@code Rule} is kept for {@link dev.weft.rules.Rule} itself and the abstract bases rules
 * extend ({@code RoceRule}, {@code PerSwitchRule}, {@code FabricRule}, ...), so a name ending in
 * {@code Rule} is never one rule. The one exception is {@code PlanExceptions} (id {@code
 * plan-exception}), whose singular would shadow the model record it reads. {@code RuleCatalogTest}
 * checks the convention.
 */
package dev.weft.rules;
