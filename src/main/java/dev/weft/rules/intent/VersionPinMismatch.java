package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Versions;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * A device whose switch OS or NIC firmware differs from what {@code fabric.versions} qualifies runs
 * an untested combination (Meta saw firmware changes break CNP counting). Devices that state no
 * version are not judged.
 */
public final class VersionPinMismatch implements Rule {

  static final String ID = "version-pin-mismatch";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    Versions pins = DeviceVersions.of(input.model());
    if (pins == null) {
      return List.of();
    }
    return DeviceVersions.judge(
        input.model(),
        pins.nicFirmware(),
        pins.switchOs(),
        (v, pinned) ->
            pinned.equals(v.value())
                ? null
                : Finding.of(
                        ID,
                        Severity.WARNING,
                        v.who()
                            + " runs "
                            + v.running()
                            + " but the fabric is qualified on "
                            + pinned
                            + " ("
                            + v.pinAt("")
                            + ")")
                    .withValues(pinned, v.value()));
  }
}
