package dev.weft.model;

import dev.weft.finding.Location;
import dev.weft.units.Length;
import dev.weft.units.Speed;

/**
 * A switch port's effective settings after fabric → profile → port layering, each with the line
 * that set it.
 *
 * @param speed null only when no layer sets it (a schema/model finding is reported then)
 * @param mtu fabric {@code mtu.switch}, overridden by profile and port
 * @param role null when no layer sets it
 * @param link the link on this port, or null
 * @param peer the other end of the link, or null
 * @param cableLength the cable length: the link's, else the port's, else its profile's; or null
 * @param vlan the VLAN the port switches in (port, then profile), or null for a routed port
 * @param pfc the port's PFC priorities when an exception sets them (port, then profile, then
 *     switch), or null when the port follows the fabric's lossless set
 * @param watchdogAction the port's watchdog action when an exception sets it, or null (the
 *     fabric's)
 * @param cableDefault the line that says {@code cable-length: default} when that is the port's
 *     cable (it runs PFC with the platform's default headroom), or null
 */
public record EffectivePort(
    Switch device,
    Port port,
    Sourced<Speed> speed,
    Sourced<Integer> mtu,
    Sourced<PortRole> role,
    Link link,
    Endpoint peer,
    Sourced<Length> cableLength,
    Sourced<Integer> vlan,
    Sourced<java.util.List<Integer>> pfc,
    Sourced<Watchdog.Action> watchdogAction,
    Location cableDefault) {

  /**
   * True when the port has a cable to size PFC headroom from, or a {@code cable-length: default}
   * that leaves it to the platform: a link, or a length (or default) on the port or its profile. A
   * port without one is compiled lossy.
   */
  public boolean cabled() {
    return link != null || cableLength != null || cableDefault != null;
  }

  public EffectivePort(
      Switch device,
      Port port,
      Sourced<Speed> speed,
      Sourced<Integer> mtu,
      Sourced<PortRole> role,
      Link link,
      Endpoint peer,
      Sourced<Length> cableLength) {
    this(device, port, speed, mtu, role, link, peer, cableLength, null, null, null, null);
  }

  public String deviceName() {
    return device.name();
  }

  public String portName() {
    return port.name();
  }
}
