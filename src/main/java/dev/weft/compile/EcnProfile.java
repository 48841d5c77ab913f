package dev.weft.compile;

/**
 * A WRED-ECN marking profile, in bytes (never KB or cells: unit conversion is the template's job).
 *
 * @param name the profile name; from intent it is the traffic class name
 * @param minBytes marking starts here
 * @param maxBytes marking reaches {@code probability} here
 * @param probability marking probability in percent, 1..100
 */
public record EcnProfile(String name, long minBytes, long maxBytes, int probability) {}
