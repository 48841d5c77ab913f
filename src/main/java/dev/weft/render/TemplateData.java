package dev.weft.render;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledHost;
import dev.weft.compile.CompiledNic;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.PriorityGroupHeadroom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The plain-value view templates read of each compiled record ({@link TemplateView} says why views
 * and not the records): sorted maps with snake_case keys whose values are only strings, numbers,
 * booleans, lists and maps; absent values are left out. The compiled records carry no template
 * code: this is the one place that knows what a template sees, including the values computed so
 * templates need not recompute them per port ({@code speed_mbps}, the {@code *_csv} joins, {@code
 * scheduler_name}, {@code dscp_remap}). Keys are passed in sorted order (the view then sorts in one
 * pass).
 */
public final class TemplateData {

  private TemplateData() {}

  /** The view of a switch or a host. */
  public static Map<String, Object> of(CompiledDevice device) {
    if (device instanceof CompiledSwitch sw) {
      return of(sw);
    }
    return of((CompiledHost) device);
  }

  public static Map<String, Object> of(CompiledSwitch sw) {
    // DSCP keys stay integers in ascending order so {% for dscp, tc in dscp_to_priority.items() %}
    // is stable:
    // the frozen map is that already (and one object fabric-wide), so it is its own view.
    Map<Integer, Integer> dscp = sw.dscpToPriority();
    TemplateView.Shared shared = new TemplateView.Shared();
    return TemplateView.of(
        "kind", "switch",
        "name", sw.name(),
        "role", sw.role(),
        "platform", sw.platform(),
        "asic", sw.asic(),
        "asic_profile_version", sw.asicProfileVersion(),
        "hwsku", sw.hwsku(),
        "threshold_rounding_bytes", sw.thresholdRoundingBytes(),
        "os_version", sw.osVersion(),
        "management_host", sw.managementHost(),
        "management_port", sw.managementPort(),
        "congestion_control", sw.congestionControl(),
        "dscp_to_priority", dscp,
        "priority_to_queue", sw.priorityToQueue(),
        "priority_to_pg", sw.priorityToPriorityGroup(),
        "lossless_priorities", sw.losslessPriorities(),
        "cnp_priority", sw.cnpPriority(),
        "cnp_dscp", sw.cnpDscp(),
        "queues", shared.list(sw.queues(), TemplateData::of),
        "ecn_profiles", TemplateView.list(sw.ecnProfiles(), TemplateData::of),
        "watchdog", sw.watchdog() == null ? null : of(sw.watchdog()),
        "link_pause", sw.linkPause(),
        "ecmp_hash_fields", sw.ecmpHashFields(),
        "ecmp_hash_seed", sw.hashSeed(),
        "buffer_pools", sw.bufferPools().isEmpty() ? null : sw.bufferPools(),
        // the lossless PGs' alpha exponent and shared headroom pool (bytes); absent unless the
        // intent sets them, so templates keep their platform's defaults
        "lossless_dynamic_th", sw.losslessBuffer() == null ? null : sw.losslessBuffer().dynamicTh(),
        "shared_headroom_pool_bytes",
            sw.losslessBuffer() == null ? null : sw.losslessBuffer().sharedHeadroomPoolBytes(),
        // PCP p → switch priority (8 entries) where the ports trust PCP; absent where they trust
        // DSCP, so templates render exactly what they did before the knob
        "pcp_to_priority", sw.pcpToPriority().isEmpty() ? null : sw.pcpToPriority(),
        // ieee | off where fabric.dcbx is written; absent where Weft does not manage DCBX
        "dcbx", sw.dcbx(),
        // the switch's link aggregation groups, by name; absent when no port names one
        "lags", lags(sw),
        // every LAG member as {lag, port}, LAG by LAG: one flat list for tables keyed by both
        "lag_members", lagMembers(sw),
        "ports", TemplateView.list(sw.ports(), p -> of(p, shared)));
  }

  /** Each LAG's members as {@code {lag, port}}, in {@link #lags} order; null without LAGs. */
  static List<Map<String, Object>> lagMembers(CompiledSwitch sw) {
    List<Map<String, Object>> lags = lags(sw);
    if (lags == null) {
      return null;
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> lag : lags) {
      for (Object port : (List<?>) lag.get("members")) {
        out.add(TemplateView.of("lag", lag.get("name"), "port", port));
      }
    }
    return out;
  }

  /**
   * One entry per LAG the ports name, in name order: {@code name}, {@code members} (port names in
   * port order) and {@code mtu}, the first member's (a port-channel carries its members' MTU;
   * lag-member-mismatch reports members that differ); null when no port is in a LAG.
   */
  static List<Map<String, Object>> lags(CompiledSwitch sw) {
    Map<String, List<CompiledPort>> byLag = new TreeMap<>(dev.weft.compile.NaturalOrder.INSTANCE);
    for (CompiledPort p : sw.ports()) {
      if (p.lag() != null) {
        byLag.computeIfAbsent(p.lag(), k -> new ArrayList<>()).add(p);
      }
    }
    if (byLag.isEmpty()) {
      return null;
    }
    List<Map<String, Object>> out = new ArrayList<>();
    byLag.forEach(
        (name, members) ->
            out.add(
                TemplateView.of(
                    "members", members.stream().map(CompiledPort::name).toList(),
                    "mtu", members.get(0).mtu(),
                    "name", name)));
    return out;
  }

  public static Map<String, Object> of(CompiledPort port) {
    return of(port, new TemplateView.Shared());
  }

  /**
   * A port's view, sharing with the switch's other ports the views of lists they share (queues,
   * headroom).
   */
  static Map<String, Object> of(CompiledPort p, TemplateView.Shared shared) {
    return TemplateView.of(
        "cable_length_m", p.cableLengthMetres(),
        "headroom", shared.list(p.headroom(), TemplateData::of),
        // the LAG the port is a member of; absent when it is in none
        "lag", p.lag(),
        "link_pause", p.linkPause(),
        "mtu", p.mtu(),
        "name", p.name(),
        "peer", p.peer(),
        "pfc_priorities", p.pfcPriorities(),
        // comma-joined forms for configs that take a list as one string (SONiC pfc_enable,
        // pfcwd_sw_enable); absent when the list is empty
        "pfc_priorities_csv", csv(p.pfcPriorities()),
        // the same set as a bitmap in two hex digits, bit p for priority p (EOS priorities-no-drop)
        "pfc_priorities_hex", bitmapHex(p.pfcPriorities()),
        "pfc_priority_to_queue", p.pfcPriorityToQueue(),
        "pfc_queues", p.pfcQueues(),
        "priority_to_queue", p.priorityToQueue(),
        "queues", shared.list(p.queues(), TemplateData::of),
        "role", p.role(),
        "speed_gbps", p.speedGbps(),
        "speed_mbps", p.speedGbps() == null ? null : p.speedGbps() * 1000,
        "trust_dscp", p.trustDscp(),
        "vlan", p.vlan(),
        "watchdog", p.watchdog(),
        // the port's own watchdog action (an intent exception); absent: the switch's
        "watchdog_action", p.watchdogAction(),
        "watchdog_queues", p.watchdogQueues(),
        "watchdog_queues_csv", csv(p.watchdogQueues()));
  }

  public static Map<String, Object> of(CompiledQueue q) {
    return TemplateView.of(
        "ecn_profile",
        q.ecnProfile(),
        "lossless",
        q.lossless(),
        "queue",
        q.queue(),
        "scheduler",
        q.scheduler(),
        // the name a scheduler or queue entry goes by: its traffic class, else queueN
        "scheduler_name",
        q.trafficClass() != null ? q.trafficClass() : "queue" + q.queue(),
        "traffic_class",
        q.trafficClass(),
        "weight",
        q.weight());
  }

  public static Map<String, Object> of(EcnProfile e) {
    return TemplateView.of(
        "name",
        e.name(),
        "min_bytes",
        e.minBytes(),
        "max_bytes",
        e.maxBytes(),
        "probability",
        e.probability(),
        "drop_non_ect",
        e.dropNonEct());
  }

  public static Map<String, Object> of(CompiledWatchdog w) {
    return TemplateView.of(
        "enabled",
        w.enabled(),
        "action",
        w.action(),
        "detection_ms",
        w.detectionMs(),
        "restoration_ms",
        w.restorationMs(),
        "poll_ms",
        w.pollMs());
  }

  public static Map<String, Object> of(PriorityGroupHeadroom h) {
    return TemplateView.of(
        "origin",
        h.origin(),
        "pg",
        h.pg(),
        "priorities",
        h.priorities(),
        "required_xoff",
        h.requiredXoff(),
        "size",
        h.size(),
        "xoff",
        h.xoff(),
        "xon",
        h.xon());
  }

  public static Map<String, Object> of(CompiledHost host) {
    TemplateView.Shared shared = new TemplateView.Shared();
    return TemplateView.of(
        "kind",
        "host",
        "name",
        host.name(),
        "gid_index",
        host.gidIndex(),
        "nic_buffers",
        anyNic(host, k -> k.prio2buffer() != null || k.bufferSize() != null),
        "nic_dcqcn_rp",
        anyNic(host, k -> !k.dcqcnRp().isEmpty()),
        "nic_ets",
        anyNic(host, k -> k.tsa() != null),
        "nics",
        TemplateView.list(host.nics(), nic -> of(nic, shared)));
  }

  /**
   * True when a NIC of the host has the knob, else null (left out), so the script defines the
   * function that sets it only where it is used and a host without one renders as before.
   */
  private static Boolean anyNic(
      CompiledHost host, java.util.function.Predicate<dev.weft.compile.NicKnobs> has) {
    for (CompiledNic n : host.nics()) {
      if (has.test(n.knobs())) {
        return true;
      }
    }
    return null;
  }

  /** {@code rpg_ai_rate=5 dce_tcp_g=1019}, or null when the intent writes none. */
  private static String rpArguments(CompiledNic n) {
    if (n.knobs().dcqcnRp().isEmpty()) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    n.knobs()
        .dcqcnRp()
        .forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(v));
    return b.toString();
  }

  public static Map<String, Object> of(CompiledNic nic) {
    return of(nic, new TemplateView.Shared());
  }

  /**
   * A NIC's view, sharing with the other NICs of the host what depends only on the DSCP map: the
   * map itself (frozen, ascending, and one object fabric-wide, so it is its own view) and its remap
   * list.
   */
  static Map<String, Object> of(CompiledNic n, TemplateView.Shared shared) {
    return TemplateView.of(
        "buffer_size", n.knobs().bufferSize(),
        "cable_length_m", n.cableLengthMetres(),
        "cnp_dscp", n.cnpDscp(),
        "cnp_priority", n.cnpPriority(),
        "dcbx", n.dcbx(),
        "dcqcn_rp", rpArguments(n),
        "dscp_remap", shared.derived(n.dscpToPriority(), TemplateData::dscpRemap),
        "dscp_to_priority", n.dscpToPriority(),
        "ecn_np", n.ecnNotificationPoint(),
        "ecn_rp", n.ecnReactionPoint(),
        "ets_bw", n.knobs().bw(),
        "ets_tsa", n.knobs().tsa(),
        "firmware", n.firmware(),
        "link_pause", n.linkPause(),
        "model", n.model(),
        "mtu", n.mtu(),
        "name", n.name(),
        "peer", n.peer(),
        "pfc", n.pfc(),
        "prio2buffer", n.knobs().prio2buffer(),
        "rdma_device", n.rdmaDevice(),
        "roce_dscp", n.roceDscp(),
        "roce_mode", n.roceMode(),
        "roce_mtu", n.roceMtu(),
        "roce_tos", n.roceTos(),
        "speed_gbps", n.speedGbps(),
        "trust_dscp", n.trustDscp());
  }

  /** Code points whose priority differs from the NIC default (DSCP >> 3), grouped by priority. */
  private static List<Map<String, Object>> dscpRemap(Map<Integer, Integer> dscpToPriority) {
    Map<Integer, List<Integer>> byPriority = new TreeMap<>();
    dscpToPriority.forEach(
        (dscp, priority) -> {
          if (priority != dscp >> 3) {
            byPriority.computeIfAbsent(priority, p -> new ArrayList<>()).add(dscp);
          }
        });
    List<Map<String, Object>> out = new ArrayList<>();
    byPriority.forEach(
        (priority, dscps) ->
            out.add(TemplateView.of("priority", priority, "dscp", List.copyOf(dscps))));
    return List.copyOf(out);
  }

  private static String bitmapHex(List<Integer> priorities) {
    int bits = 0;
    for (int p : priorities) {
      bits |= 1 << p;
    }
    return String.format(java.util.Locale.ROOT, "%02X", bits);
  }

  private static String csv(List<Integer> values) {
    if (values.isEmpty()) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    for (Integer value : values) {
      out.append(out.isEmpty() ? "" : ",").append(value);
    }
    return out.toString();
  }
}
