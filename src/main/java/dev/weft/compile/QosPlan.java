package dev.weft.compile;

import dev.weft.finding.Location;
import dev.weft.model.Ecn;
import dev.weft.model.Fabric;
import dev.weft.model.Pfc;
import dev.weft.model.Scheduler;
import dev.weft.model.TrafficClass;
import dev.weft.model.Watchdog;
import dev.weft.units.TimeSpan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The fabric-wide part of the compiled config, derived once from {@code fabric} and shared (same
 * immutable instances) by every switch and NIC. Where two classes claim the same code point,
 * priority or queue, the first declared wins here; intent rules report the conflict.
 */
record QosPlan(
    Map<Integer, Integer> dscpToPriority,
    List<Integer> priorityToQueue,
    List<Integer> priorityToPriorityGroup,
    List<Integer> losslessPriorities,
    Integer cnpPriority,
    Integer cnpDscp,
    Integer roceDscp,
    List<Integer> roceEcnPriorities,
    List<CompiledQueue> queues,
    List<EcnProfile> ecnProfiles,
    CompiledWatchdog watchdog,
    boolean linkPause,
    String congestionControl,
    List<String> ecmpHashFields,
    Integer nicMtu,
    Integer roceMtu,
    Map<String, Location> provenance,
    List<TrafficClass> classes) {

  static final int PRIORITIES = 8;
  static final int DSCP_VALUES = 64;

  /** The watchdog defaults of intent-format §7, applied only where the model left a timer null. */
  private static final TimeSpan DEFAULT_DETECTION = TimeSpan.ofMillis(200);

  private static final TimeSpan DEFAULT_RESTORATION = TimeSpan.ofMillis(400);
  private static final TimeSpan DEFAULT_POLL = TimeSpan.ofMillis(200);

  static QosPlan of(Fabric fabric) {
    Map<String, Location> prov = new TreeMap<>();
    List<TrafficClass> classes = fabric == null ? List.of() : fabric.trafficClasses();
    Location classesAt = fabric == null ? null : Where.of(fabric.at(), "traffic-classes");

    TreeMap<Integer, Integer> dscp = new TreeMap<>();
    TrafficClass defaultClass = null;
    for (TrafficClass c : classes) {
      if (c.dscpDefault()) {
        defaultClass = defaultClass == null ? c : defaultClass;
        continue;
      }
      for (int d : c.dscp()) {
        if (d >= 0 && d < DSCP_VALUES && dscp.putIfAbsent(d, c.priority()) == null) {
          prov.put("dscp_to_priority." + d, Where.of(c.at(), "dscp"));
        }
      }
    }
    if (defaultClass != null) {
      for (int d = 0; d < DSCP_VALUES; d++) {
        if (dscp.putIfAbsent(d, defaultClass.priority()) == null) {
          prov.put("dscp_to_priority." + d, Where.of(defaultClass.at(), "dscp"));
        }
      }
    }
    putIfKnown(prov, "dscp_to_priority", classesAt);

    // Unused priorities keep the identity mapping (SONiC's TC_TO_QUEUE_MAP convention); nothing is
    // classified into them, so the choice carries no traffic.
    Integer[] toQueue = new Integer[PRIORITIES];
    TreeSet<Integer> lossless = new TreeSet<>();
    TrafficClass cnp = null;
    TrafficClass firstLossless = null;
    for (TrafficClass c : classes) {
      int p = c.priority();
      if (p >= 0 && p < PRIORITIES && toQueue[p] == null) {
        toQueue[p] = c.queue();
        prov.put(
            "priority_to_queue." + p,
            Where.of(c.at(), Where.written(c.at(), "queue") ? "queue" : "priority"));
      }
      if (c.lossless() && p >= 0 && p < PRIORITIES) {
        lossless.add(p);
        firstLossless = firstLossless == null ? c : firstLossless;
        prov.putIfAbsent("lossless_priorities", Where.of(c.at(), "lossless"));
      }
      if (c.isCnp() && cnp == null) {
        cnp = c;
      }
    }
    List<Integer> priorityToQueue = new ArrayList<>(PRIORITIES);
    List<Integer> priorityToPg = new ArrayList<>(PRIORITIES);
    for (int p = 0; p < PRIORITIES; p++) {
      priorityToQueue.add(toQueue[p] == null ? p : toQueue[p]);
      // Each lossless priority gets its own PG (it needs its own headroom); every lossy one shares
      // PG 0.
      priorityToPg.add(lossless.contains(p) ? p : 0);
    }
    putIfKnown(prov, "priority_to_queue", classesAt);
    putIfKnown(prov, "priority_to_pg", classesAt);

    Integer cnpPriority = null;
    Integer cnpDscp = null;
    if (cnp != null) {
      cnpPriority = cnp.priority();
      prov.put("cnp_priority", Where.of(cnp.at(), "priority"));
      if (!cnp.dscp().isEmpty()) {
        cnpDscp = cnp.dscp().get(0);
        prov.put("cnp_dscp", Where.of(cnp.at(), "dscp"));
      }
    }

    // The RoCE data class: the first lossless class with explicit code points, else (ecn-only
    // plans) the
    // first non-CNP class that marks ECN. Its first code point is what NICs send RoCE with.
    TrafficClass roce = null;
    for (TrafficClass c : classes) {
      if (c.lossless() && !c.dscpDefault() && !c.dscp().isEmpty()) {
        roce = c;
        break;
      }
    }
    if (roce == null) {
      for (TrafficClass c : classes) {
        if (!c.isCnp() && c.ecn() != null && !c.dscpDefault() && !c.dscp().isEmpty()) {
          roce = c;
          break;
        }
      }
    }
    Integer roceDscp = roce == null ? null : roce.dscp().get(0);
    if (roce != null) {
      prov.put("roce_dscp", Where.of(roce.at(), "dscp"));
      prov.put("roce_tos", Where.of(roce.at(), "dscp"));
    }

    String cc =
        fabric == null || fabric.congestionControl() == null
            ? null
            : fabric.congestionControl().word();
    if (cc != null) {
      prov.put("congestion_control", Where.of(fabric.at(), "congestion-control"));
    }
    // DCQCN reaction/notification points run on the RoCE priorities unless the plan is PFC-only.
    List<Integer> roceEcn = new ArrayList<>();
    if (!"pfc-only".equals(cc)) {
      if (!lossless.isEmpty()) {
        roceEcn.addAll(lossless);
      } else if (roce != null) {
        roceEcn.add(roce.priority());
      }
      if (roce != null) {
        prov.put("ecn_rp", Where.self(roce.at()));
        prov.put("ecn_np", Where.self(roce.at()));
      }
    }

    List<EcnProfile> ecnProfiles = new ArrayList<>();
    for (TrafficClass c : classes) {
      Ecn ecn = c.ecn();
      if (ecn != null) {
        boolean dropNonEct = ecn.nonEct() == Ecn.NonEct.DROP;
        ecnProfiles.add(
            new EcnProfile(
                c.name(), ecn.min().bytes(), ecn.max().bytes(), ecn.probability(), dropNonEct));
        prov.put("ecn_profiles." + c.name(), Where.self(ecn.at()));
        for (Ecn.BySpeed b : ecn.bySpeed()) {
          String name = profileName(c, b.speed().gbps());
          ecnProfiles.add(
              new EcnProfile(name, b.min().bytes(), b.max().bytes(), b.probability(), dropNonEct));
          prov.put("ecn_profiles." + name, Where.self(b.at()));
        }
      }
    }
    List<CompiledQueue> queueList = queues(classes, lossless, null);
    for (TrafficClass c : classes) {
      Scheduler s = c.scheduler();
      prov.putIfAbsent("queues." + c.queue(), s == null ? Where.self(c.at()) : Where.self(s.at()));
    }
    putIfKnown(prov, "queues", classesAt);

    Pfc pfc = fabric == null ? null : fabric.pfc();
    CompiledWatchdog watchdog = null;
    boolean linkPause = false;
    if (pfc != null) {
      linkPause = pfc.linkPause();
      prov.put("link_pause", Where.of(pfc.at(), "link-pause"));
      Watchdog w = pfc.watchdog();
      if (w != null) {
        watchdog =
            new CompiledWatchdog(
                w.enabled(),
                (w.action() == null ? Watchdog.Action.DROP : w.action())
                    .name()
                    .toLowerCase(Locale.ROOT),
                orDefault(w.detection(), DEFAULT_DETECTION).millis(),
                orDefault(w.restoration(), DEFAULT_RESTORATION).millis(),
                orDefault(w.poll(), DEFAULT_POLL).millis());
        prov.put("watchdog", Where.self(w.at()));
        for (String timer : List.of("action", "detection", "restoration", "poll")) {
          prov.put("watchdog_" + timer, Where.of(w.at(), timer));
        }
      }
    }

    List<String> hash =
        fabric == null || fabric.ecmp() == null ? List.of() : fabric.ecmp().hashFields();
    if (fabric != null && fabric.ecmp() != null) {
      prov.put("ecmp_hash_fields", Where.of(fabric.ecmp().at(), "hash-fields"));
    }
    Integer nicMtu = null;
    Integer roceMtu = null;
    if (fabric != null && fabric.mtu() != null) {
      nicMtu = fabric.mtu().nic();
      roceMtu = fabric.mtu().roce();
      prov.put("mtu", Where.of(fabric.mtu().at(), "nic"));
      prov.put("roce_mtu", Where.of(fabric.mtu().at(), "roce"));
    }
    if (firstLossless != null) {
      prov.put("pfc_priorities", Where.of(firstLossless.at(), "lossless"));
      prov.put("pfc", Where.of(firstLossless.at(), "lossless"));
    }
    putIfKnown(prov, "trust_dscp", classesAt);

    return new QosPlan(
        FrozenSortedMap.of(dscp),
        List.copyOf(priorityToQueue),
        List.copyOf(priorityToPg),
        List.copyOf(lossless),
        cnpPriority,
        cnpDscp,
        roceDscp,
        List.copyOf(roceEcn),
        queueList,
        List.copyOf(ecnProfiles),
        watchdog,
        linkPause,
        cc,
        hash,
        nicMtu,
        roceMtu,
        FrozenSortedMap.of(prov),
        List.copyOf(classes));
  }

  /** The name of a class's ECN profile for ports of one speed: {@code rdma-800g}. */
  static String profileName(TrafficClass c, long gbps) {
    return c.name() + "-" + gbps + "g";
  }

  /**
   * The egress queues of a port: scheduler and ECN binding per queue, ascending. {@code lossless}
   * is the port's PFC set (the fabric's, or an exception's); {@code speedGbps} picks a class's
   * {@code by-speed} thresholds, or null for the class's own. Where two classes share a queue the
   * first declared wins, as everywhere.
   */
  static List<CompiledQueue> queues(
      List<TrafficClass> classes, java.util.Collection<Integer> lossless, Long speedGbps) {
    TreeMap<Integer, CompiledQueue> queues = new TreeMap<>();
    for (TrafficClass c : classes) {
      Ecn ecn = c.ecn();
      String profile = null;
      if (ecn != null) {
        profile =
            speedGbps != null && ecn.forSpeed(new dev.weft.units.Speed(speedGbps)) != null
                ? profileName(c, speedGbps)
                : c.name();
      }
      Scheduler s = c.scheduler();
      String type =
          s == null
              ? null
              : s.type() == Scheduler.Type.STRICT ? CompiledQueue.STRICT : CompiledQueue.DWRR;
      Integer weight = s == null || s.type() == Scheduler.Type.STRICT ? null : s.weight();
      queues.putIfAbsent(
          c.queue(),
          new CompiledQueue(
              c.queue(),
              c.name(),
              type,
              weight,
              profile,
              lossless.contains(c.priority()) && c.lossless()));
    }
    return List.copyOf(queues.values());
  }

  /** True when some class marks ports of this speed with thresholds of their own. */
  boolean hasSpeedThresholds(long speedGbps) {
    for (TrafficClass c : classes) {
      if (c.ecn() != null
          && !c.ecn().bySpeed().isEmpty()
          && c.ecn().forSpeed(new dev.weft.units.Speed(speedGbps)) != null) {
        return true;
      }
    }
    return false;
  }

  /** 8 entries of 0/1, 1 where {@code priorities} holds the index. */
  static List<Integer> vector(List<Integer> priorities) {
    List<Integer> v = new ArrayList<>(PRIORITIES);
    for (int p = 0; p < PRIORITIES; p++) {
      v.add(priorities.contains(p) ? 1 : 0);
    }
    return List.copyOf(v);
  }

  private static TimeSpan orDefault(TimeSpan t, TimeSpan d) {
    return t == null ? d : t;
  }

  private static void putIfKnown(Map<String, Location> prov, String key, Location at) {
    if (at != null) {
      prov.putIfAbsent(key, at);
    }
  }
}
