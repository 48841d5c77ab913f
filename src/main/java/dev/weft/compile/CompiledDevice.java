package dev.weft.compile;

import dev.weft.finding.Location;
import java.util.Map;

/**
 * One device's compiled, vendor-neutral effective config: a switch or a host.
 *
 * <p>Templates read a plain-value view of it (the render stage builds that), drift compares two of
 * these, and rules on rendered and live config check them. {@link #provenance()} maps a field name
 * (snake_case, the same key as in the template view) to the intent line that owns its value, so
 * drift can say "expected value owned by fabric.yaml:12".
 */
public sealed interface CompiledDevice permits CompiledSwitch, CompiledHost {
  /** The device name as in the intent. */
  String name();

  /** Field name (snake_case, as in the template view) to the intent location that set it. */
  Map<String, Location> provenance();

  /**
   * Where a field's value came from, or null when unknown (e.g. a device read back from live
   * config).
   */
  default Location owner(String field) {
    return provenance().get(field);
  }
}
