package dev.weft.compile;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What an InfiniBand subnet manager programs, in one comparable shape: built from the intent
 * ({@link IbExpectedState}) or read from a live fabric ({@code dev.weft.live.IbFabricReader});
 * drift compares two of these.
 *
 * @param ports HCA ports by port GUID ({@code 0x} + 16 lower-case hex digits), sorted
 * @param masterGuid port GUID of the master SM, or null when unknown
 * @param masterPriority the master SM's priority, or null when unknown
 */
public record IbFabricState(Map<String, Port> ports, String masterGuid, Integer masterPriority) {

  public IbFabricState {
    ports = Collections.unmodifiableMap(new TreeMap<>(ports));
  }

  /**
   * One HCA port as the SM programs it.
   *
   * @param name {@code host hca} (the node description), for messages
   * @param pkeys P_Key table entries with bit 15 as the full-membership bit, sorted; never 0x0000
   * @param sl2vl VL of SL 0..15, or null when not compared (QoS off in the intent)
   * @param vlarbHigh non-zero {@code vl:weight} entries of the high table in table order, or null
   *     when not compared
   * @param vlarbLow same for the low table
   */
  public record Port(
      String guid,
      String name,
      SortedSet<Integer> pkeys,
      List<Integer> sl2vl,
      List<String> vlarbHigh,
      List<String> vlarbLow) {
    public Port {
      pkeys = Collections.unmodifiableSortedSet(new TreeSet<>(pkeys));
      sl2vl = sl2vl == null ? null : List.copyOf(sl2vl);
      vlarbHigh = vlarbHigh == null ? null : List.copyOf(vlarbHigh);
      vlarbLow = vlarbLow == null ? null : List.copyOf(vlarbLow);
    }
  }

  /** A P_Key table entry as OpenSM tools print it ({@code 0x8101}). */
  public static String pkeyText(int pkey) {
    return String.format("0x%04x", pkey);
  }
}
