package dev.weft.model;

import dev.weft.finding.Location;
import java.util.Map;

/**
 * Where a model object and each of its fields were written. Rules point findings at
 * {@code at().of("mtu")} so the finding lands on the exact line that set the value.
 *
 * @param self   where the object starts (a list item or mapping)
 * @param fields field name (as spelled in YAML, e.g. {@code cable-length}) to the location of its value
 */
public record Provenance(Location self, Map<String, Location> fields) {

    public Provenance {
        fields = Map.copyOf(fields);
    }

    public static Provenance at(Location self) {
        return new Provenance(self, Map.of());
    }

    /** The location of a field's value, or of the object itself when the field was not written. */
    public Location of(String field) {
        return fields.getOrDefault(field, self);
    }

    /** True when the field was written in YAML (not a default). */
    public boolean written(String field) {
        return fields.containsKey(field);
    }
}
