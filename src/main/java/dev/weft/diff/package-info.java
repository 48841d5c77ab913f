/**
 * Pre-merge comparison of two refs: findings new, fixed and existing between base and head, the
 * devices whose rendered configs change, baselines for adopting Weft on a fabric with known
 * findings.
 */
package dev.weft.diff;
