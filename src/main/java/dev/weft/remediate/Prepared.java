package dev.weft.remediate;

import dev.weft.live.LiveTarget;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.Remediation;

/**
 * A device ready to plan: its pack's live profile and remediation, and what the pack renders for
 * it.
 */
record Prepared(LiveTarget target, LiveProfile profile, Remediation remediation, String rendered) {}
