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
 * @param subnet    InfiniBand subnet, or null for RoCE
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

    /** Lookups built once from the lists. */
    public record Index(
            Map<String, Switch> switchesByName,
            Map<String, Host> hostsByName,
            Map<String, Link> linksByEnd,
            List<EffectivePort> effectivePorts) {}

    /** Builds the model and its indexes. Duplicates were reported by the loader; the first one wins here. */
    public static FabricModel of(String inventory, Fabric fabric, Map<String, Profile> profiles, List<Switch> switches,
            List<Host> hosts, List<Link> links, Subnet subnet, List<Waiver> waivers) {
        Map<String, Switch> sw = new LinkedHashMap<>();
        switches.forEach(s -> sw.putIfAbsent(s.name(), s));
        Map<String, Host> hs = new LinkedHashMap<>();
        hosts.forEach(h -> hs.putIfAbsent(h.name(), h));
        Map<String, Link> byEnd = new HashMap<>();
        for (Link l : links) {
            byEnd.putIfAbsent(l.a().toString(), l);
            byEnd.putIfAbsent(l.b().toString(), l);
        }
        Map<String, Profile> prof = new LinkedHashMap<>(profiles);
        List<EffectivePort> eff = new ArrayList<>();
        for (Switch s : sw.values()) {
            for (Port p : s.ports()) {
                eff.add(Effective.port(fabric, prof, s, p, byEnd.get(s.name() + ":" + p.name())));
            }
        }
        Index index = new Index(Collections.unmodifiableMap(sw), Collections.unmodifiableMap(hs),
                Collections.unmodifiableMap(byEnd), List.copyOf(eff));
        return new FabricModel(inventory, fabric, Collections.unmodifiableMap(prof), List.copyOf(switches),
                List.copyOf(hosts), List.copyOf(links), subnet, List.copyOf(waivers), index);
    }

    public Optional<Switch> switchNamed(String name) {
        return Optional.ofNullable(index.switchesByName().get(name));
    }

    public Optional<Host> hostNamed(String name) {
        return Optional.ofNullable(index.hostsByName().get(name));
    }

    /** The link attached to {@code device:port}, if any. */
    public Optional<Link> linkAt(String device, String port) {
        return Optional.ofNullable(index.linksByEnd().get(device + ":" + port));
    }

    /** Every switch port with its effective values, in switch then port order. */
    public List<EffectivePort> effectivePorts() {
        return index.effectivePorts();
    }

    public boolean isRoce() {
        return fabric != null && fabric.transport() == Transport.ROCE_V2;
    }
}
