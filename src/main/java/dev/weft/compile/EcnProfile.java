package dev.weft.compile;

/**
 * A WRED-ECN marking profile, in bytes (never KB or cells: unit conversion is the template's job).
 *
 * @param name the profile name; from intent it is the traffic class name
 * @param minBytes marking starts here
 * @param maxBytes marking reaches {@code probability} here
 * @param probability marking probability in percent, 1..100
 * @param dropNonEct whether WRED drops packets that are not ECN-capable where it marks ECN-capable
 *     ones (intent {@code ecn.non-ect: drop}); false keeps them (the default)
 */
public record EcnProfile(
    String name, long minBytes, long maxBytes, int probability, boolean dropNonEct) {

  /** A profile that keeps non-ECT packets (the intent's default). */
  public EcnProfile(String name, long minBytes, long maxBytes, int probability) {
    this(name, minBytes, maxBytes, probability, false);
  }

  /** This profile under another name (a platform that names profiles after its queues). */
  public EcnProfile named(String other) {
    return new EcnProfile(other, minBytes, maxBytes, probability, dropNonEct);
  }

  /** This profile with {@code drop} as its non-ECT handling. */
  public EcnProfile withDropNonEct(boolean drop) {
    return new EcnProfile(name, minBytes, maxBytes, probability, drop);
  }
}
