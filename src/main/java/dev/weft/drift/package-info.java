/**
 * Intended versus live: {@link dev.weft.drift.Drift} compares two compiled switches feature by
 * feature, {@link dev.weft.drift.DriftAudit} is the drift use case (read, compare, not-audited
 * features, rules on the live config), and the InfiniBand fabric check against OpenSM.
 */
package dev.weft.drift;
