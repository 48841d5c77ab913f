package dev.weft.intent;

import dev.weft.finding.Finding;
import dev.weft.model.Provenance;
import dev.weft.model.Subnet;
import java.util.List;

/**
 * Maps the {@code subnet} section (InfiniBand, spec §5) into the model. Owned by the InfiniBand work;
 * the main intent mapper calls only {@link #map}.
 */
public final class SubnetMapper {

    private SubnetMapper() {}

    /**
     * @param subnet   the merged {@code subnet} mapping (already schema-checked)
     * @param findings where unit or semantic problems are added, each with a location
     */
    public static Subnet map(MapNode subnet, List<Finding> findings) {
        return new Subnet(Provenance.at(subnet.location()));
    }
}
