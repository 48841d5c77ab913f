package dev.weft.compile;

import dev.weft.model.EffectivePort;
import dev.weft.model.Size;
import dev.weft.model.Sourced;
import java.util.Optional;

/**
 * Where an intent-configured xoff for a port comes from. The intent format has no such key yet; the proposed
 * optional {@code headroom: { xoff: <size> }} on a profile or port plugs in here once the model carries it,
 * and {@code headroom-insufficient} then compares it with the computed minimum.
 */
@FunctionalInterface
public interface HeadroomOverrides {

    /** No overrides: every xoff is the computed one. */
    HeadroomOverrides NONE = port -> Optional.empty();

    /** The override written in intent on the port or its profile. */
    HeadroomOverrides FROM_INTENT = port -> Optional.ofNullable(port.xoff());

    /** The configured xoff for this port, with the line that set it, or empty. */
    Optional<Sourced<Size>> xoffFor(EffectivePort port);
}
