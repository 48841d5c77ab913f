/**
 * The list of built-in rules: the one place that knows every rule package (see {@link
 * dev.weft.rules.builtin.BuiltInRules}).
 */
package dev.weft.rules.builtin;
