package dev.weft.remediate;

import dev.weft.compile.CompiledSwitch;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Remediation;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * The NETCONF part of a two-part switch ({@link TwoParts}) whose pack changes nothing over NETCONF
 * (a pack with a CLI audit and no {@link dev.weft.platform.LiveProfile#remediation()}): it is read
 * and planned so its drift is reported, every part not remediable, and never pushed.
 *
 * @param platform the pack's id, for the reason
 */
record NotChanged(String platform) implements Remediation {

  @Override
  public Edit edit(CompiledSwitch intended, String rendered, Collection<DriftedPart> drifted) {
    Map<DriftedPart, String> why = new TreeMap<>();
    drifted.forEach(
        d ->
            why.put(
                d,
                "the "
                    + platform
                    + " pack changes nothing over NETCONF (only what the switch serves over its"
                    + " CLI, in a configuration session)"));
    return Edit.none(why);
  }
}
