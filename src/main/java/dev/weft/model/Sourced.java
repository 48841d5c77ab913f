package dev.weft.model;

import dev.weft.finding.Location;
import java.util.Objects;

/**
 * An effective value and the intent line that set it (fabric, profile or port).
 *
 * @param value the effective value
 * @param origin where it was set; for a built-in default, the location of the object that inherits
 *     it
 * @param layer which layer set it: {@code fabric}, {@code profile:<name>}, {@code port}, {@code
 *     link} or {@code default}
 */
public record Sourced<T>(T value, Location origin, String layer) {
  public Sourced {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(layer, "layer");
  }
}
