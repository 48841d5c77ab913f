/**
 * Fabric health from per-priority counters: the platform's counter commands and their parsers, the
 * counter snapshot kept in the audit history, and the findings ({@code health-*}) computed from the delta
 * since the previous snapshot against the intent's {@code fabric.health} thresholds. Uses the compiled
 * switch (which priorities are lossless, which queue carries CNPs); reads nothing itself.
 */
package dev.weft.health;
