package dev.weft.model;

import dev.weft.finding.Location;
import dev.weft.units.Length;
import dev.weft.units.Speed;
import java.util.Map;

/**
 * Applies the fabric → profile → port layering (spec §4) in one place, keeping the line that won.
 */
final class Effective {

  private Effective() {}

  static EffectivePort port(
      Fabric fabric, Map<String, Profile> profiles, Switch device, Port port, Link link) {
    Profile profile = port.profile() == null ? null : profiles.get(port.profile());
    String profileLayer = profile == null ? null : "profile:" + profile.name();

    Sourced<Speed> speed = null;
    if (port.speed() != null) {
      speed = new Sourced<>(port.speed(), port.at().of("speed"), "port");
    } else if (port.speedAuto()) {
      speed = null; // auto on the port overrides the profile's fixed speed
    } else if (profile != null && profile.speed() != null) {
      speed = new Sourced<>(profile.speed(), profile.at().of("speed"), profileLayer);
    }

    Sourced<Integer> mtu = null;
    if (port.mtu() != null) {
      mtu = new Sourced<>(port.mtu(), port.at().of("mtu"), "port");
    } else if (profile != null && profile.mtu() != null) {
      mtu = new Sourced<>(profile.mtu(), profile.at().of("mtu"), profileLayer);
    } else if (fabric != null && fabric.mtu() != null) {
      mtu = new Sourced<>(fabric.mtu().switchMtu(), fabric.mtu().at().of("switch"), "fabric");
    }

    Sourced<PortRole> role = null;
    if (port.role() != null) {
      role = new Sourced<>(port.role(), port.at().of("role"), "port");
    } else if (profile != null && profile.role() != null) {
      role = new Sourced<>(profile.role(), profile.at().of("role"), profileLayer);
    }

    Endpoint peer = link == null ? null : link.peerOf(device.name(), port.name());
    // The link's length wins (the cable is declared there); a port without one takes its own,
    // then its profile's. `default` at a layer stops the search: the platform's default headroom.
    Sourced<Length> cable = null;
    Location cableDefault = null;
    if (link != null && link.cableLength() != null) {
      cable = new Sourced<>(link.cableLength(), link.at().of("cable-length"), "link");
    } else if (port.cableLength() != null) {
      cable = new Sourced<>(port.cableLength(), port.at().of("cable-length"), "port");
    } else if (port.cableLengthDefault()) {
      cableDefault = port.at().of("cable-length");
    } else if (profile != null && profile.cableLength() != null) {
      cable = new Sourced<>(profile.cableLength(), profile.at().of("cable-length"), profileLayer);
    } else if (profile != null && profile.cableLengthDefault()) {
      cableDefault = profile.at().of("cable-length");
    }
    Sourced<Integer> vlan = null;
    if (port.vlan() != null) {
      vlan = new Sourced<>(port.vlan(), port.at().of("vlan"), "port");
    } else if (profile != null && profile.vlan() != null) {
      vlan = new Sourced<>(profile.vlan(), profile.at().of("vlan"), profileLayer);
    }
    // Exceptions layer field by field like every other setting: port, then profile, then switch.
    Sourced<java.util.List<Integer>> pfc = null;
    Sourced<Watchdog.Action> action = null;
    PlanException profileException = profile == null ? null : profile.exception();
    if (port.exception() != null || profileException != null || device.exception() != null) {
      PlanException[] layers = {port.exception(), profileException, device.exception()};
      String[] names = {"port", profileLayer, "switch"};
      for (int i = 0; i < layers.length; i++) {
        PlanException e = layers[i];
        if (e == null) {
          continue;
        }
        if (pfc == null && e.pfc() != null) {
          pfc = new Sourced<>(e.pfc(), e.at().of("pfc"), names[i]);
        }
        if (action == null && e.watchdogAction() != null) {
          action = new Sourced<>(e.watchdogAction(), e.at().of("watchdog"), names[i]);
        }
      }
    }
    return new EffectivePort(
        device, port, speed, mtu, role, link, peer, cable, vlan, pfc, action, cableDefault);
  }
}
