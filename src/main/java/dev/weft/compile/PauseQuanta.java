package dev.weft.compile;

import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Pause quanta a peer may still send after receiving XOFF, per operating speed (IEEE 802.3 Annex
 * 31B, 31B.3.7), as SONiC quotes them. One quantum is 512 bit-times = 64 bytes.
 *
 * <p>Source of every entry: sonic-net/sonic-swss {@code cfgmgr/buffer_headroom_mellanox.lua}
 * (commit 18913fa357264149fa4d4ba93638f58e1c8ad89b), table {@code pause_quanta_per_speed}, keyed
 * there in Mb/s; 10G…400G also in domain.md §1.2 and SONiC's {@code
 * doc/qos/dynamically-headroom-calculation.md}. 800G = 905 is SONiC's entry in that same table (it
 * reuses the 400G value). Speeds not listed (1.6T, 2.5G…) have no sourced value: the calculator
 * refuses them rather than guess.
 */
public final class PauseQuanta {

  /** Bytes per pause quantum: 512 bit-times / 8. */
  public static final int BYTES_PER_QUANTUM = 512 / 8;

  private static final Map<Long, Integer> BY_GBPS;

  static {
    TreeMap<Long, Integer> m = new TreeMap<>();
    m.put(1L, 2);
    m.put(10L, 67);
    m.put(25L, 80);
    m.put(40L, 118);
    m.put(50L, 147);
    m.put(100L, 394);
    m.put(200L, 453);
    m.put(400L, 905);
    m.put(800L, 905);
    BY_GBPS = java.util.Collections.unmodifiableMap(m);
  }

  private PauseQuanta() {}

  /** The quanta for a speed in Gb/s, or empty when no source gives one. */
  public static OptionalInt forSpeed(long gbps) {
    Integer q = BY_GBPS.get(gbps);
    return q == null ? OptionalInt.empty() : OptionalInt.of(q);
  }

  /** The speeds with a sourced value, ascending, for messages. */
  public static String knownSpeeds() {
    return BY_GBPS.keySet().stream().map(g -> g + "G").reduce((a, b) -> a + ", " + b).orElse("");
  }
}
