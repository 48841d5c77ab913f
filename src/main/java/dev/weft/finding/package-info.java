/**
 * Value types shared by every stage: {@link dev.weft.finding.Finding}, {@link
 * dev.weft.finding.Location}, {@link dev.weft.finding.Severity}. Depends on nothing; every other
 * package may depend on it.
 */
package dev.weft.finding;
