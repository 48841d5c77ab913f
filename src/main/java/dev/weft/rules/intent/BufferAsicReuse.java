package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Port;
import dev.weft.model.Profile;
import dev.weft.model.Switch;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A hand-set PFC headroom in a profile that ports on switches of different ASIC generations share.
 * Buffer values are cells of one ASIC's memory: NVIDIA states that RoCE configuration generated for
 * one Spectrum generation is not applicable to another, so one xoff for several generations is
 * right for at most one of them. Weft's computed headroom is keyed to each switch's ASIC; a
 * hand-set one must be too.
 */
public final class BufferAsicReuse extends RoceRule {

  static final String ID = "buffer-asic-reuse";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    if (model.profiles().values().stream().noneMatch(p -> p.headroomXoff() != null)) {
      return;
    }
    Map<String, TreeSet<String>> asicsByProfile = new TreeMap<>();
    for (Switch s : model.switches()) {
      for (Port p : s.ports()) {
        Profile profile = p.profile() == null ? null : model.profiles().get(p.profile());
        if (profile != null && profile.headroomXoff() != null && p.headroomXoff() == null) {
          asicsByProfile
              .computeIfAbsent(profile.name(), k -> new TreeSet<>())
              .add(s.asic() == null ? "(no asic)" : s.asic());
        }
      }
    }
    asicsByProfile.forEach(
        (name, asics) -> {
          if (asics.size() < 2) {
            return;
          }
          Profile profile = model.profiles().get(name);
          findings.add(
              Finding.of(
                      ID,
                      Severity.ERROR,
                      "profile "
                          + name
                          + " sets a headroom xoff of "
                          + profile.headroomXoff()
                          + " for ports on "
                          + String.join(", ", asics)
                          + "; buffer values of one ASIC generation do not apply to another: give each generation its own profile"
                          + " or let Weft compute the headroom")
                  .at(Roce.at(profile.at(), "headroom"))
                  .withPath("/profiles/" + name + "/headroom")
                  .withValues(
                      "one ASIC generation per hand-set headroom", String.join(", ", asics)));
        });
  }
}
