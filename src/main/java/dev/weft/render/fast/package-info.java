/**
 * The fast path of the template engine: Weft's built-in templates compiled from Jinjava's parsed
 * tree into small immutable programs that render the same bytes without the Jinjava interpreter,
 * falling back to Jinjava for any template or value outside the checked subset. Only {@code
 * dev.weft.render} uses it.
 */
package dev.weft.render.fast;
