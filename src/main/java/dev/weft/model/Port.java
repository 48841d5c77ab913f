package dev.weft.model;

import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;

/**
 * A switch port as written; {@code profile}, {@code speed}, {@code mtu}, {@code role} may be null.
 *
 * @param headroom a headroom configured by hand ({@code headroom: { xoff: 100KB }}), or null to use
 *     the computed one
 * @param vlan the VLAN the port switches in (an L2 port), or null for a routed port
 * @param exception a declared deviation from the fabric plan for this port, or null
 * @param reason why the port differs from its profile and the fabric plan, or null
 * @param cableLength the length of the port's cable as written on the port, or null (not written,
 *     or {@code default}: see {@link #cableLengthDefault()})
 * @param lag the link aggregation group the port is a member of ({@code lag: PortChannel1}), or
 *     null. Written on the port only, not on a profile: membership is one port's cabling, while a
 *     profile is shared by the members of many LAGs and by ports in none
 */
public record Port(
    String name,
    String profile,
    Speed speed,
    Integer mtu,
    PortRole role,
    String description,
    Provenance at,
    PinnedHeadroom headroom,
    Integer vlan,
    PlanException exception,
    String reason,
    Length cableLength,
    String lag) {

  public Port(
      String name,
      String profile,
      Speed speed,
      Integer mtu,
      PortRole role,
      String description,
      Provenance at,
      Size headroomXoff,
      Integer vlan,
      PlanException exception) {
    this(
        name,
        profile,
        speed,
        mtu,
        role,
        description,
        at,
        PinnedHeadroom.xoffOnly(headroomXoff),
        vlan,
        exception,
        null,
        null,
        null);
  }

  public Port(
      String name,
      String profile,
      Speed speed,
      Integer mtu,
      PortRole role,
      String description,
      Provenance at,
      Size headroomXoff) {
    this(name, profile, speed, mtu, role, description, at, headroomXoff, null, null);
  }

  /** A port without a hand-configured headroom. */
  public Port(
      String name,
      String profile,
      Speed speed,
      Integer mtu,
      PortRole role,
      String description,
      Provenance at) {
    this(name, profile, speed, mtu, role, description, at, null);
  }

  /** The hand-configured xoff, or null: what site rules see as {@code headroom_xoff}. */
  public Size headroomXoff() {
    return headroom == null ? null : headroom.xoff();
  }

  /**
   * True when this port's speed is written as {@code auto}: its configuration fixes no speed (the
   * port negotiates it, or takes its optics'), which overrides a speed a lower layer would give.
   */
  public boolean speedAuto() {
    return speed == null && at != null && at.written("speed");
  }

  /**
   * True when this port's cable length is written as {@code default}: the port runs PFC with the
   * platform's default headroom, its configuration giving no length.
   */
  public boolean cableLengthDefault() {
    return cableLength == null && at != null && at.written("cable-length");
  }
}
