package dev.weft.units;

import java.math.BigDecimal;
import java.util.Map;

/** A link speed in whole Gb/s ({@code 400G}, {@code 1.6T}). */
public record Speed(long gbps) implements Comparable<Speed> {

    /** Larger values are refused before any arithmetic (docs/limits.md). */
    private static final Quantity.Range RANGE = new Quantity.Range(100_000, "100000G (100T)");

    private static final Map<String, BigDecimal> UNITS = Map.of(
            "", BigDecimal.ONE, "G", BigDecimal.ONE, "T", BigDecimal.valueOf(1000));

    public static Speed parse(Object raw) {
        return new Speed(Quantity.parse("speed", raw, UNITS, "G, T", RANGE));
    }

    @Override
    public int compareTo(Speed o) {
        return Long.compare(gbps, o.gbps);
    }

    @Override
    public String toString() {
        return gbps + "G";
    }
}
