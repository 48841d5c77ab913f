package dev.weft.health;

import dev.weft.platform.Counters;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every audited device's counters at one time: what the history keeps so the next night can take
 * deltas.
 *
 * @param takenAt epoch seconds of the audit that read them
 * @param devices device name → its counters (devices whose counters could not be read are absent)
 */
public record CounterSnapshot(long takenAt, Map<String, Counters> devices) {

  public static final CounterSnapshot EMPTY = new CounterSnapshot(0, Map.of());

  public CounterSnapshot {
    devices = Collections.unmodifiableMap(new TreeMap<>(devices));
  }

  /** This snapshot with {@code other}'s devices added (shards of one night). */
  public CounterSnapshot merge(CounterSnapshot other) {
    Map<String, Counters> all = new TreeMap<>(devices);
    all.putAll(other.devices);
    return new CounterSnapshot(Math.max(takenAt, other.takenAt), all);
  }
}
