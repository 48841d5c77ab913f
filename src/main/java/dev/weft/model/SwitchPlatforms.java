package dev.weft.model;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The values a switch's {@code platform} may take, each with the fabric transport its pack
 * configures: the registered platform packs' ids, handed to the intent stage so that no list of
 * platforms is written outside the packs (the schema's platform-keyed maps and the transport check
 * of a switch read this).
 *
 * @param byId pack id → the transport of the fabrics its switches belong to
 */
public record SwitchPlatforms(SortedMap<String, Transport> byId) {

  /**
   * No platforms known: the intent stage then checks no switch's platform against the transport.
   */
  public static final SwitchPlatforms NONE = new SwitchPlatforms(new TreeMap<>());

  public SwitchPlatforms {
    byId = Collections.unmodifiableSortedMap(new TreeMap<>(byId));
  }

  public static SwitchPlatforms of(Map<String, Transport> byId) {
    return new SwitchPlatforms(new TreeMap<>(byId));
  }

  /** Every id, sorted. */
  public SortedSet<String> ids() {
    return Collections.unmodifiableSortedSet(new TreeSet<>(byId.keySet()));
  }

  /** The ids of one transport's platforms, sorted. */
  public List<String> of(Transport transport) {
    return byId.entrySet().stream()
        .filter(e -> e.getValue() == transport)
        .map(Map.Entry::getKey)
        .toList();
  }

  /** Whether {@code id} is a known platform of another transport than {@code transport}. */
  public boolean foreignTo(String id, Transport transport) {
    Transport own = id == null ? null : byId.get(id);
    return own != null && own != transport;
  }
}
