package dev.weft.compile;

import dev.weft.model.EffectivePort;
import dev.weft.model.FabricModel;
import dev.weft.model.PinnedHeadroom;
import dev.weft.model.Port;
import dev.weft.model.Profile;
import dev.weft.model.Sourced;
import java.util.Optional;

/**
 * Where an intent-configured headroom for a port comes from: the optional {@code headroom: { xoff:
 * <size> }} (with optional {@code xon} and {@code size}) on the port, else on its profile. {@code
 * headroom-insufficient} compares its xoff with the computed minimum.
 */
@FunctionalInterface
public interface HeadroomOverrides {

  /** No overrides: every xoff is the computed one. */
  HeadroomOverrides NONE = port -> Optional.empty();

  /** The configured headroom for this port, with the line that set it, or empty. */
  Optional<Sourced<PinnedHeadroom>> headroomFor(EffectivePort port);

  /**
   * The overrides written in the intent: the port's own {@code headroom.xoff}, else its profile's.
   */
  static HeadroomOverrides fromIntent(FabricModel model) {
    return port -> {
      Port own = port.port();
      if (own.headroom() != null) {
        return Optional.of(new Sourced<>(own.headroom(), own.at().of("headroom"), "port"));
      }
      Profile profile = own.profile() == null ? null : model.profiles().get(own.profile());
      if (profile != null && profile.headroom() != null) {
        return Optional.of(
            new Sourced<>(
                profile.headroom(), profile.at().of("headroom"), "profile:" + profile.name()));
      }
      return Optional.empty();
    };
  }
}
