package dev.weft.adopt;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Profiles from repeated port settings: ports are grouped by role where the cabling gives one (a
 * host at the other end: {@code host-facing}; a switch: {@code fabric}), else by speed; a group's
 * profile takes the speed and MTU most of its ports run. A port that differs from its profile keeps
 * its own value, as an exception.
 */
final class PortPlan {

  /**
   * One profile: its name, role or null, speed as written ({@code 400G}, {@code auto}) or null, MTU
   * or null (the fabric's), and the headroom its lossless ports all pin, or null ({@link
   * HeadroomPins}).
   */
  record ProfileSpec(String name, String role, String speed, Integer mtu, String headroom) {

    ProfileSpec withHeadroom(String pinned) {
      return new ProfileSpec(name, role, speed, mtu, pinned);
    }
  }

  /**
   * One port of the generated intent: its profile and the values that differ from it (null where
   * they agree), its cable length as written ({@code 5m}, {@code default}) when no link in the
   * import gives one and the device runs PFC on it, else null, the LAG the device puts it in (null:
   * none, or a platform that does not say), and the headroom it pins where its profile's does not
   * say the same (null: none, or its profile's).
   */
  record PortSpec(
      String name,
      String profile,
      String speed,
      Integer mtu,
      String profileSpeed,
      Integer planMtu,
      String cable,
      String lag,
      String headroom) {

    PortSpec withHeadroom(String pinned) {
      return new PortSpec(name, profile, speed, mtu, profileSpeed, planMtu, cable, lag, pinned);
    }

    boolean exception() {
      return speed != null || mtu != null;
    }
  }

  private final Map<String, ProfileSpec> profiles = new TreeMap<>();
  private final Map<String, List<PortSpec>> ports = new TreeMap<>();

  private PortPlan() {}

  /**
   * @param negotiates the devices whose configuration leaves a port's speed to negotiation when it
   *     fixes none (their ports read without a speed are written {@code speed: auto})
   */
  static PortPlan of(
      Map<String, CompiledSwitch> devices,
      LinkPlan links,
      int fabricMtu,
      Predicate<String> negotiates,
      HeadroomPins pins) {
    Map<String, List<WrittenSpeed>> groups = new TreeMap<>(); // group -> its ports' speeds
    Map<String, String> groupRole = new TreeMap<>();
    Map<String, String> groupOf = new TreeMap<>();
    for (CompiledSwitch sw : devices.values()) {
      for (CompiledPort p : sw.ports()) {
        String end = sw.name() + ":" + p.name();
        String peer = links.peerOf(end);
        String role = peer == null ? null : links.switchEnd(peer) ? "fabric" : "host-facing";
        WrittenSpeed speed = WrittenSpeed.of(p, negotiates.test(sw.name()));
        String group =
            role != null
                ? role
                : "port-" + (speed == null ? "any" : speed.text().toLowerCase(Locale.ROOT));
        groups.computeIfAbsent(group, k -> new ArrayList<>()).add(speed);
        groupRole.put(group, role);
        groupOf.put(end, group);
      }
    }
    PortPlan plan = new PortPlan();
    Map<String, ProfileSpec> byGroup = new TreeMap<>();
    Map<String, List<Integer>> groupMtus = new TreeMap<>();
    for (CompiledSwitch sw : devices.values()) {
      for (CompiledPort p : sw.ports()) {
        if (p.mtu() != null) {
          groupMtus
              .computeIfAbsent(groupOf.get(sw.name() + ":" + p.name()), k -> new ArrayList<>())
              .add(p.mtu());
        }
      }
    }
    for (Map.Entry<String, List<WrittenSpeed>> g : groups.entrySet()) {
      WrittenSpeed most = Majority.of(g.getValue().stream().filter(Objects::nonNull).toList());
      String speed = most == null ? null : most.text();
      Integer mtu = Majority.of(groupMtus.getOrDefault(g.getKey(), List.of()));
      String role = groupRole.get(g.getKey());
      String name =
          role == null
              ? g.getKey()
              : (role.equals("fabric") ? "fabric" : "host")
                  + (speed == null ? "" : "-" + speed.toLowerCase(Locale.ROOT));
      ProfileSpec spec =
          new ProfileSpec(name, role, speed, mtu == null || mtu == fabricMtu ? null : mtu, null);
      byGroup.put(g.getKey(), spec);
      plan.profiles.put(name, spec);
    }
    for (CompiledSwitch sw : devices.values()) {
      List<PortSpec> specs = new ArrayList<>();
      for (CompiledPort p : sw.ports()) {
        ProfileSpec prof = byGroup.get(groupOf.get(sw.name() + ":" + p.name()));
        int planMtu = prof.mtu() != null ? prof.mtu() : fabricMtu;
        WrittenSpeed written = WrittenSpeed.of(p, negotiates.test(sw.name()));
        String own = written == null ? null : written.text();
        String speed = own != null && !own.equals(prof.speed()) ? own : null;
        Integer mtu = p.mtu() != null && p.mtu() != planMtu ? p.mtu() : null;
        specs.add(
            new PortSpec(
                p.name(),
                prof.name(),
                speed,
                mtu,
                prof.speed(),
                planMtu,
                cable(p, links.peerOf(sw.name() + ":" + p.name())),
                p.lag(),
                pins.of(sw.name(), p).map(HeadroomPins.Pin::text).orElse(null)));
      }
      plan.ports.put(sw.name(), specs);
    }
    plan.headroomOnProfiles(devices);
    return plan;
  }

  /**
   * A headroom every lossless port of a profile pins alike is written once, on the profile; the
   * ports then leave it out. A profile whose lossless ports differ (or some pin none) keeps the
   * pins on its ports.
   */
  private void headroomOnProfiles(Map<String, CompiledSwitch> devices) {
    Map<String, java.util.Set<String>> pinsOf = new TreeMap<>(); // profile -> its ports' pins
    for (CompiledSwitch sw : devices.values()) {
      Map<String, CompiledPort> byName = new TreeMap<>();
      sw.ports().forEach(p -> byName.put(p.name(), p));
      for (PortSpec spec : ports(sw.name())) {
        if (!byName.get(spec.name()).headroom().isEmpty()) {
          pinsOf
              .computeIfAbsent(spec.profile(), k -> new java.util.HashSet<>())
              .add(Objects.requireNonNullElse(spec.headroom(), ""));
        }
      }
    }
    pinsOf.forEach(
        (profile, pins) -> {
          String only = pins.size() == 1 ? pins.iterator().next() : "";
          if (only.isEmpty()) {
            return;
          }
          profiles.put(profile, profiles.get(profile).withHeadroom(only));
          ports.replaceAll(
              (device, specs) ->
                  specs.stream()
                      .map(
                          p ->
                              p.profile().equals(profile) && only.equals(p.headroom())
                                  ? p.withHeadroom(null)
                                  : p)
                      .toList());
        });
  }

  /**
   * The cable length an unlinked port that runs PFC on the device is written with, so it imports
   * lossless as the device runs it (a port without a link or a length compiles lossy): the device's
   * length where its config holds one (SONiC CABLE_LENGTH, an NVUE PFC profile, a Junos
   * congestion-notification profile), else {@code default}, the platform's own headroom. Null for a
   * linked port (the link carries the length) or a lossy one.
   */
  private static String cable(CompiledPort p, String peer) {
    if (peer != null || p.pfcPriorities().isEmpty()) {
      return null;
    }
    return p.cableLengthMetres() == null ? "default" : YamlText.metres(p.cableLengthMetres());
  }

  /**
   * A port's speed as the intent writes it: Gb/s, or null for {@code auto}. Ordered auto first,
   * then by speed, so a tie in {@link Majority} goes to the higher fixed speed.
   */
  private record WrittenSpeed(Integer gbps) implements Comparable<WrittenSpeed> {

    /** The port's speed, auto where the device leaves it to negotiation, or null (none known). */
    static WrittenSpeed of(CompiledPort p, boolean negotiates) {
      return p.speedGbps() != null || negotiates ? new WrittenSpeed(p.speedGbps()) : null;
    }

    String text() {
      return gbps == null ? "auto" : YamlText.gbps(gbps);
    }

    @Override
    public int compareTo(WrittenSpeed o) {
      return Comparator.nullsFirst(Comparator.<Integer>naturalOrder()).compare(gbps, o.gbps);
    }
  }

  Map<String, ProfileSpec> profiles() {
    return profiles;
  }

  List<PortSpec> ports(String device) {
    return ports.getOrDefault(device, List.of());
  }
}
