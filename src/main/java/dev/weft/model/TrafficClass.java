package dev.weft.model;

import java.util.List;

/**
 * One class of the traffic plan.
 *
 * @param dscp the code points listed; empty when {@code dscpDefault}
 * @param dscpDefault true for {@code dscp: default} (every code point not used by another class)
 * @param queue egress queue; equals {@code priority} when not written
 * @param ecn WRED-ECN marking, or null
 * @param role {@code cnp} or null
 */
public record TrafficClass(
    String name,
    List<Integer> dscp,
    boolean dscpDefault,
    int priority,
    int queue,
    boolean lossless,
    Ecn ecn,
    Scheduler scheduler,
    String role,
    Provenance at) {

  public TrafficClass {
    dscp = List.copyOf(dscp);
  }

  public boolean isCnp() {
    return "cnp".equals(role);
  }
}
