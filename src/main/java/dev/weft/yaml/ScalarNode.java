package dev.weft.yaml;

import dev.weft.finding.Location;

/**
 * A YAML scalar, resolved by the YAML 1.2 core schema.
 *
 * @param value {@code null}, {@link Boolean}, {@link Long}, {@link java.math.BigInteger}, {@link
 *     java.math.BigDecimal} or {@link String}
 * @param text the scalar exactly as written (for messages: "found 150kb")
 */
public record ScalarNode(Location location, Object value, String text) implements Node {}
