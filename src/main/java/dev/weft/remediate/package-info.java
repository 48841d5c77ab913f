/**
 * Closing the loop: {@link dev.weft.remediate.Remediator} turns each device's drift (read fresh, or
 * from a drift or audit report) into the smallest NETCONF edit that brings the drifted parts back
 * to intent, cut by the device's platform pack ({@link dev.weft.platform.Remediation}) from what
 * its templates render; shows it as a plan (dry run), or pushes it with lock, discard-changes,
 * edit-config, validate and a confirmed commit that is confirmed only when the device reads back in
 * sync, and rolled back otherwise. Per-device statuses and the remediate-* findings say what
 * happened to each device.
 */
package dev.weft.remediate;
