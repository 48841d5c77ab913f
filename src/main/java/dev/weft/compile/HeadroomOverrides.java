package dev.weft.compile;

import dev.weft.model.EffectivePort;
import dev.weft.model.FabricModel;
import dev.weft.model.Port;
import dev.weft.model.Profile;
import dev.weft.model.Sourced;
import dev.weft.units.Size;
import java.util.Optional;

/**
 * Where an intent-configured xoff for a port comes from: the optional {@code headroom: { xoff:
 * <size> }} on the port, else on its profile. {@code headroom-insufficient} compares it with the
 * computed minimum.
 */
@FunctionalInterface
public interface HeadroomOverrides {

  /** No overrides: every xoff is the computed one. */
  HeadroomOverrides NONE = port -> Optional.empty();

  /** The configured xoff for this port, with the line that set it, or empty. */
  Optional<Sourced<Size>> xoffFor(EffectivePort port);

  /**
   * The overrides written in the intent: the port's own {@code headroom.xoff}, else its profile's.
   */
  static HeadroomOverrides fromIntent(FabricModel model) {
    return port -> {
      Port own = port.port();
      if (own.headroomXoff() != null) {
        return Optional.of(new Sourced<>(own.headroomXoff(), own.at().of("headroom"), "port"));
      }
      Profile profile = own.profile() == null ? null : model.profiles().get(own.profile());
      if (profile != null && profile.headroomXoff() != null) {
        return Optional.of(
            new Sourced<>(
                profile.headroomXoff(), profile.at().of("headroom"), "profile:" + profile.name()));
      }
      return Optional.empty();
    };
  }
}
