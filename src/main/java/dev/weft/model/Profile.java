package dev.weft.model;

import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;

/**
 * A named port profile; any field may be null (not set at this layer).
 *
 * @param headroom a headroom configured by hand for every port of the profile, or null
 * @param vlan the VLAN every port of the profile switches in, or null (routed)
 * @param exception a declared deviation from the fabric plan for every port of the profile, or null
 * @param cableLength the cable length of the profile's ports that no link gives one, or null (not
 *     written, or {@code default}: see {@link #cableLengthDefault()})
 */
public record Profile(
    String name,
    Speed speed,
    Integer mtu,
    PortRole role,
    String description,
    Provenance at,
    PinnedHeadroom headroom,
    Integer vlan,
    PlanException exception,
    Length cableLength) {

  public Profile(
      String name,
      Speed speed,
      Integer mtu,
      PortRole role,
      String description,
      Provenance at,
      Size headroomXoff) {
    this(
        name,
        speed,
        mtu,
        role,
        description,
        at,
        PinnedHeadroom.xoffOnly(headroomXoff),
        null,
        null,
        null);
  }

  /** A profile without a hand-configured headroom. */
  public Profile(
      String name, Speed speed, Integer mtu, PortRole role, String description, Provenance at) {
    this(name, speed, mtu, role, description, at, null);
  }

  /** The hand-configured xoff, or null: what site rules see as {@code headroom_xoff}. */
  public Size headroomXoff() {
    return headroom == null ? null : headroom.xoff();
  }

  /**
   * True when this profile's speed is written as {@code auto}: its configuration fixes no speed
   * (the port negotiates it, or takes its optics'), which overrides a speed a lower layer would
   * give.
   */
  public boolean speedAuto() {
    return speed == null && at != null && at.written("speed");
  }

  /** True when this profile's cable length is written as {@code default} (see {@link Port}). */
  public boolean cableLengthDefault() {
    return cableLength == null && at != null && at.written("cable-length");
  }
}
