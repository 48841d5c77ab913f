package dev.weft.compile;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.Endpoint;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Nic;
import dev.weft.model.NicModel;
import dev.weft.model.NicQos;
import dev.weft.model.PinnedHeadroom;
import dev.weft.model.Sourced;
import dev.weft.model.Switch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Compiles the intent model into the vendor-neutral per-device config.
 *
 * <p>Work is linear in the inventory: the fabric-wide plan is derived once ({@link QosPlan}), each
 * distinct {@code asic} is looked up once, ports are grouped by switch in one pass, and links are
 * found through the model's hash index. Devices compile in parallel; the result order is fixed by
 * {@link CompiledFabric}, and findings are sorted, so output does not depend on thread timing.
 */
public final class Compiler {

  public static final String ASIC_PROFILE_INVALID = "asic-profile-invalid";

  private Compiler() {}

  /** Compiles with the headroom overrides the intent itself declares. */
  public static CompileResult compile(FabricModel model, AsicProfiles profiles) {
    return compile(model, profiles, HeadroomOverrides.fromIntent(model));
  }

  public static CompileResult compile(
      FabricModel model, AsicProfiles profiles, HeadroomOverrides overrides) {
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
        findings.add(
            Finding.of(
                    ASIC_PROFILE_INVALID,
                    Severity.ERROR,
                    "ASIC profile for '" + s.asic() + "' is unusable: " + invalid.get(s.asic()))
                .at(Where.of(s.at(), "asic"))
                .onDevice(s.name()));
      }
    }

    // Ports with the same speed, cable, MTU and ASIC share one computation (and one immutable
    // result):
    // one cache per ASIC profile, so a lookup hashes the small input record only.
    Map<String, Map<HeadroomInput, Object>> headroomCaches = new HashMap<>();
    byAsic.keySet().forEach(asic -> headroomCaches.put(asic, new ConcurrentHashMap<>()));
    PortPlan portPlan = PortPlan.of(plan);
    SwitchPlan switchPlan = SwitchPlan.of(plan, roce, model);
    record Compiled(CompiledDevice device, List<Finding> findings) {}
    // Lists, not the index's map views: a map view's stream splits in fixed batches of 1,024 (one
    // thread got
    // 1,024 of 1,536 switches), a list's in halves.
    List<Compiled> compiledSwitches =
        new ArrayList<>(switches)
            .parallelStream()
                .map(
                    s -> {
                      List<Finding> own = new ArrayList<>();
                      AsicProfile profile =
                          s.asic() == null ? null : byAsic.get(s.asic()).orElse(null);
                      Map<HeadroomInput, Object> cache =
                          s.asic() == null ? Map.of() : headroomCaches.get(s.asic());
                      CompiledSwitch cs =
                          compileSwitch(
                              s,
                              model.effectivePortsOf(s.name()),
                              plan,
                              portPlan,
                              switchPlan,
                              roce,
                              profile,
                              overrides,
                              cache,
                              own);
                      return new Compiled(cs, own);
                    })
                .toList();
    NicPlan nicPlan = NicPlan.of(plan, model.fabric(), model);
    List<Compiled> compiledHosts =
        new ArrayList<>(model.index().hostsByName().values())
            .parallelStream()
                .map(h -> new Compiled(compileHost(h, model, plan, nicPlan, roce), List.of()))
                .toList();

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

  /**
   * The provenance keys of a compiled switch in ascending order, with the plan's locations already
   * in their slots: each switch copies the array and fills its own few slots, instead of building a
   * sorted map key by key.
   */
  private record SwitchPlan(
      String[] keys,
      Location[] planLocations,
      Map<String, Long> seeds,
      Location seedsAt,
      Map<String, Integer> bufferPools,
      Integer dynamicTh,
      Integer headroomOverSubscription,
      String trust,
      Location trustAt,
      List<Integer> pcpMap,
      Location pcpMapAt,
      String dcbx) {
    private static final String[] OWN = {
      "name",
      "role",
      "platform",
      "asic",
      "hwsku",
      "os_version",
      "management_host",
      "management_port",
      "ecmp_hash_seed",
      "buffer_pools",
      "lossless_dynamic_th",
      "headroom_over_subscription",
      "trust",
      "pcp_to_priority",
      "dcbx"
    };

    static SwitchPlan of(QosPlan plan, boolean roce, FabricModel model) {
      java.util.TreeSet<String> keys = new java.util.TreeSet<>(List.of(OWN));
      if (roce) {
        keys.addAll(plan.provenance().keySet());
      }
      String[] sorted = keys.toArray(String[]::new);
      Location[] locations = new Location[sorted.length];
      if (roce) {
        plan.provenance().forEach((k, v) -> locations[slot(sorted, k)] = v);
      }
      var fabric = model.fabric();
      Map<String, Long> seeds =
          fabric == null || fabric.ecmp() == null ? Map.of() : fabric.ecmp().seeds();
      Location seedsAt = seeds.isEmpty() ? null : Where.of(fabric.ecmp().at(), "seeds");
      Map<String, Integer> pools = Map.of();
      if (roce && fabric.bufferPools() != null) {
        pools = fabric.bufferPools().percent();
        locations[slot(sorted, "buffer_pools")] = Where.self(fabric.bufferPools().at());
      }
      Integer dynamicTh = null;
      Integer ratio = null;
      if (roce && fabric.pfc() != null) {
        dynamicTh = fabric.pfc().dynamicThreshold();
        ratio = fabric.pfc().headroomOverSubscription();
        if (dynamicTh != null) {
          locations[slot(sorted, "lossless_dynamic_th")] =
              Where.of(fabric.pfc().at(), "dynamic-threshold");
        }
        if (ratio != null) {
          locations[slot(sorted, "headroom_over_subscription")] =
              Where.of(fabric.pfc().at(), "headroom-over-subscription");
        }
      }
      String trust = roce ? fabric.trust() : null;
      Location trustAt = trust == null ? null : Where.of(fabric.at(), "trust");
      // a pcp-map of another length has its schema finding; the compile falls back to identity
      boolean ownMap = roce && fabric.pcpMap() != null && fabric.pcpMap().size() == 8;
      List<Integer> pcpMap = ownMap ? fabric.pcpMap() : Fabric.IDENTITY_PCP_MAP;
      Location pcpMapAt = ownMap ? Where.of(fabric.at(), "pcp-map") : null;
      // one DCBX mode for every switch: the fabric's line owns it (null: not managed)
      String dcbx = roce ? fabric.dcbx() : null;
      if (dcbx != null) {
        locations[slot(sorted, "dcbx")] = Where.of(fabric.at(), "dcbx");
      }
      return new SwitchPlan(
          sorted, locations, seeds, seedsAt, pools, dynamicTh, ratio, trust, trustAt, pcpMap,
          pcpMapAt, dcbx);
    }

    /**
     * The intent line that sets what {@code s}'s ports trust: the switch's own {@code trust}, else
     * the fabric's, else null (DSCP, the default).
     */
    Location trustAt(Switch s) {
      return s.trust() != null ? Where.of(s.at(), "trust") : trustAt;
    }

    /** Whether {@code s}'s ports trust PCP: its own {@code trust}, else the fabric's. */
    boolean trustsPcp(Switch s) {
      return "pcp".equals(s.trust() != null ? s.trust() : trust);
    }

    /**
     * The PCP map of a switch that trusts PCP (recording where it and the trust were set), else
     * empty.
     */
    List<Integer> pcpToPriority(Switch s, Location[] prov) {
      Location at = trustAt(s);
      if (at != null) {
        prov[slot(keys, "trust")] = at;
      }
      if (!trustsPcp(s)) {
        return List.of();
      }
      prov[slot(keys, "pcp_to_priority")] = pcpMapAt != null ? pcpMapAt : at;
      return pcpMap;
    }

    /** The switch's own hash seed, else its role's, with where it was set. */
    Long seed(Switch s, Location[] prov) {
      if (s.hashSeed() != null) {
        prov[slot(keys, "ecmp_hash_seed")] = Where.of(s.at(), "hash-seed");
        return s.hashSeed();
      }
      Long seed = s.role() == null ? null : seeds.get(s.role());
      if (seed != null) {
        prov[slot(keys, "ecmp_hash_seed")] = seedsAt;
      }
      return seed;
    }

    Map<String, Location> provenance(Switch s, Location[] v) {
      v[slot(keys, "name")] = Where.of(s.at(), "name");
      v[slot(keys, "role")] = Where.of(s.at(), "role");
      v[slot(keys, "platform")] = Where.of(s.at(), "platform");
      if (s.asic() != null) {
        v[slot(keys, "asic")] = Where.of(s.at(), "asic");
      }
      if (s.hwsku() != null) {
        v[slot(keys, "hwsku")] = Where.of(s.at(), "hwsku");
      }
      if (s.osVersion() != null) {
        v[slot(keys, "os_version")] = Where.of(s.at(), "os-version");
      }
      if (s.management() != null) {
        v[slot(keys, "management_host")] = Where.of(s.management().at(), "host");
        v[slot(keys, "management_port")] = Where.of(s.management().at(), "port");
      }
      return FrozenSortedMap.ofSorted(keys, v);
    }
  }

  private static CompiledSwitch compileSwitch(
      Switch s,
      List<EffectivePort> ports,
      QosPlan plan,
      PortPlan portPlan,
      SwitchPlan switchPlan,
      boolean roce,
      AsicProfile profile,
      HeadroomOverrides overrides,
      Map<HeadroomInput, Object> cache,
      List<Finding> findings) {
    Location[] slots = switchPlan.planLocations().clone();
    Long seed = switchPlan.seed(s, slots);
    List<Integer> pcpMap = roce ? switchPlan.pcpToPriority(s, slots) : List.of();
    Map<String, Location> prov = switchPlan.provenance(s, slots);
    PortTrust trust = new PortTrust(pcpMap.isEmpty(), switchPlan.trustAt(s));
    List<CompiledPort> compiledPorts = new ArrayList<>(ports.size());
    for (EffectivePort ep : ports) {
      compiledPorts.add(
          compilePort(ep, plan, portPlan, trust, roce, profile, overrides, cache, findings));
    }
    String host = s.management() == null ? null : s.management().host();
    Integer mport = s.management() == null ? null : s.management().port();
    CompiledSwitch.Builder sw =
        CompiledSwitch.builder()
            .name(s.name())
            .role(s.role())
            .platform(s.platform())
            .asic(s.asic())
            .asicProfileVersion(versionOf(profile))
            .thresholdRoundingBytes(roundingOf(profile))
            .hwsku(s.hwsku())
            .osVersion(s.osVersion())
            .managementHost(host)
            .managementPort(mport)
            .ports(compiledPorts)
            .provenance(prov)
            .hashSeed(seed)
            .buffer(bufferOf(profile));
    if (!roce) {
      return sw.build();
    }
    return sw.congestionControl(plan.congestionControl())
        .dscpToPriority(plan.dscpToPriority())
        .priorityToQueue(plan.priorityToQueue())
        .priorityToPriorityGroup(plan.priorityToPriorityGroup())
        .losslessPriorities(plan.losslessPriorities())
        .cnpPriority(plan.cnpPriority())
        .cnpDscp(plan.cnpDscp())
        .queues(plan.queues())
        .ecnProfiles(plan.ecnProfiles())
        .watchdog(plan.watchdog())
        .linkPause(plan.linkPause())
        .ecmpHashFields(plan.ecmpHashFields())
        .bufferPools(switchPlan.bufferPools())
        .ports(withSharedHeadroom(compiledPorts, switchPlan.headroomOverSubscription()))
        .losslessBuffer(
            LosslessBuffer.of(
                switchPlan.dynamicTh(),
                switchPlan.headroomOverSubscription(),
                sharedHeadroomPool(compiledPorts, switchPlan.headroomOverSubscription())))
        .pcpToPriority(pcpMap)
        .dcbx(switchPlan.dcbx())
        .build();
  }

  /**
   * The shared headroom pool a ratio N gives: the xoff of every lossless PG of the switch summed
   * and divided by N, rounded up (SONiC's over_subscribe_ratio); null without a ratio or without
   * computed headroom.
   */
  private static Long sharedHeadroomPool(List<CompiledPort> ports, Integer ratio) {
    if (ratio == null) {
      return null;
    }
    long xoff = 0;
    for (CompiledPort p : ports) {
      for (PriorityGroupHeadroom h : p.headroom()) {
        xoff = Math.addExact(xoff, h.xoff());
      }
    }
    return xoff == 0 ? null : (xoff + ratio - 1) / ratio;
  }

  /**
   * With a shared headroom pool a PG reserves only its xon: its xoff is drawn from the pool
   * (SONiC's {@code size = xon} with the shared headroom pool). Ports sharing one headroom list
   * keep sharing the rewritten one.
   */
  private static List<CompiledPort> withSharedHeadroom(List<CompiledPort> ports, Integer ratio) {
    if (ratio == null) {
      return ports;
    }
    java.util.IdentityHashMap<List<PriorityGroupHeadroom>, List<PriorityGroupHeadroom>> rewritten =
        new java.util.IdentityHashMap<>();
    List<CompiledPort> out = new ArrayList<>(ports.size());
    for (CompiledPort p : ports) {
      if (p.headroom().isEmpty()) {
        out.add(p);
        continue;
      }
      List<PriorityGroupHeadroom> pooled =
          rewritten.computeIfAbsent(
              p.headroom(),
              list ->
                  list.stream()
                      .map(
                          h ->
                              new PriorityGroupHeadroom(
                                  h.pg(),
                                  h.priorities(),
                                  h.xoff(),
                                  h.xon(),
                                  h.xon(),
                                  h.requiredXoff(),
                                  h.origin()))
                      .toList());
      out.add(p.toBuilder().headroom(pooled).build());
    }
    return out;
  }

  private static CompiledSwitch.AsicBuffer bufferOf(AsicProfile p) {
    if (p == null
        || (p.bufferBytes() == null
            && p.ingressLosslessPoolBytes() == null
            && p.losslessDynamicTh() == null
            && p.maxPortSpeedGbps() == null)) {
      return null;
    }
    return new CompiledSwitch.AsicBuffer(
        p.bufferBytes(), p.ingressLosslessPoolBytes(), p.losslessDynamicTh(), p.maxPortSpeedGbps());
  }

  /**
   * The provenance keys a compiled port can carry, in ascending order: each port fills one array in
   * this layout instead of building a sorted map key by key ({@link FrozenSortedMap#ofSorted}).
   */
  private static final String[] PORT_FIELDS =
      sortedCopy(
          "name",
          "speed_gbps",
          "mtu",
          "role",
          "cable_length_m",
          "peer",
          "trust_dscp",
          "pfc_priorities",
          "priority_to_queue",
          "queues",
          "link_pause",
          "pfc_priority_to_queue",
          "watchdog",
          "watchdog_queues",
          "headroom",
          "vlan",
          "watchdog_action",
          "lag");

  private static final int P_NAME = slot(PORT_FIELDS, "name");
  private static final int P_SPEED = slot(PORT_FIELDS, "speed_gbps");
  private static final int P_MTU = slot(PORT_FIELDS, "mtu");
  private static final int P_ROLE = slot(PORT_FIELDS, "role");
  private static final int P_CABLE = slot(PORT_FIELDS, "cable_length_m");
  private static final int P_PEER = slot(PORT_FIELDS, "peer");
  private static final int P_HEADROOM = slot(PORT_FIELDS, "headroom");
  private static final int P_VLAN = slot(PORT_FIELDS, "vlan");
  private static final int P_LAG = slot(PORT_FIELDS, "lag");
  private static final int P_PFC = slot(PORT_FIELDS, "pfc_priorities");
  private static final int P_WATCHDOG = slot(PORT_FIELDS, "watchdog");
  private static final int P_WATCHDOG_QUEUES = slot(PORT_FIELDS, "watchdog_queues");
  private static final int P_WATCHDOG_ACTION = slot(PORT_FIELDS, "watchdog_action");
  private static final int P_QUEUES = slot(PORT_FIELDS, "queues");
  private static final int P_TRUST = slot(PORT_FIELDS, "trust_dscp");

  /**
   * What every RoCE port of one compile shares, derived once from the plan: the plan-owned
   * provenance entries (as a template of {@link #PORT_FIELDS} slots) and the watchdog queues.
   */
  private record PortPlan(
      Location[] planProvenance,
      boolean watchdog,
      List<Integer> watchdogQueues,
      QosPlan plan,
      Map<List<Object>, List<CompiledQueue>> queueVariants) {

    /**
     * The queues of a port whose PFC set or speed thresholds differ from the plan's: one list per
     * distinct (PFC set, speed), shared by every port with the same (ports compile in parallel,
     * hence concurrent).
     */
    List<CompiledQueue> queues(List<Integer> lossless, Long speedGbps) {
      boolean speedOwn = speedGbps != null && plan.hasSpeedThresholds(speedGbps);
      if (!speedOwn && lossless.equals(plan.losslessPriorities())) {
        return plan.queues();
      }
      Long speed = speedOwn ? speedGbps : null;
      return queueVariants.computeIfAbsent(
          List.of(lossless, speed == null ? -1L : speed),
          k -> QosPlan.queues(plan.classes(), lossless, speed));
    }

    /** The queues the watchdog watches on a port with PFC set {@code lossless}. */
    List<Integer> watchdogQueuesFor(List<Integer> lossless) {
      if (lossless.equals(plan.losslessPriorities())) {
        return watchdogQueues;
      }
      return lossless.stream().map(plan.priorityToQueue()::get).distinct().sorted().toList();
    }

    static PortPlan of(QosPlan plan) {
      Location[] prov = new Location[PORT_FIELDS.length];
      for (String k :
          List.of("trust_dscp", "pfc_priorities", "priority_to_queue", "queues", "link_pause")) {
        prov[slot(PORT_FIELDS, k)] = plan.provenance().get(k);
      }
      prov[slot(PORT_FIELDS, "pfc_priority_to_queue")] = plan.provenance().get("priority_to_queue");
      if (plan.watchdog() != null && plan.provenance().get("watchdog") != null) {
        prov[slot(PORT_FIELDS, "watchdog")] = plan.provenance().get("watchdog");
        prov[slot(PORT_FIELDS, "watchdog_queues")] = plan.provenance().get("watchdog");
      }
      List<Integer> pfc = plan.losslessPriorities();
      boolean watchdog = plan.watchdog() != null && plan.watchdog().enabled() && !pfc.isEmpty();
      List<Integer> wdQueues =
          watchdog
              ? pfc.stream().map(plan.priorityToQueue()::get).distinct().sorted().toList()
              : List.of();
      return new PortPlan(prov, watchdog, wdQueues, plan, new ConcurrentHashMap<>());
    }
  }

  /**
   * What a switch's ports classify by: DSCP, or PCP; and the intent line that says so (null: not
   * written, DSCP by default, owned by the traffic classes).
   */
  private record PortTrust(boolean dscp, Location at) {}

  private static CompiledPort compilePort(
      EffectivePort ep,
      QosPlan plan,
      PortPlan portPlan,
      PortTrust trust,
      boolean roce,
      AsicProfile profile,
      HeadroomOverrides overrides,
      Map<HeadroomInput, Object> cache,
      List<Finding> findings) {
    Location[] prov = roce ? portPlan.planProvenance().clone() : new Location[PORT_FIELDS.length];
    prov[P_NAME] = Where.of(ep.port().at(), "name");
    Integer speed = ep.speed() == null ? null : Math.toIntExact(ep.speed().value().gbps());
    Integer mtu = ep.mtu() == null ? null : ep.mtu().value();
    Integer cable =
        ep.cableLength() == null ? null : Math.toIntExact(ep.cableLength().value().metres());
    // speed: auto on the port owns its (absent) speed, so a platform that needs one points there
    prov[P_SPEED] =
        ep.speed() == null && ep.port().speedAuto()
            ? Where.of(ep.port().at(), "speed")
            : origin(ep.speed());
    prov[P_MTU] = origin(ep.mtu());
    prov[P_ROLE] = origin(ep.role());
    prov[P_CABLE] = ep.cableLength() != null ? origin(ep.cableLength()) : ep.cableDefault();
    String role = ep.role() == null ? null : ep.role().value().word();
    if (ep.link() != null) {
      prov[P_PEER] = Where.self(ep.link().at());
    }
    Integer vlan = ep.vlan() == null ? null : ep.vlan().value();
    prov[P_VLAN] = origin(ep.vlan());
    if (ep.port().lag() != null) {
      prov[P_LAG] = Where.of(ep.port().at(), "lag");
    }
    CompiledPort.Builder port =
        CompiledPort.builder()
            .name(ep.portName())
            .speedGbps(speed)
            .mtu(mtu)
            .cableLengthMetres(cable)
            .role(role)
            .vlan(vlan)
            .lag(ep.port().lag());
    if (ep.peer() != null) {
      port.peer(ep.peer().device(), ep.peer().port());
    }
    if (!roce) {
      return port.provenance(FrozenSortedMap.ofSorted(PORT_FIELDS, prov)).build();
    }
    // An exception may narrow the port's PFC set (a lossy storage port) or change its watchdog
    // action. A port without a link (pre-provisioned during a build-out) and without a cable
    // length of its own is lossy on every platform: with no cable there is no headroom to size,
    // and a lossy port renders everywhere (port-unlinked says so), where a lossless one without
    // headroom would stop its whole switch from rendering on the platforms whose files carry
    // headroom. A port that declares its cable (a length, or `default`: the platform's headroom)
    // is lossless like a linked one: an import from one device's backup knows no far end.
    List<Integer> lossless;
    if (!ep.cabled()) {
      lossless = List.of();
      prov[P_PFC] = prov[P_NAME];
      prov[P_WATCHDOG_QUEUES] = prov[P_NAME];
      prov[P_QUEUES] = prov[P_NAME];
    } else if (ep.pfc() == null) {
      lossless = plan.losslessPriorities();
    } else {
      lossless = ep.pfc().value();
      prov[P_PFC] = ep.pfc().origin();
      prov[P_WATCHDOG_QUEUES] = ep.pfc().origin();
      prov[P_QUEUES] = ep.pfc().origin();
    }
    boolean watchdog = portPlan.watchdog() && !lossless.isEmpty();
    String action = null;
    if (watchdog && ep.watchdogAction() != null) {
      action = ep.watchdogAction().value().word();
      prov[P_WATCHDOG_ACTION] = ep.watchdogAction().origin();
      prov[P_WATCHDOG] = ep.watchdogAction().origin();
    }
    List<CompiledQueue> queues =
        portPlan.queues(lossless, speed == null ? null : speed.longValue());
    List<PriorityGroupHeadroom> headroom =
        headroom(ep, lossless, plan, profile, overrides, cache, findings, prov);
    if (trust.at() != null) {
      prov[P_TRUST] = trust.at();
    }
    return port.trustDscp(trust.dscp())
        .pfcPriorities(lossless)
        .priorityToQueue(plan.priorityToQueue())
        .pfcPriorityToQueue(plan.priorityToQueue())
        .queues(queues)
        .watchdog(watchdog)
        .watchdogQueues(watchdog ? portPlan.watchdogQueuesFor(lossless) : List.of())
        .watchdogAction(action)
        .linkPause(plan.linkPause())
        .headroom(headroom)
        .provenance(FrozenSortedMap.ofSorted(PORT_FIELDS, prov))
        .build();
  }

  /**
   * One entry per lossless PG, or none when it cannot be computed. A missing profile is not
   * reported here: {@code asic-profile-missing} sees it in the compiled switch. A port without a
   * cable (no link, no length) is lossy and gets no headroom; one with {@code cable-length:
   * default} gets none either (the platform sizes it) unless the intent pins it. A speed without a
   * sourced pause-quanta value is left to {@code headroom-uncomputable}. A pinned headroom ({@code
   * headroom:} on the port or its profile) needs no computation where it pins xon as well: a device
   * whose config holds its own headroom imports that way, ASIC profile or not.
   */
  private static List<PriorityGroupHeadroom> headroom(
      EffectivePort ep,
      List<Integer> lossless,
      QosPlan plan,
      AsicProfile profile,
      HeadroomOverrides overrides,
      Map<HeadroomInput, Object> cache,
      List<Finding> findings,
      Location[] prov) {
    if (lossless.isEmpty() || !ep.cabled()) {
      return List.of();
    }
    Optional<Sourced<PinnedHeadroom>> override = overrides.headroomFor(ep);
    // A missing speed, MTU or cable length is reported by the model and intent rules
    // (cable-length-missing); the compiler only declines to guess.
    boolean computable =
        profile != null
            && ep.speed() != null
            && ep.mtu() != null
            && ep.cableLength() != null
            && plan.nicMtu() != null;
    Object cached = computable ? computed(ep, lossless, plan, profile, cache) : null;
    if (override.isEmpty()) {
      if (!(cached instanceof Computed computed)) {
        return List.of(); // refused: headroom-uncomputable reports it
      }
      prov[P_HEADROOM] = ep.cableLength().origin();
      HeadroomResult r = computed.result();
      if (lossless != plan.losslessPriorities() && !lossless.equals(plan.losslessPriorities())) {
        // an exception narrowed the PFC set: this port's own PGs, same computed values
        return priorityGroups(
            lossless,
            plan,
            pg ->
                new PriorityGroupHeadroom(
                    pg.getKey(),
                    pg.getValue(),
                    r.xoff(),
                    r.xon(),
                    r.size(),
                    r.xoff(),
                    PriorityGroupHeadroom.COMPUTED));
      }
      return computed.groups(); // the same immutable list for every port with these inputs
    }
    // Refused (a speed without a sourced pause-quanta value) or not computable: the override alone
    // gives the port headroom, with no computed minimum to check it against.
    HeadroomResult r = cached instanceof Computed computed ? computed.result() : null;
    PinnedHeadroom pin = override.get().value();
    Long xon =
        pin.xon() != null
            ? Long.valueOf(pin.xon().bytes())
            : r != null
                ? Long.valueOf(r.xon())
                : profile != null
                    ? Long.valueOf(Headroom.ceil1024(profile.pipelineLatencyBytes()))
                    : null;
    if (xon == null) {
      return List.of(); // no ASIC profile to take xon from: asic-profile-missing says so
    }
    prov[P_HEADROOM] = override.get().origin();
    Long required = r == null ? null : r.xoff();
    long xoff = pin.xoff().bytes();
    long size = pin.size() != null ? pin.size().bytes() : xoff + xon;
    return priorityGroups(
        lossless,
        plan,
        pg ->
            new PriorityGroupHeadroom(
                pg.getKey(),
                pg.getValue(),
                xoff,
                xon,
                size,
                required,
                PriorityGroupHeadroom.OVERRIDE));
  }

  /**
   * The computed headroom for the port's inputs (shared by every port with the same), or why not.
   */
  private static Object computed(
      EffectivePort ep,
      List<Integer> lossless,
      QosPlan plan,
      AsicProfile profile,
      Map<HeadroomInput, Object> cache) {
    HeadroomInput in =
        new HeadroomInput(
            ep.speed().value().gbps(),
            ep.cableLength().value().metres(),
            ep.mtu().value(),
            plan.nicMtu());
    Object cached = cache.get(in);
    if (cached != null) {
      return cached;
    }
    return cache.computeIfAbsent(
        in,
        k -> {
          try {
            HeadroomResult computed = Headroom.compute(k, profile);
            return new Computed(
                computed,
                List.copyOf(
                    priorityGroups(
                        lossless,
                        plan,
                        pg ->
                            new PriorityGroupHeadroom(
                                pg.getKey(),
                                pg.getValue(),
                                computed.xoff(),
                                computed.xon(),
                                computed.size(),
                                computed.xoff(),
                                PriorityGroupHeadroom.COMPUTED))));
          } catch (HeadroomException e) {
            return e.getMessage();
          }
        });
  }

  /** A computed headroom and the per-PG entries every port without an override gets from it. */
  private record Computed(HeadroomResult result, List<PriorityGroupHeadroom> groups) {}

  /**
   * One entry per lossless PG, ascending in first-priority order: one PG per lossless priority
   * (QosPlan).
   */
  private static List<PriorityGroupHeadroom> priorityGroups(
      List<Integer> lossless,
      QosPlan plan,
      Function<Map.Entry<Integer, List<Integer>>, PriorityGroupHeadroom> entry) {
    Map<Integer, List<Integer>> byPg = new LinkedHashMap<>();
    for (int p : lossless) {
      byPg.computeIfAbsent(plan.priorityToPriorityGroup().get(p), k -> new ArrayList<>()).add(p);
    }
    List<PriorityGroupHeadroom> out = new ArrayList<>(byPg.size());
    for (Map.Entry<Integer, List<Integer>> e : byPg.entrySet()) {
      out.add(entry.apply(e));
    }
    return out;
  }

  private static CompiledHost compileHost(
      Host h, FabricModel model, QosPlan plan, NicPlan nicPlan, boolean roce) {
    Map<String, Location> hostProv = new TreeMap<>();
    hostProv.put("name", Where.of(h.at(), "name"));
    if (h.gidIndex() != null) {
      hostProv.put("gid_index", Where.of(h.at(), "gid-index"));
    }
    List<CompiledNic> nics = new ArrayList<>(h.nics().size());
    if (roce) {
      for (Nic n : h.nics()) {
        nics.add(compileNic(h, n, model, plan, nicPlan));
      }
    }
    return new CompiledHost(h.name(), nics, hostProv, h.gidIndex());
  }

  /**
   * The provenance keys a compiled NIC can carry, in ascending order (see {@link #PORT_FIELDS}).
   */
  private static final String[] NIC_FIELDS =
      sortedCopy(
          "trust_dscp",
          "pfc",
          "roce_dscp",
          "roce_tos",
          "ecn_rp",
          "ecn_np",
          "cnp_dscp",
          "cnp_priority",
          "mtu",
          "roce_mtu",
          "link_pause",
          "dscp_to_priority",
          "name",
          "rdma_device",
          "speed_gbps",
          "peer",
          "cable_length_m",
          "dcbx",
          "roce_mode",
          "model",
          "firmware",
          "prio2buffer",
          "buffer_size",
          "ets_tsa",
          "ets_bw",
          "dcqcn_rp.rpg_time_reset",
          "dcqcn_rp.rpg_ai_rate",
          "dcqcn_rp.rpg_hai_rate",
          "dcqcn_rp.rpg_min_rate",
          "dcqcn_rp.rpg_min_dec_fac",
          "dcqcn_rp.rate_reduce_monitor_period",
          "dcqcn_rp.initial_alpha_value",
          "dcqcn_rp.dce_tcp_g",
          "dcqcn_rp.dce_tcp_rtt");

  private static final List<String> NIC_PLAN_FIELDS =
      List.of(
          "trust_dscp",
          "pfc",
          "roce_dscp",
          "roce_tos",
          "ecn_rp",
          "ecn_np",
          "cnp_dscp",
          "cnp_priority",
          "mtu",
          "roce_mtu",
          "link_pause",
          "dscp_to_priority");
  private static final int N_NAME = slot(NIC_FIELDS, "name");
  private static final int N_RDMA = slot(NIC_FIELDS, "rdma_device");
  private static final int N_SPEED = slot(NIC_FIELDS, "speed_gbps");
  private static final int N_PEER = slot(NIC_FIELDS, "peer");
  private static final int N_CABLE = slot(NIC_FIELDS, "cable_length_m");
  private static final int N_FIRMWARE = slot(NIC_FIELDS, "firmware");

  /**
   * What every NIC of one compile shares: plan-owned provenance slots and the per-priority vectors.
   */
  private record NicPlan(
      Location[] planProvenance,
      List<Integer> pfc,
      List<Integer> roceEcn,
      Integer roceTos,
      Fabric fabric,
      boolean pfcExceptions) {

    static NicPlan of(QosPlan plan, Fabric fabric, FabricModel model) {
      Location[] prov = new Location[NIC_FIELDS.length];
      for (String k : NIC_PLAN_FIELDS) {
        prov[slot(NIC_FIELDS, k)] = plan.provenance().get(k);
      }
      return new NicPlan(
          prov,
          QosPlan.vector(plan.losslessPriorities()),
          QosPlan.vector(plan.roceEcnPriorities()),
          plan.roceDscp() == null ? null : CompiledNic.tosOf(plan.roceDscp()),
          fabric,
          pfcExceptions(model));
    }

    /**
     * Whether any switch, profile or port narrows its PFC set (only then must a NIC look at its
     * port).
     */
    private static boolean pfcExceptions(FabricModel model) {
      for (var p : model.profiles().values()) {
        if (p.exception() != null && p.exception().pfc() != null) {
          return true;
        }
      }
      for (Switch s : model.switches()) {
        if (s.exception() != null && s.exception().pfc() != null) {
          return true;
        }
        for (var p : s.ports()) {
          if (p.exception() != null && p.exception().pfc() != null) {
            return true;
          }
        }
      }
      return false;
    }
  }

  /**
   * The NIC's firmware-default DSCP map, priority = DSCP >> 3 (what ConnectX starts from with trust
   * dscp).
   */
  private static final Map<Integer, Integer> NIC_DEFAULT_DSCP_MAP;

  static {
    Map<Integer, Integer> m = new TreeMap<>();
    for (int d = 0; d < QosPlan.DSCP_VALUES; d++) {
      m.put(d, d >> 3);
    }
    NIC_DEFAULT_DSCP_MAP = FrozenSortedMap.of(m);
  }

  private static CompiledNic compileNic(
      Host h, Nic n, FabricModel model, QosPlan plan, NicPlan nicPlan) {
    Location[] prov = nicPlan.planProvenance().clone();
    prov[N_NAME] = Where.of(n.at(), "name");
    if (n.rdmaDevice() != null) {
      prov[N_RDMA] = Where.of(n.at(), "rdma-device");
    }
    if (n.speed() != null) {
      prov[N_SPEED] = Where.of(n.at(), "speed");
    }
    if (n.firmware() != null) {
      prov[N_FIRMWARE] = Where.of(n.at(), "firmware");
    }
    if (n.model() != null) {
      prov[slot(NIC_FIELDS, "model")] = Where.of(n.at(), "model");
    }
    Link link = model.linkAt(h.name(), n.name()).orElse(null);
    Integer cable = null;
    String peer = null;
    Endpoint peerEnd = null;
    if (link != null) {
      peerEnd = link.peerOf(h.name(), n.name());
      peer = String.valueOf(peerEnd);
      prov[N_PEER] = Where.self(link.at());
      if (link.cableLength() != null) {
        cable = Math.toIntExact(link.cableLength().metres());
        prov[N_CABLE] = Where.of(link.at(), "cable-length");
      }
    }
    // The NIC follows the plan, where its switch port's exception changes the PFC set, that, and
    // where its
    // model's settings say otherwise, those (each owned by the model's line).
    List<Integer> pfc = nicPlan.pfc();
    if (peerEnd != null && nicPlan.pfcExceptions()) {
      EffectivePort sp = model.effectivePortAt(peerEnd.device(), peerEnd.port()).orElse(null);
      if (sp != null && sp.pfc() != null) {
        pfc = QosPlan.vector(sp.pfc().value());
        prov[slot(NIC_FIELDS, "pfc")] = sp.pfc().origin();
      }
    }
    NicModel m = nicPlan.fabric() == null ? null : nicPlan.fabric().nicModel(n.model());
    boolean trust = true;
    Map<Integer, Integer> dscp = plan.dscpToPriority();
    Integer tos = nicPlan.roceTos();
    List<Integer> ecn = nicPlan.roceEcn();
    Integer cnpDscp = plan.cnpDscp();
    Integer cnpPriority = plan.cnpPriority();
    boolean linkPause = plan.linkPause();
    String dcbx = null;
    int roceMode = 2;
    if (m != null) {
      if (m.trust() != null) {
        trust = "dscp".equals(m.trust());
        prov[slot(NIC_FIELDS, "trust_dscp")] = Where.of(m.at(), "trust");
      }
      if (m.pfc() != null) {
        pfc = QosPlan.vector(m.pfc());
        prov[slot(NIC_FIELDS, "pfc")] = Where.of(m.at(), "pfc");
      }
      if (NicModel.NIC_DEFAULT_MAP.equals(m.dscpMap())) {
        dscp = NIC_DEFAULT_DSCP_MAP;
        prov[slot(NIC_FIELDS, "dscp_to_priority")] = Where.of(m.at(), "dscp-map");
      }
      if (m.roceTos() != null) {
        tos = m.roceTos();
        prov[slot(NIC_FIELDS, "roce_tos")] = Where.of(m.at(), "roce-tos");
      }
      if (Boolean.FALSE.equals(m.dcqcn())) {
        ecn = QosPlan.vector(List.of());
        prov[slot(NIC_FIELDS, "ecn_rp")] = Where.of(m.at(), "dcqcn");
        prov[slot(NIC_FIELDS, "ecn_np")] = Where.of(m.at(), "dcqcn");
      }
      if (m.cnpDscp() != null) {
        cnpDscp = m.cnpDscp();
        prov[slot(NIC_FIELDS, "cnp_dscp")] = Where.of(m.at(), "cnp");
      }
      if (m.cnpPriority() != null) {
        cnpPriority = m.cnpPriority();
        prov[slot(NIC_FIELDS, "cnp_priority")] = Where.of(m.at(), "cnp");
      }
      if (m.linkPause() != null) {
        linkPause = m.linkPause();
        prov[slot(NIC_FIELDS, "link_pause")] = Where.of(m.at(), "link-pause");
      }
      if (m.dcbx() != null) {
        dcbx = m.dcbx();
        prov[slot(NIC_FIELDS, "dcbx")] = Where.of(m.at(), "dcbx");
      }
      if ("v1".equals(m.roceMode())) {
        roceMode = 1;
      }
      if (m.roceMode() != null) {
        prov[slot(NIC_FIELDS, "roce_mode")] = Where.of(m.at(), "roce-mode");
      }
    }
    // before the provenance is frozen: the knobs add their owners to it
    NicKnobs knobs = knobs(nicPlan.fabric() == null ? null : nicPlan.fabric().nicQos(), m, prov);
    return new CompiledNic(
        n.name(),
        n.rdmaDevice(),
        n.model(),
        n.firmware(),
        trust,
        dscp,
        pfc,
        plan.roceDscp(),
        tos,
        ecn,
        ecn,
        cnpDscp,
        cnpPriority,
        plan.nicMtu(),
        plan.roceMtu(),
        n.speed() == null ? null : Math.toIntExact(n.speed().gbps()),
        cable,
        linkPause,
        peer,
        FrozenSortedMap.ofSorted(NIC_FIELDS, prov),
        dcbx,
        roceMode,
        peerEnd == null ? null : peerEnd.device(),
        peerEnd == null ? null : peerEnd.port(),
        knobs);
  }

  /**
   * The NIC's receive-buffer, ETS and reaction-point knobs: each key of its model's {@code nic-qos}
   * replaces the fabric's (a reaction-point parameter one by one), each owned by the line that
   * wrote it.
   */
  private static NicKnobs knobs(NicQos fabricQos, NicModel m, Location[] prov) {
    NicQos modelQos = m == null ? null : m.nicQos();
    if (fabricQos == null && modelQos == null) {
      return NicKnobs.NONE;
    }
    NicQos p2b = pick(modelQos, fabricQos, q -> q.prio2buffer());
    NicQos sizes = pick(modelQos, fabricQos, q -> q.bufferSize());
    NicQos ets = pick(modelQos, fabricQos, q -> q.ets());
    if (p2b != null) {
      prov[slot(NIC_FIELDS, "prio2buffer")] = Where.of(p2b.at(), "prio2buffer");
    }
    if (sizes != null) {
      prov[slot(NIC_FIELDS, "buffer_size")] = Where.of(sizes.at(), "buffer-size");
    }
    if (ets != null) {
      prov[slot(NIC_FIELDS, "ets_tsa")] = Where.of(ets.ets().at(), "tsa");
      prov[slot(NIC_FIELDS, "ets_bw")] = Where.of(ets.ets().at(), "bw");
    }
    Map<String, Long> rp = new LinkedHashMap<>();
    for (NicKnobs.RpParameter parameter : NicKnobs.RP_PARAMETERS) {
      for (NicQos q : new NicQos[] {modelQos, fabricQos}) {
        Long value = q == null || q.dcqcnRp() == null ? null : parameter.value().apply(q.dcqcnRp());
        if (value != null) {
          rp.put(parameter.ofedName(), value);
          prov[slot(NIC_FIELDS, "dcqcn_rp." + parameter.ofedName())] =
              Where.of(q.dcqcnRp().at(), parameter.key());
          break;
        }
      }
    }
    return new NicKnobs(
        p2b == null ? null : p2b.prio2buffer(),
        sizes == null ? null : NicKnobs.bytes(sizes.bufferSize()),
        ets == null ? null : ets.ets().tsa(),
        ets == null ? null : ets.ets().bw(),
        rp);
  }

  /** The first of {@code first}, {@code second} that writes what {@code field} reads, or null. */
  private static NicQos pick(NicQos first, NicQos second, Function<NicQos, Object> field) {
    if (first != null && field.apply(first) != null) {
      return first;
    }
    return second != null && field.apply(second) != null ? second : null;
  }

  private static Location origin(Sourced<?> s) {
    return s == null ? null : s.origin();
  }

  private static String[] sortedCopy(String... keys) {
    String[] sorted = keys.clone();
    Arrays.sort(sorted);
    return sorted;
  }

  private static int slot(String[] sortedKeys, String key) {
    int i = Arrays.binarySearch(sortedKeys, key);
    if (i < 0) {
      throw new IllegalArgumentException("no slot for " + key);
    }
    return i;
  }

  private static String versionOf(AsicProfile p) {
    return p == null ? null : p.version();
  }

  private static Integer roundingOf(AsicProfile p) {
    return p == null ? null : Math.toIntExact(p.thresholdRoundingBytes());
  }
}
