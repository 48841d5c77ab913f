package dev.weft.model;

import dev.weft.finding.Location;
import java.util.AbstractMap;
import java.util.Map;

/**
 * Where a model object and each of its fields were written. Rules point findings at {@code
 * at().of("mtu")} so the finding lands on the exact line that set the value.
 *
 * @param self where the object starts (a list item or mapping)
 * @param fields field name (as spelled in YAML, e.g. {@code cable-length}) to the location of its
 *     value
 */
public record Provenance(Location self, Map<String, Location> fields) {

  public Provenance {
    fields = fields instanceof Frozen ? fields : Map.copyOf(fields);
  }

  /**
   * A field map that cannot change once made, taken as is instead of copied: the intent reader
   * hands every object of the inventory its fields this way, as a view of the parsed mapping
   * (hundreds of thousands of objects on a large fabric).
   */
  public abstract static class Frozen extends AbstractMap<String, Location> {
    protected Frozen() {}
  }

  public static Provenance at(Location self) {
    return new Provenance(self, Map.of());
  }

  /** The location of a field's value, or of the object itself when the field was not written. */
  public Location of(String field) {
    Location at = fields.get(field);
    return at == null ? self : at;
  }

  /** True when the field was written in YAML (not a default). */
  public boolean written(String field) {
    return fields.containsKey(field);
  }
}
