package dev.weft.remediate;

import dev.weft.live.LiveTarget;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.PatchRemediation;
import dev.weft.platform.Remediation;

/**
 * A device ready to plan: its pack's live profile and remediation (NETCONF edit, or JSON Patch for
 * a platform read over SSH commands: exactly one of the two is set), and what the pack renders for
 * it.
 */
record Prepared(
    LiveTarget target,
    LiveProfile profile,
    Remediation remediation,
    PatchRemediation patch,
    String rendered) {}
