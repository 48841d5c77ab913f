package dev.weft.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The whole validated intent as immutable records, with hash indexes so rules never scan lists
 * inside loops (inventories reach thousands of switches and tens of thousands of links).
 *
 * @param inventory the inventory path, repository-relative
 * @param subnet InfiniBand subnet, or null for RoCE
 */
public record FabricModel(
    String inventory,
    Fabric fabric,
    Map<String, Profile> profiles,
    List<Switch> switches,
    List<Host> hosts,
    List<Link> links,
    Subnet subnet,
    List<Waiver> waivers,
    Index index) {

  /**
   * Lookups built once from the lists.
   *
   * @param linksByEnd {@code device:port} → the first link with that end
   * @param portsByEnd {@code device:port} → the switch port's effective values (the first port of
   *     that name)
   */
  public record Index(
      Map<String, Switch> switchesByName,
      Map<String, Host> hostsByName,
      Map<String, Link> linksByEnd,
      List<EffectivePort> effectivePorts,
      Map<String, EffectivePort> portsByEnd,
      Map<String, List<EffectivePort>> portsBySwitch) {}

  /**
   * Builds the model and its indexes. Duplicates were reported by the loader; the first one wins
   * here.
   */
  public static FabricModel of(
      String inventory,
      Fabric fabric,
      Map<String, Profile> profiles,
      List<Switch> switches,
      List<Host> hosts,
      List<Link> links,
      Subnet subnet,
      List<Waiver> waivers) {
    Map<String, Switch> sw = new LinkedHashMap<>(capacity(switches.size()));
    switches.forEach(s -> sw.putIfAbsent(s.name(), s));
    Map<String, Host> hs = new LinkedHashMap<>(capacity(hosts.size()));
    hosts.forEach(h -> hs.putIfAbsent(h.name(), h));
    EndIndex.Builder<Link> byEnd = new EndIndex.Builder<>(sw.size() + hs.size());
    for (Link l : links) {
      byEnd.putIfAbsent(l.a().device(), l.a().port(), l);
      byEnd.putIfAbsent(l.b().device(), l.b().port(), l);
    }
    EndIndex<Link> linkIndex = byEnd.build();
    Map<String, Profile> prof = new LinkedHashMap<>(profiles);
    // Each switch's ports are layered independently: in parallel, concatenated in switch order.
    record SwitchPorts(String name, List<EffectivePort> ports, Map<String, EffectivePort> byName) {}
    List<SwitchPorts> perSwitch =
        new ArrayList<>(sw.values())
            .parallelStream()
                .map(
                    s -> {
                      List<EffectivePort> eff = new ArrayList<>(s.ports().size());
                      Map<String, EffectivePort> byName = new HashMap<>(capacity(s.ports().size()));
                      for (Port p : s.ports()) {
                        EffectivePort ep =
                            Effective.port(fabric, prof, s, p, linkIndex.at(s.name(), p.name()));
                        eff.add(ep);
                        byName.putIfAbsent(p.name(), ep);
                      }
                      return new SwitchPorts(s.name(), eff, byName);
                    })
                .toList();
    List<EffectivePort> eff = new ArrayList<>();
    EndIndex.Builder<EffectivePort> portIndex = new EndIndex.Builder<>(sw.size());
    Map<String, List<EffectivePort>> bySwitch = new HashMap<>(capacity(perSwitch.size()));
    for (SwitchPorts s : perSwitch) {
      eff.addAll(s.ports());
      portIndex.putDevice(s.name(), s.byName());
      bySwitch.put(s.name(), Collections.unmodifiableList(s.ports()));
    }
    Index index =
        new Index(
            Collections.unmodifiableMap(sw),
            Collections.unmodifiableMap(hs),
            linkIndex,
            List.copyOf(eff),
            portIndex.build(),
            Collections.unmodifiableMap(bySwitch));
    return new FabricModel(
        inventory,
        fabric,
        Collections.unmodifiableMap(prof),
        List.copyOf(switches),
        List.copyOf(hosts),
        List.copyOf(links),
        subnet,
        List.copyOf(waivers),
        index);
  }

  private static int capacity(int entries) {
    return Math.max(16, entries * 4 / 3 + 1);
  }

  public Optional<Switch> switchNamed(String name) {
    return Optional.ofNullable(index.switchesByName().get(name));
  }

  public Optional<Host> hostNamed(String name) {
    return Optional.ofNullable(index.hostsByName().get(name));
  }

  /** The link attached to {@code device:port}, if any. */
  public Optional<Link> linkAt(String device, String port) {
    return Optional.ofNullable(
        index.linksByEnd() instanceof EndIndex<Link> ends
            ? ends.at(device, port)
            : index.linksByEnd().get(device + ":" + port));
  }

  /** The effective values of switch port {@code device:port}, if the model has that port. */
  public Optional<EffectivePort> effectivePortAt(String device, String port) {
    return Optional.ofNullable(
        index.portsByEnd() instanceof EndIndex<EffectivePort> ends
            ? ends.at(device, port)
            : index.portsByEnd().get(device + ":" + port));
  }

  /** The effective ports of one switch, in port order (empty for a name that is not a switch). */
  public List<EffectivePort> effectivePortsOf(String switchName) {
    return index.portsBySwitch().getOrDefault(switchName, List.of());
  }

  /** Every switch port with its effective values, in switch then port order. */
  public List<EffectivePort> effectivePorts() {
    return index.effectivePorts();
  }

  public boolean isRoce() {
    return fabric != null && fabric.transport() == Transport.ROCE_V2;
  }
}
