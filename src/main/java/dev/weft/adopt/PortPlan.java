package dev.weft.adopt;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Profiles from repeated port settings: ports are grouped by role where the cabling gives one (a
 * host at the other end: {@code host-facing}; a switch: {@code fabric}), else by speed; a group's
 * profile takes the speed and MTU most of its ports run. A port that differs from its profile keeps
 * its own value, as an exception.
 */
final class PortPlan {

  /** One profile: its name, role or null, speed in Gb/s or null, MTU or null (the fabric's). */
  record ProfileSpec(String name, String role, Integer speed, Integer mtu) {}

  /**
   * One port of the generated intent: its profile and the values that differ from it (null where
   * they agree).
   */
  record PortSpec(
      String name,
      String profile,
      Integer speed,
      Integer mtu,
      Integer profileSpeed,
      Integer planMtu) {
    boolean exception() {
      return speed != null || mtu != null;
    }
  }

  private final Map<String, ProfileSpec> profiles = new TreeMap<>();
  private final Map<String, List<PortSpec>> ports = new TreeMap<>();

  private PortPlan() {}

  static PortPlan of(Map<String, CompiledSwitch> devices, LinkPlan links, int fabricMtu) {
    Map<String, List<CompiledPort>> groups = new TreeMap<>();
    Map<String, String> groupRole = new TreeMap<>();
    Map<String, String> groupOf = new TreeMap<>();
    for (CompiledSwitch sw : devices.values()) {
      for (CompiledPort p : sw.ports()) {
        String end = sw.name() + ":" + p.name();
        String peer = links.peerOf(end);
        String role = peer == null ? null : links.switchEnd(peer) ? "fabric" : "host-facing";
        String group =
            role != null ? role : "port-" + (p.speedGbps() == null ? "any" : p.speedGbps() + "g");
        groups.computeIfAbsent(group, k -> new ArrayList<>()).add(p);
        groupRole.put(group, role);
        groupOf.put(end, group);
      }
    }
    PortPlan plan = new PortPlan();
    Map<String, ProfileSpec> byGroup = new TreeMap<>();
    for (Map.Entry<String, List<CompiledPort>> g : groups.entrySet()) {
      Integer speed =
          Majority.of(
              g.getValue().stream().map(CompiledPort::speedGbps).filter(Objects::nonNull).toList());
      Integer mtu =
          Majority.of(
              g.getValue().stream().map(CompiledPort::mtu).filter(Objects::nonNull).toList());
      String role = groupRole.get(g.getKey());
      String name =
          role == null
              ? g.getKey()
              : (role.equals("fabric") ? "fabric" : "host")
                  + (speed == null ? "" : "-" + speed + "g");
      ProfileSpec spec =
          new ProfileSpec(name, role, speed, mtu == null || mtu == fabricMtu ? null : mtu);
      byGroup.put(g.getKey(), spec);
      plan.profiles.put(name, spec);
    }
    for (CompiledSwitch sw : devices.values()) {
      List<PortSpec> specs = new ArrayList<>();
      for (CompiledPort p : sw.ports()) {
        ProfileSpec prof = byGroup.get(groupOf.get(sw.name() + ":" + p.name()));
        int planMtu = prof.mtu() != null ? prof.mtu() : fabricMtu;
        Integer speed =
            p.speedGbps() != null && !p.speedGbps().equals(prof.speed()) ? p.speedGbps() : null;
        Integer mtu = p.mtu() != null && p.mtu() != planMtu ? p.mtu() : null;
        specs.add(new PortSpec(p.name(), prof.name(), speed, mtu, prof.speed(), planMtu));
      }
      plan.ports.put(sw.name(), specs);
    }
    return plan;
  }

  Map<String, ProfileSpec> profiles() {
    return profiles;
  }

  List<PortSpec> ports(String device) {
    return ports.getOrDefault(device, List.of());
  }
}
