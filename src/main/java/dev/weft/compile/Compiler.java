package dev.weft.compile;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Nic;
import dev.weft.model.Size;
import dev.weft.model.Sourced;
import dev.weft.model.Switch;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compiles the intent model into the vendor-neutral per-device config.
 *
 * <p>Work is linear in the inventory: the fabric-wide plan is derived once ({@link QosPlan}), each distinct
 * {@code asic} is looked up once, ports are grouped by switch in one pass, and links are found through the
 * model's hash index. Devices compile in parallel; the result order is fixed by {@link CompiledFabric}, and
 * findings are sorted, so output does not depend on thread timing.
 */
public final class Compiler {

    public static final String ASIC_PROFILE_INVALID = "asic-profile-invalid";

    private Compiler() {}

    /** Compiles with the headroom overrides the intent itself declares. */
    public static CompileResult compile(FabricModel model, AsicProfiles profiles) {
        return compile(model, profiles, HeadroomOverrides.fromIntent(model));
    }

    public static CompileResult compile(FabricModel model, AsicProfiles profiles, HeadroomOverrides overrides) {
        QosPlan plan = QosPlan.of(model.fabric());
        boolean roce = model.isRoce();
        List<Finding> findings = new ArrayList<>();

        Map<String, Optional<AsicProfile>> byAsic = new TreeMap<>();
        Map<String, String> invalid = new TreeMap<>();
        Collection<Switch> switches = model.index().switchesByName().values();
        for (Switch s : switches) {
            if (s.asic() != null && !byAsic.containsKey(s.asic())) {
                try {
                    byAsic.put(s.asic(), profiles.lookup(s.asic()));
                } catch (AsicProfileException e) {
                    byAsic.put(s.asic(), Optional.empty());
                    invalid.put(s.asic(), e.getMessage());
                }
            }
        }
        for (Switch s : switches) {
            if (s.asic() != null && invalid.containsKey(s.asic())) {
                findings.add(Finding.of(ASIC_PROFILE_INVALID, Severity.ERROR, "ASIC profile for '" + s.asic()
                        + "' is unusable: " + invalid.get(s.asic())).at(Where.of(s.at(), "asic")).onDevice(s.name()));
            }
        }

        Map<String, List<EffectivePort>> portsBySwitch = new HashMap<>();
        for (EffectivePort ep : model.effectivePorts()) {
            portsBySwitch.computeIfAbsent(ep.deviceName(), k -> new ArrayList<>()).add(ep);
        }

        // Ports with the same speed, cable, MTU and ASIC share one computation (and one immutable result).
        Map<HeadroomKey, Object> headroomCache = new ConcurrentHashMap<>();
        record Compiled(CompiledDevice device, List<Finding> findings) {}
        List<Compiled> compiledSwitches = switches.parallelStream().map(s -> {
            List<Finding> own = new ArrayList<>();
            AsicProfile profile = s.asic() == null ? null : byAsic.get(s.asic()).orElse(null);
            CompiledSwitch cs = compileSwitch(s, portsBySwitch.getOrDefault(s.name(), List.of()), plan, roce,
                    profile, overrides, headroomCache, own);
            return new Compiled(cs, own);
        }).toList();
        List<Compiled> compiledHosts = model.index().hostsByName().values().parallelStream()
                .map(h -> new Compiled(compileHost(h, model, plan, roce), List.of())).toList();

        List<CompiledDevice> devices = new ArrayList<>(compiledSwitches.size() + compiledHosts.size());
        for (Compiled c : compiledSwitches) {
            devices.add(c.device());
            findings.addAll(c.findings());
        }
        for (Compiled c : compiledHosts) {
            devices.add(c.device());
        }
        findings.sort(Finding.ORDER);
        String name = model.fabric() == null ? null : model.fabric().name();
        return new CompileResult(new CompiledFabric(name, devices), findings);
    }

    private static CompiledSwitch compileSwitch(Switch s, List<EffectivePort> ports, QosPlan plan, boolean roce,
            AsicProfile profile, HeadroomOverrides overrides, Map<HeadroomKey, Object> cache, List<Finding> findings) {
        Map<String, Location> prov = new TreeMap<>();
        if (roce) {
            prov.putAll(plan.provenance());
        }
        prov.put("name", Where.of(s.at(), "name"));
        prov.put("role", Where.of(s.at(), "role"));
        prov.put("platform", Where.of(s.at(), "platform"));
        if (s.asic() != null) {
            prov.put("asic", Where.of(s.at(), "asic"));
        }
        if (s.osVersion() != null) {
            prov.put("os_version", Where.of(s.at(), "os-version"));
        }
        if (s.management() != null) {
            prov.put("management_host", Where.of(s.management().at(), "host"));
            prov.put("management_port", Where.of(s.management().at(), "port"));
        }
        List<CompiledPort> compiledPorts = new ArrayList<>(ports.size());
        for (EffectivePort ep : ports) {
            compiledPorts.add(compilePort(ep, plan, roce, profile, overrides, cache, findings));
        }
        String host = s.management() == null ? null : s.management().host();
        Integer mport = s.management() == null ? null : s.management().port();
        if (!roce) {
            return new CompiledSwitch(s.name(), s.role(), s.platform(), s.asic(), versionOf(profile),
                    roundingOf(profile), s.osVersion(), host, mport, null, Map.of(), List.of(), List.of(), List.of(),
                    null, null, List.of(), List.of(), null, false, List.of(), compiledPorts, prov);
        }
        return new CompiledSwitch(s.name(), s.role(), s.platform(), s.asic(), versionOf(profile), roundingOf(profile),
                s.osVersion(), host, mport, plan.congestionControl(), plan.dscpToPriority(), plan.priorityToQueue(),
                plan.priorityToPriorityGroup(), plan.losslessPriorities(), plan.cnpPriority(), plan.cnpDscp(),
                plan.queues(), plan.ecnProfiles(), plan.watchdog(), plan.linkPause(), plan.ecmpHashFields(),
                compiledPorts, prov);
    }

    private static CompiledPort compilePort(EffectivePort ep, QosPlan plan, boolean roce, AsicProfile profile,
            HeadroomOverrides overrides, Map<HeadroomKey, Object> cache, List<Finding> findings) {
        Map<String, Location> prov = new TreeMap<>();
        prov.put("name", Where.of(ep.port().at(), "name"));
        Integer speed = ep.speed() == null ? null : Math.toIntExact(ep.speed().value().gbps());
        Integer mtu = ep.mtu() == null ? null : ep.mtu().value();
        Integer cable = ep.cableLength() == null ? null : Math.toIntExact(ep.cableLength().value().metres());
        putOrigin(prov, "speed_gbps", ep.speed());
        putOrigin(prov, "mtu", ep.mtu());
        putOrigin(prov, "role", ep.role());
        putOrigin(prov, "cable_length_m", ep.cableLength());
        String role = ep.role() == null ? null : ep.role().value().word();
        String peer = ep.peer() == null ? null : ep.peer().toString();
        if (ep.link() != null) {
            prov.put("peer", Where.self(ep.link().at()));
        }
        if (!roce) {
            return new CompiledPort(ep.portName(), speed, mtu, cable, role, peer, false, List.of(), List.of(),
                    List.of(), List.of(), false, List.of(), false, List.of(), prov);
        }
        for (String k : List.of("trust_dscp", "pfc_priorities", "priority_to_queue", "queues", "link_pause")) {
            Location at = plan.provenance().get(k);
            if (at != null) {
                prov.put(k, at);
            }
        }
        prov.put("pfc_priority_to_queue", plan.provenance().get("priority_to_queue"));
        prov.values().removeIf(v -> v == null);
        List<Integer> pfc = plan.losslessPriorities();
        boolean watchdog = plan.watchdog() != null && plan.watchdog().enabled() && !pfc.isEmpty();
        List<Integer> wdQueues = watchdog
                ? pfc.stream().map(plan.priorityToQueue()::get).distinct().sorted().toList() : List.of();
        if (plan.watchdog() != null && plan.provenance().get("watchdog") != null) {
            prov.put("watchdog", plan.provenance().get("watchdog"));
            prov.put("watchdog_queues", plan.provenance().get("watchdog"));
        }
        List<PriorityGroupHeadroom> headroom = headroom(ep, plan, profile, overrides, cache, findings, prov);
        return new CompiledPort(ep.portName(), speed, mtu, cable, role, peer, true, pfc, plan.priorityToQueue(),
                plan.priorityToQueue(), plan.queues(), watchdog, wdQueues, plan.linkPause(), headroom, prov);
    }

    /**
     * One entry per lossless PG, or none when it cannot be computed. A missing profile is not reported here:
     * {@code asic-profile-missing} sees it in the compiled switch. A port without a link carries no traffic
     * and gets no headroom. A speed without a sourced pause-quanta value is left to {@code headroom-uncomputable}.
     */
    private static List<PriorityGroupHeadroom> headroom(EffectivePort ep, QosPlan plan, AsicProfile profile,
            HeadroomOverrides overrides, Map<HeadroomKey, Object> cache, List<Finding> findings,
            Map<String, Location> prov) {
        List<Integer> lossless = plan.losslessPriorities();
        if (lossless.isEmpty() || profile == null || ep.link() == null) {
            return List.of();
        }
        // A missing speed, MTU or cable length is reported by the model and intent rules
        // (cable-length-missing); the compiler only declines to guess.
        if (ep.speed() == null || ep.mtu() == null || ep.cableLength() == null || plan.nicMtu() == null) {
            return List.of();
        }
        HeadroomInput in = new HeadroomInput(ep.speed().value().gbps(), ep.cableLength().value().metres(),
                ep.mtu().value(), plan.nicMtu());
        Object cached = cache.computeIfAbsent(new HeadroomKey(in, profile), k -> {
            try {
                return Headroom.compute(k.input(), k.profile());
            } catch (HeadroomException e) {
                return e.getMessage();
            }
        });
        Optional<Sourced<Size>> override = overrides.xoffFor(ep);
        // Refused (a speed without a sourced pause-quanta value): only an intent override gives the port
        // headroom, with no computed minimum to check it against; otherwise headroom-uncomputable reports it.
        HeadroomResult r = cached instanceof HeadroomResult computed ? computed : null;
        if (r == null && override.isEmpty()) {
            return List.of();
        }
        long xon = r != null ? r.xon() : Headroom.ceil1024(profile.pipelineLatencyBytes());
        Long required = r == null ? null : r.xoff();
        prov.put("headroom", override.map(Sourced::origin).orElse(ep.cableLength().origin()));
        // One PG per lossless priority (QosPlan.priorityToPriorityGroup), so each carries exactly one priority.
        Map<Integer, List<Integer>> byPg = new LinkedHashMap<>();
        for (int p : lossless) {
            byPg.computeIfAbsent(plan.priorityToPriorityGroup().get(p), k -> new ArrayList<>()).add(p);
        }
        List<PriorityGroupHeadroom> out = new ArrayList<>();
        for (Map.Entry<Integer, List<Integer>> e : byPg.entrySet()) {
            if (override.isPresent()) {
                long xoff = override.get().value().bytes();
                out.add(new PriorityGroupHeadroom(e.getKey(), e.getValue(), xoff, xon, xoff + xon, required,
                        PriorityGroupHeadroom.OVERRIDE));
            } else {
                out.add(new PriorityGroupHeadroom(e.getKey(), e.getValue(), r.xoff(), r.xon(), r.size(), r.xoff(),
                        PriorityGroupHeadroom.COMPUTED));
            }
        }
        return out;
    }

    private static CompiledHost compileHost(Host h, FabricModel model, QosPlan plan, boolean roce) {
        Map<String, Location> hostProv = new TreeMap<>();
        hostProv.put("name", Where.of(h.at(), "name"));
        List<CompiledNic> nics = new ArrayList<>(h.nics().size());
        if (roce) {
            for (Nic n : h.nics()) {
                nics.add(compileNic(h, n, model, plan));
            }
        }
        return new CompiledHost(h.name(), nics, hostProv);
    }

    private static CompiledNic compileNic(Host h, Nic n, FabricModel model, QosPlan plan) {
        Map<String, Location> prov = new TreeMap<>();
        for (String k : List.of("trust_dscp", "pfc", "roce_dscp", "roce_tos", "ecn_rp", "ecn_np", "cnp_dscp",
                "cnp_priority", "mtu", "roce_mtu", "link_pause", "dscp_to_priority")) {
            Location at = plan.provenance().get(k);
            if (at != null) {
                prov.put(k, at);
            }
        }
        prov.put("name", Where.of(n.at(), "name"));
        if (n.rdmaDevice() != null) {
            prov.put("rdma_device", Where.of(n.at(), "rdma-device"));
        }
        if (n.speed() != null) {
            prov.put("speed_gbps", Where.of(n.at(), "speed"));
        }
        Link link = model.linkAt(h.name(), n.name()).orElse(null);
        Integer cable = null;
        String peer = null;
        if (link != null) {
            peer = String.valueOf(link.peerOf(h.name(), n.name()));
            prov.put("peer", Where.self(link.at()));
            if (link.cableLength() != null) {
                cable = Math.toIntExact(link.cableLength().metres());
                prov.put("cable_length_m", Where.of(link.at(), "cable-length"));
            }
        }
        return new CompiledNic(n.name(), n.rdmaDevice(), n.model(), n.firmware(), true, plan.dscpToPriority(),
                QosPlan.vector(plan.losslessPriorities()), plan.roceDscp(),
                plan.roceDscp() == null ? null : CompiledNic.tosOf(plan.roceDscp()),
                QosPlan.vector(plan.roceEcnPriorities()), QosPlan.vector(plan.roceEcnPriorities()), plan.cnpDscp(),
                plan.cnpPriority(), plan.nicMtu(), plan.roceMtu(),
                n.speed() == null ? null : Math.toIntExact(n.speed().gbps()), cable, plan.linkPause(), peer, prov);
    }

    /** What a headroom computation depends on. */
    private record HeadroomKey(HeadroomInput input, AsicProfile profile) {}

    private static void putOrigin(Map<String, Location> prov, String key, Sourced<?> s) {
        if (s != null && s.origin() != null) {
            prov.put(key, s.origin());
        }
    }

    private static String versionOf(AsicProfile p) {
        return p == null ? null : p.version();
    }

    private static Integer roundingOf(AsicProfile p) {
        return p == null ? null : Math.toIntExact(p.thresholdRoundingBytes());
    }
}
