package dev.weft.model;

import dev.weft.units.Speed;
import java.util.List;

/**
 * One InfiniBand partition (a line of partitions.conf).
 *
 * @param pkeyText the P_Key as written, or null when not written
 * @param pkey the P_Key's numeric value, or null when not written or not a number
 * @param mtu broadcast-group MTU in bytes, or null
 * @param rate broadcast-group rate, or null
 * @param sl service level, or null
 */
public record Partition(
    String name,
    String pkeyText,
    Long pkey,
    boolean ipoib,
    Long mtu,
    Speed rate,
    Long sl,
    List<Member> members,
    Provenance at) {

  /** The name and P_Key of the partition every port is in. */
  public static final String DEFAULT_NAME = "Default";

  public static final long DEFAULT_PKEY = 0x7fff;

  public Partition {
    members = members == null ? List.of() : List.copyOf(members);
  }

  public boolean isDefault() {
    return DEFAULT_NAME.equals(name);
  }

  /**
   * A group of ports with one membership.
   *
   * @param all every port of the subnet ({@code ALL})
   * @param hosts host names: every HCA port of each
   * @param switches switch names: the switch's management port (port 0)
   * @param membership {@code full}, {@code limited} or {@code both} as written (checked by the
   *     mapper)
   */
  public record Member(
      boolean all, List<String> hosts, List<String> switches, String membership, Provenance at) {
    public Member {
      hosts = hosts == null ? List.of() : List.copyOf(hosts);
      switches = switches == null ? List.of() : List.copyOf(switches);
    }

    public boolean full() {
      return "full".equals(membership) || "both".equals(membership);
    }
  }
}
