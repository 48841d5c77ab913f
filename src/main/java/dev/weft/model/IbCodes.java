package dev.weft.model;

import dev.weft.units.Speed;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * IBTA encodings of MTU and rate ({@code include/iba/ib_types.h}). Rate codes are not monotonic in
 * speed (11 = 14 Gb/s, 15 = 25 Gb/s), so every comparison goes through {@link #rateGbps}; codes
 * exist only to be written into OpenSM files.
 */
public final class IbCodes {

  private IbCodes() {}

  private static final Map<Integer, Integer> MTU_CODE_BY_BYTES =
      Map.of(256, 1, 512, 2, 1024, 3, 2048, 4, 4096, 5);

  /** Rate code to Gb/s (IB_PATH_RECORD_RATE_*). */
  private static final Map<Integer, BigDecimal> GBPS_BY_RATE_CODE = rateTable();

  private static Map<Integer, BigDecimal> rateTable() {
    Map<Integer, BigDecimal> t = new TreeMap<>();
    t.put(2, new BigDecimal("2.5"));
    t.put(3, BigDecimal.valueOf(10));
    t.put(4, BigDecimal.valueOf(30));
    t.put(5, BigDecimal.valueOf(5));
    t.put(6, BigDecimal.valueOf(20));
    t.put(7, BigDecimal.valueOf(40));
    t.put(8, BigDecimal.valueOf(60));
    t.put(9, BigDecimal.valueOf(80));
    t.put(10, BigDecimal.valueOf(120));
    t.put(11, BigDecimal.valueOf(14));
    t.put(12, BigDecimal.valueOf(56));
    t.put(13, BigDecimal.valueOf(112));
    t.put(14, BigDecimal.valueOf(168));
    t.put(15, BigDecimal.valueOf(25));
    t.put(16, BigDecimal.valueOf(100));
    t.put(17, BigDecimal.valueOf(200));
    t.put(18, BigDecimal.valueOf(300));
    t.put(19, BigDecimal.valueOf(28));
    t.put(20, BigDecimal.valueOf(50));
    t.put(21, BigDecimal.valueOf(400));
    t.put(22, BigDecimal.valueOf(600));
    t.put(23, BigDecimal.valueOf(800));
    t.put(24, BigDecimal.valueOf(1200));
    return java.util.Collections.unmodifiableMap(t);
  }

  /** The IB MTU code (1..5) of an MTU in bytes, if it is one of 256, 512, 1024, 2048, 4096. */
  public static OptionalInt mtuCode(long bytes) {
    Integer code = bytes > Integer.MAX_VALUE ? null : MTU_CODE_BY_BYTES.get((int) bytes);
    return code == null ? OptionalInt.empty() : OptionalInt.of(code);
  }

  /** The bytes an IB MTU code stands for, if the code is valid. */
  public static OptionalInt mtuBytes(int code) {
    return MTU_CODE_BY_BYTES.entrySet().stream()
        .filter(e -> e.getValue() == code)
        .mapToInt(Map.Entry::getKey)
        .findFirst();
  }

  /** The IB rate code of a speed, if IB has one for exactly that many Gb/s. */
  public static OptionalInt rateCode(Speed speed) {
    BigDecimal want = BigDecimal.valueOf(speed.gbps());
    return GBPS_BY_RATE_CODE.entrySet().stream()
        .filter(e -> e.getValue().compareTo(want) == 0)
        .mapToInt(Map.Entry::getKey)
        .findFirst();
  }

  /** The Gb/s a rate code stands for, if the code is valid. */
  public static Optional<BigDecimal> rateGbps(int code) {
    return Optional.ofNullable(GBPS_BY_RATE_CODE.get(code));
  }

  /** Every speed that has a rate code, for messages ("one of 10G, 14G, ..."). Whole Gb/s only. */
  public static String encodableRates() {
    return GBPS_BY_RATE_CODE.values().stream()
        .sorted()
        .filter(g -> g.stripTrailingZeros().scale() <= 0)
        .map(g -> g.toBigInteger() + "G")
        .reduce((a, b) -> a + ", " + b)
        .orElse("");
  }
}
