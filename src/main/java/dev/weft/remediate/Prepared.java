package dev.weft.remediate;

import dev.weft.live.LiveTarget;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.Remediation;
import dev.weft.platform.Transaction;

/**
 * A device ready to plan: its pack's live profile and remediation (NETCONF edit, or a transaction
 * of SSH commands for a platform read over SSH: exactly one of the two is set), and what the pack
 * renders for it.
 */
record Prepared(
    LiveTarget target,
    LiveProfile profile,
    Remediation remediation,
    Transaction transaction,
    String rendered) {}
