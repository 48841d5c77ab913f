package dev.weft.model;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The most downlink capacity a switch of a tier may have per unit of uplink capacity ({@code
 * oversubscription: { leaf: "1:1", spine: "2:1" }}): {@code 1.0} is non-blocking.
 *
 * @param target tier (switch role) → the ratio's first term
 */
public record Oversubscription(Map<String, Double> target, Provenance at) {
  public Oversubscription {
    target = Collections.unmodifiableMap(new TreeMap<>(target));
  }

  /** The target for switches of {@code role}, or null when the tier has none. */
  public Double of(String role) {
    return target.get(role);
  }
}
