package dev.weft.platform;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One device's cumulative counters as read: port → counter → value. Counter names are {@code
 * <kind>:<index>}, the kinds being {@link #PFC_RX} and {@link #PFC_TX} (pause frames per priority),
 * {@link #QUEUE_TX} and {@link #QUEUE_DROP} (packets per unicast queue), {@link #WD_STORM} and
 * {@link #WD_DROP} (PFC watchdog storms detected and packets it dropped, per queue).
 */
public record Counters(Map<String, Map<String, Long>> ports) {

  public static final String PFC_RX = "pfc-rx";
  public static final String PFC_TX = "pfc-tx";
  public static final String QUEUE_TX = "queue-tx";
  public static final String QUEUE_DROP = "queue-drop";
  public static final String WD_STORM = "wd-storm";
  public static final String WD_DROP = "wd-drop";

  public static final Counters NONE = new Counters(Map.of());

  public Counters {
    Map<String, Map<String, Long>> copy = new TreeMap<>();
    ports.forEach(
        (port, counters) -> copy.put(port, Collections.unmodifiableMap(new TreeMap<>(counters))));
    ports = Collections.unmodifiableMap(copy);
  }

  public static String name(String kind, int index) {
    return kind + ":" + index;
  }

  /** The counter's value, or null when the device did not report it. */
  public Long get(String port, String kind, int index) {
    Map<String, Long> p = ports.get(port);
    return p == null ? null : p.get(name(kind, index));
  }

  public boolean isEmpty() {
    return ports.isEmpty();
  }
}
