package dev.weft.remediate;

import dev.weft.live.LiveTarget;
import dev.weft.platform.Feature;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.Remediation;
import dev.weft.platform.Transaction;
import java.util.Objects;
import java.util.Set;

/**
 * A device ready to plan: its pack's live profile and remediation (NETCONF edit, or a transaction
 * of SSH commands for a platform read over SSH: exactly one of the two is set), and what the pack
 * renders for it; for a NETCONF switch whose platform serves some features only over its CLI and
 * that names its CLI login, also the CLI part ({@link TwoParts}), or null.
 */
record Prepared(
    LiveTarget target,
    LiveProfile profile,
    Remediation remediation,
    Transaction transaction,
    String rendered,
    CliPart cli) {

  Prepared(
      LiveTarget target,
      LiveProfile profile,
      Remediation remediation,
      Transaction transaction,
      String rendered) {
    this(target, profile, remediation, transaction, rendered, null);
  }

  /**
   * The CLI part of a switch remediated in two parts.
   *
   * @param prepared the CLI login as the target, the pack's CLI read and transaction
   * @param served the features the CLI part judges and changes (the NETCONF part the others)
   */
  record CliPart(Prepared prepared, Set<Feature> served) {
    CliPart {
      Objects.requireNonNull(prepared, "prepared");
      served = Set.copyOf(served);
    }
  }
}
