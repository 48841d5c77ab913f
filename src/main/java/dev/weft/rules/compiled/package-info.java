/**
 * Rules on compiled config: they read {@link dev.weft.rules.RuleInput#compiled()}, which is the
 * config compiled from intent in {@code weft validate} and the config read back from rendered files
 * or a live device elsewhere. From intent the compiler is consistent by construction, so most of
 * these fire there only when the intent itself is (dscp-map-incomplete, pfc-queue-mismatch,
 * watchdog-queue-mismatch); their main job is catching a rendered or live config that lost part of
 * the plan. Findings point at the intent line that owns the expected value when the compiled device
 * carries provenance.
 */
package dev.weft.rules.compiled;
