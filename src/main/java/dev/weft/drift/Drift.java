package dev.weft.drift;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.LosslessBuffer;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.platform.Feature;
import dev.weft.platform.LivePaths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Compares the compiled switch the intent asks for with the one read from the device, feature by
 * feature (classification, PFC, ECN, scheduler, watchdog, buffers, MTU, ports, ECMP hash). Each
 * difference is one finding with the device, port, the path of the live value in the platform's own
 * model ({@link LivePaths}), expected and actual values, and the intent line that owns the expected
 * value. Live objects the intent does not manage are findings when they change the RoCE plan: PFC
 * on an unmanaged port or priority, a DSCP steered into a lossless priority, an extra scheduled
 * queue.
 *
 * <p>Values the device derives from others (the switch-wide lossless set of an OpenConfig device is
 * the union of its ports' PFC priorities; watchdog queues follow PFC) are compared only when the
 * values they derive from agree, so one change on a device is one finding, not a cascade.
 */
public final class Drift {

  private final CompiledSwitch want;
  private final CompiledSwitch got;
  private final Tolerance tolerance;
  private final LivePaths paths;
  private final List<Finding> out = new ArrayList<>();

  /** Each intended ECN profile's live counterpart, as {@link #ecnProfiles} compared them. */
  private final Map<String, EcnProfile> ecnCounterpart = new TreeMap<>();

  /** Ports whose live headroom the device computes (not in the config read): not compared. */
  private final Map<String, Integer> dynamicHeadroom = new TreeMap<>();

  /**
   * Ports the device's configuration gives no fixed speed (NVUE {@code link speed auto}: the port
   * negotiates): not compared.
   */
  private final Set<String> negotiatedSpeed = new TreeSet<>();

  private Drift(CompiledSwitch want, CompiledSwitch got, Tolerance tolerance, LivePaths paths) {
    this.want = want;
    this.got = got;
    this.tolerance = tolerance;
    this.paths = paths;
  }

  /**
   * @param intended the compiled switch of the intent (with provenance), as the platform holds it
   *     ({@link dev.weft.platform.LiveProfile#normalise})
   * @param live the switch as read from the device (no provenance)
   * @param tolerance accepted rounding of byte thresholds
   * @param paths where the platform keeps each value: the {@code path} of each finding
   * @param skip features the platform does not serve ({@link
   *     dev.weft.platform.LiveProfile#notAudited}): not compared, so their absence from the live
   *     config is not drift
   * @return the differences, in a stable order
   */
  public static List<Finding> compare(
      CompiledSwitch intended,
      CompiledSwitch live,
      Tolerance tolerance,
      LivePaths paths,
      Set<Feature> skip) {
    Objects.requireNonNull(intended, "intended");
    Objects.requireNonNull(live, "live");
    Objects.requireNonNull(tolerance, "tolerance");
    Objects.requireNonNull(paths, "paths");
    Drift d = new Drift(intended, live, tolerance, paths);
    d.classification();
    d.ecnProfiles(); // before ports(): a port's binding is judged against the same counterpart
    d.ports();
    d.scheduler();
    d.watchdog();
    d.losslessBuffer();
    d.hash();
    d.dcbx();
    if (!skip.contains(Feature.BUFFERS)) {
      d.dynamicHeadroom();
    }
    d.negotiatedSpeed();
    Set<String> skipped = new TreeSet<>();
    skip.forEach(f -> skipped.add(DriftRules.of(f)));
    List<Finding> findings =
        new ArrayList<>(d.out.stream().filter(f -> !skipped.contains(f.rule())).toList());
    findings.sort(Finding.ORDER);
    return List.copyOf(findings);
  }

  // ------------------------------------------------------------------ classification

  private void classification() {
    dscpMap(null, want.dscpToPriority(), got.dscpToPriority());
    pcpMap();
    priorityToQueue();
  }

  /**
   * A port's DSCP map, compared where either side has one of its own (SONiC binds a map per port):
   * each side's own map, else its switch's. The finding names the port.
   */
  private void portDscpMap(CompiledPort w, CompiledPort g) {
    if (w.dscpToPriority() == null && g.dscpToPriority() == null) {
      return; // both classify with their switch's map, compared once switch-wide
    }
    dscpMap(
        w,
        w.dscpToPriority() != null ? w.dscpToPriority() : want.dscpToPriority(),
        g.dscpToPriority() != null ? g.dscpToPriority() : got.dscpToPriority());
  }

  /** One DSCP map against another; {@code port} null: the switch's. */
  private void dscpMap(CompiledPort port, Map<Integer, Integer> want, Map<Integer, Integer> got) {
    TreeSet<Integer> lossless = new TreeSet<>(this.want.losslessPriorities());
    TreeSet<Integer> dscps = new TreeSet<>(want.keySet());
    // A code point the intent leaves unmapped matters only when the device steers it into a
    // lossless class.
    got.forEach(
        (d, p) -> {
          if (lossless.contains(p)) {
            dscps.add(d);
          }
        });
    // One finding per (intended, live) priority pair: a deleted term moves many code points at
    // once.
    Map<String, List<Integer>> moved = new TreeMap<>();
    for (int d : dscps) {
      Integer e = want.get(d);
      Integer a = got.get(d);
      if (!Objects.equals(e, a)) {
        moved.computeIfAbsent(show(e) + "\u0000" + show(a), k -> new ArrayList<>()).add(d);
      }
    }
    for (Map.Entry<String, List<Integer>> m : moved.entrySet()) {
      String[] ea = m.getKey().split("\u0000");
      List<Integer> codes = m.getValue();
      String which = (codes.size() == 1 ? "DSCP " : "DSCPs ") + ranges(codes);
      add(
          DriftRules.CLASSIFICATION,
          port == null ? null : port.name(),
          paths.dscp(codes.get(0)),
          ea[0],
          ea[1],
          port == null
              ? swLoc("dscp_to_priority." + codes.get(0))
              : portLoc(port, "dscp_to_priority"),
          which
              + " "
              + (codes.size() == 1 ? "is" : "are")
              + (ea[1].equals("unmapped")
                  ? " not classified on the device (the device default applies)"
                  : " classified to priority " + ea[1] + " on the device")
              + ", the intent says "
              + (ea[0].equals("unmapped") ? "nothing" : "priority " + ea[0]));
    }
  }

  private void priorityToQueue() {
    for (int p = 0; p < want.priorityToQueue().size() && p < 8; p++) {
      Integer e = want.priorityToQueue().get(p);
      Integer a = p < got.priorityToQueue().size() ? got.priorityToQueue().get(p) : null;
      if (!Objects.equals(e, a)) {
        add(
            DriftRules.CLASSIFICATION,
            null,
            paths.priorityQueue(p),
            show(e),
            show(a),
            swLoc("priority_to_queue." + p),
            "priority "
                + p
                + " goes to queue "
                + show(a)
                + " on the device, the intent says "
                + show(e));
      }
    }
  }

  /**
   * The PCP map of a switch whose ports trust PCP, one finding per PCP value the device classifies
   * elsewhere; a device whose ports trust DSCP has no map to compare (its ports' trust drifts).
   */
  private void pcpMap() {
    List<Integer> w = want.pcpToPriority();
    List<Integer> g = got.pcpToPriority();
    if (w.isEmpty() || g.isEmpty()) {
      return;
    }
    for (int pcp = 0; pcp < w.size() && pcp < g.size(); pcp++) {
      if (!w.get(pcp).equals(g.get(pcp))) {
        add(
            DriftRules.CLASSIFICATION,
            null,
            paths.pcp(pcp),
            show(w.get(pcp)),
            show(g.get(pcp)),
            swLoc("pcp_to_priority"),
            "PCP "
                + pcp
                + " is classified to priority "
                + g.get(pcp)
                + " on the device, the intent says priority "
                + w.get(pcp));
      }
    }
  }

  // ------------------------------------------------------------------ ports

  private void ports() {
    Map<String, CompiledPort> live = new TreeMap<>();
    got.ports().forEach(p -> live.put(p.name(), p));
    boolean portPfcDrift = false;
    for (CompiledPort w : want.ports()) {
      CompiledPort g = live.remove(w.name());
      if (g == null) {
        add(
            DriftRules.PORT,
            w.name(),
            paths.port(w.name()),
            "present",
            "absent",
            portLoc(w, "name"),
            "port " + w.name() + " of the intent does not exist on the device");
        continue;
      }
      if (w.speedGbps() != null && g.speedGbps() == null) {
        negotiatedSpeed.add(w.name());
      } else if (w.speedGbps() != null && !Objects.equals(w.speedGbps(), g.speedGbps())) {
        add(
            DriftRules.PORT,
            w.name(),
            paths.portSpeed(w.name()),
            gbps(w.speedGbps()),
            gbps(g.speedGbps()),
            portLoc(w, "speed_gbps"),
            "port speed is "
                + gbps(g.speedGbps())
                + " on the device, the intent says "
                + gbps(w.speedGbps()));
      }
      if (w.mtu() != null && !Objects.equals(w.mtu(), g.mtu())) {
        add(
            DriftRules.MTU,
            w.name(),
            paths.mtu(w.name()),
            show(w.mtu()),
            show(g.mtu()),
            portLoc(w, "mtu"),
            "MTU is " + show(g.mtu()) + " on the device, the intent says " + show(w.mtu()));
      }
      lag(w, g);
      if (w.trustDscp() != g.trustDscp()) {
        add(
            DriftRules.CLASSIFICATION,
            w.name(),
            paths.trustDscp(w.name()),
            String.valueOf(w.trustDscp()),
            String.valueOf(g.trustDscp()),
            portLoc(w, "trust_dscp"),
            w.trustDscp()
                ? "the port does not classify by DSCP on the device, the intent says it does"
                    + " (trust: dscp)"
                : "the port classifies by DSCP on the device, the intent says by PCP (trust: pcp)");
      }
      portDscpMap(w, g);
      if (!w.pfcPriorities().equals(g.pfcPriorities())) {
        portPfcDrift = true;
        add(
            DriftRules.PFC,
            w.name(),
            paths.pfc(w.name()),
            list(w.pfcPriorities()),
            list(g.pfcPriorities()),
            portLoc(w, "pfc_priorities"),
            "PFC is enabled on priorities "
                + list(g.pfcPriorities())
                + " on the device, the intent says "
                + list(w.pfcPriorities()));
      }
      if (w.linkPause() != g.linkPause()) {
        add(
            DriftRules.PFC,
            w.name(),
            paths.linkPause(w.name()),
            String.valueOf(w.linkPause()),
            String.valueOf(g.linkPause()),
            portLoc(w, "link_pause"),
            "802.3x link pause is "
                + (g.linkPause() ? "on" : "off")
                + " on the device, the intent says "
                + (w.linkPause() ? "on" : "off"));
      }
      ecnBindings(w, g);
      buffers(w, g);
      portWatchdog(w, g);
    }
    for (CompiledPort extra : live.values()) {
      if (!extra.pfcPriorities().isEmpty()) {
        portPfcDrift = true;
        add(
            DriftRules.PFC,
            extra.name(),
            paths.pfc(extra.name()),
            "[]",
            list(extra.pfcPriorities()),
            swLoc("name"),
            "port "
                + extra.name()
                + " is not in the intent but enables PFC on priorities "
                + list(extra.pfcPriorities()));
      }
    }
    if (!portPfcDrift
        && !noLosslessPort()
        && !want.losslessPriorities().equals(got.losslessPriorities())) {
      add(
          DriftRules.PFC,
          null,
          paths.lossless(),
          list(want.losslessPriorities()),
          list(got.losslessPriorities()),
          swLoc("lossless_priorities"),
          "the device's lossless priorities are "
              + list(got.losslessPriorities())
              + ", the intent says "
              + list(want.losslessPriorities()));
    }
  }

  /**
   * The LAG a port is a member of, where the intent names one ({@code lag:}; a port without it is
   * not managed, so a fabric that does not use the key sees no LAG drift). Only platforms whose
   * file holds membership keep {@code lag} in what drift expects.
   */
  private void lag(CompiledPort w, CompiledPort g) {
    if (w.lag() == null || w.lag().equals(g.lag())) {
      return;
    }
    add(
        DriftRules.PORT,
        w.name(),
        paths.lag(w.name()),
        w.lag(),
        g.lag() == null ? "none" : g.lag(),
        portLoc(w, "lag"),
        (g.lag() == null ? "the port is in no LAG" : "the port is a member of " + g.lag())
            + " on the device, the intent says lag: "
            + w.lag());
  }

  private void ecnBindings(CompiledPort w, CompiledPort g) {
    Map<Integer, CompiledQueue> live = byQueue(g.queues());
    TreeSet<Integer> queues = new TreeSet<>(live.keySet());
    w.queues().forEach(q -> queues.add(q.queue()));
    Map<Integer, CompiledQueue> intended = byQueue(w.queues());
    for (int q : queues) {
      String e = intended.containsKey(q) ? intended.get(q).ecnProfile() : null;
      String a = live.containsKey(q) ? live.get(q).ecnProfile() : null;
      EcnProfile ep = profile(want, e);
      EcnProfile ap = profile(got, a);
      // by value, never by name: SONiC's own templates share one AZURE_LOSSLESS across queues
      boolean differs =
          (ep == null) != (ap == null)
              || (ep != null
                  && !sameValues(ep, ap)
                  // the switch-wide comparison already reported this profile's values
                  && !(ecnCounterpart.containsKey(ep.name())
                      && sameValues(ecnCounterpart.get(ep.name()), ap)));
      if (differs) {
        Location at =
            intended.containsKey(q)
                ? swLoc("ecn_profiles." + intended.get(q).trafficClass(), "queues." + q)
                : portLoc(w, "queues");
        add(
            DriftRules.ECN,
            w.name(),
            paths.ecnBinding(w.name(), q),
            marking(ep),
            marking(ap),
            at,
            "queue "
                + q
                + " marks ECN "
                + marking(ap)
                + " on the device, the intent says "
                + marking(ep));
      }
    }
  }

  private void buffers(CompiledPort w, CompiledPort g) {
    if (w.cableLengthMetres() != null
        && !Objects.equals(w.cableLengthMetres(), g.cableLengthMetres())) {
      add(
          DriftRules.BUFFERS,
          w.name(),
          paths.cableLength(w.name()),
          metres(w.cableLengthMetres()),
          metres(g.cableLengthMetres()),
          portLoc(w, "cable_length_m"),
          "cable length is "
              + metres(g.cableLengthMetres())
              + " on the device, the intent says "
              + metres(w.cableLengthMetres()));
    }
    Map<Integer, PriorityGroupHeadroom> live = new TreeMap<>();
    g.headroom().forEach(h -> live.put(h.pg(), h));
    Location at = portLoc(w, "headroom");
    for (PriorityGroupHeadroom h : w.headroom()) {
      PriorityGroupHeadroom a = live.remove(h.pg());
      if (a == null) {
        add(
            DriftRules.BUFFERS,
            w.name(),
            paths.headroom(w.name(), h.pg(), null),
            "xoff " + h.xoff() + " B",
            "absent",
            at,
            "priority group "
                + h.pg()
                + " has no headroom on the device, the intent computes xoff "
                + h.xoff()
                + " B");
        continue;
      }
      if (a.dynamic()) {
        dynamicHeadroom.putIfAbsent(w.name(), a.pg());
        continue;
      }
      bytes(
          w.name(),
          paths.headroom(w.name(), h.pg(), "xoff"),
          "xoff of priority group " + h.pg(),
          h.xoff(),
          a.xoff(),
          at);
      bytes(
          w.name(),
          paths.headroom(w.name(), h.pg(), "xon"),
          "xon of priority group " + h.pg(),
          h.xon(),
          a.xon(),
          at);
      bytes(
          w.name(),
          paths.headroom(w.name(), h.pg(), "size"),
          "size of priority group " + h.pg(),
          h.size(),
          a.size(),
          at);
    }
    for (PriorityGroupHeadroom extra : live.values()) {
      add(
          DriftRules.BUFFERS,
          w.name(),
          paths.headroom(w.name(), extra.pg(), null),
          "absent",
          "xoff " + extra.xoff() + " B",
          at,
          "priority group "
              + extra.pg()
              + " reserves headroom on the device but is not lossless in the intent");
    }
  }

  /**
   * One note for the ports whose headroom the device computes (SONiC's dynamic buffer model): the
   * config read holds no value to compare with the intent's, so it is not audited rather than
   * reported as missing or different.
   */
  private void dynamicHeadroom() {
    if (dynamicHeadroom.isEmpty()) {
      return;
    }
    List<String> ports = new ArrayList<>(dynamicHeadroom.keySet());
    out.add(
        Finding.of(
                DriftRules.NOT_AUDITED,
                Severity.INFO,
                want.name()
                    + ": the headroom of the lossless priority groups of "
                    + (ports.size() == 1 ? "port " : ports.size() + " ports (")
                    + String.join(", ", ports)
                    + (ports.size() == 1 ? "" : ")")
                    + " is computed by the device (dynamic buffer model: BUFFER_PG profile NULL);"
                    + " the configuration read does not hold it, so it is not compared with the"
                    + " intent's")
            .at(swLoc("lossless_priorities"))
            .onDevice(want.name())
            .withPath(paths.headroom(ports.get(0), dynamicHeadroom.get(ports.get(0)), null))
            .withValues("headroom", "computed by the device"));
  }

  /**
   * One note for the ports whose configuration sets no speed (NVUE {@code link speed auto}, its
   * default): the port runs at what it negotiates with its peer and optics, which the configuration
   * read does not hold, so the intent's speed is not compared with it (a fixed speed that differs
   * is drift).
   */
  private void negotiatedSpeed() {
    if (negotiatedSpeed.isEmpty()) {
      return;
    }
    List<String> ports = new ArrayList<>(negotiatedSpeed);
    CompiledPort first = want.port(ports.get(0));
    out.add(
        Finding.of(
                DriftRules.NOT_AUDITED,
                Severity.INFO,
                want.name()
                    + ": the speed of "
                    + (ports.size() == 1 ? "port " : ports.size() + " ports (")
                    + String.join(", ", ports)
                    + (ports.size() == 1 ? "" : ")")
                    + " is negotiated (the configuration sets no fixed speed: link speed auto);"
                    + " the configuration read does not hold it, so it is not compared with the"
                    + " intent's")
            .at(portLoc(first, "speed_gbps"))
            .onDevice(want.name())
            .withPath(paths.portSpeed(ports.get(0)))
            .withValues(gbps(first.speedGbps()), "negotiated"));
  }

  private void bytes(String port, String path, String what, long e, long a, Location at) {
    if (!tolerance.sameBytes(e, a)) {
      add(
          DriftRules.BUFFERS,
          port,
          path,
          e + " B",
          a + " B",
          at,
          what + " is " + a + " B on the device, the intent says " + e + " B" + toleranceNote());
    }
  }

  private void portWatchdog(CompiledPort w, CompiledPort g) {
    if (want.watchdog() == null || (!noLosslessPort() && wantWatchdog() != gotWatchdog())) {
      return; // the intent is silent, or the switch-wide finding already says it
    }
    if (w.watchdog() != g.watchdog()) {
      add(
          DriftRules.WATCHDOG,
          w.name(),
          paths.portWatchdog(w.name()),
          String.valueOf(w.watchdog()),
          String.valueOf(g.watchdog()),
          portLoc(w, "watchdog"),
          "the PFC watchdog is "
              + (g.watchdog() ? "on" : "off")
              + " on the device, the intent says "
              + (w.watchdog() ? "on" : "off"));
      return;
    }
    if (!w.watchdog() || (w.watchdogAction() == null && g.watchdogAction() == null)) {
      return; // off, or the port takes the switch's action on both sides (compared switch-wide)
    }
    String e = w.watchdogAction() != null ? w.watchdogAction() : want.watchdog().action();
    String a =
        g.watchdogAction() != null
            ? g.watchdogAction()
            : got.watchdog() == null ? null : got.watchdog().action();
    if (!Objects.equals(e, a)) {
      add(
          DriftRules.WATCHDOG,
          w.name(),
          paths.portWatchdogAction(w.name()),
          e,
          String.valueOf(a),
          portLoc(w, w.watchdogAction() != null ? "watchdog_action" : "watchdog"),
          "the PFC watchdog action of the port is " + a + " on the device, the intent says " + e);
    }
  }

  // ------------------------------------------------------------------ switch-wide

  private void scheduler() {
    Map<Integer, CompiledQueue> intended = byQueue(want.queues());
    Map<Integer, CompiledQueue> live = byQueue(got.queues());
    TreeSet<Integer> queues = new TreeSet<>(intended.keySet());
    queues.addAll(live.keySet());
    for (int q : queues) {
      CompiledQueue e = intended.get(q);
      CompiledQueue a = live.get(q);
      if (e == null) {
        // No class of the intent uses the queue: its scheduler moves none of the plan's traffic
        // (NVUE and EOS schedule all eight queues by default, whatever the plan uses), and traffic
        // the device steers into it is the classification drift's to report.
        continue;
      }
      String path = paths.scheduler(q);
      String es = sched(e);
      String as = sched(a);
      if (!es.equals(as)) {
        add(
            DriftRules.SCHEDULER,
            null,
            path,
            es,
            as,
            e == null ? swLoc("name") : swLoc("queues." + q),
            "queue " + q + " is scheduled " + as + " on the device, the intent says " + es);
      }
    }
  }

  /**
   * Each intended ECN profile against its live counterpart: the profile the device binds to the
   * first queue the intent binds it to, else (bound to no queue) the live profile of the same name.
   * Names are not compared: a shared profile with equal values is the same plan.
   */
  private void ecnProfiles() {
    Map<String, EcnProfile> live = new TreeMap<>();
    got.ecnProfiles().forEach(p -> live.put(p.name(), p));
    for (EcnProfile e : want.ecnProfiles()) {
      EcnProfile bound = boundCounterpart(e.name());
      EcnProfile a = bound != null ? bound : live.get(e.name());
      Location at = swLoc("ecn_profiles." + e.name());
      if (a == null) {
        add(
            DriftRules.ECN,
            null,
            paths.ecnProfile(e.name(), null),
            "present",
            "absent",
            at,
            "ECN profile " + e.name() + " does not exist on the device");
        continue;
      }
      ecnCounterpart.put(e.name(), a);
      if (!tolerance.sameBytes(e.minBytes(), a.minBytes())) {
        add(
            DriftRules.ECN,
            null,
            paths.ecnProfile(a.name(), "min"),
            e.minBytes() + " B",
            a.minBytes() + " B",
            at,
            "ECN profile "
                + e.name()
                + " starts marking at "
                + a.minBytes()
                + " B on the device, the intent says "
                + e.minBytes()
                + " B"
                + toleranceNote());
      }
      if (!tolerance.sameBytes(e.maxBytes(), a.maxBytes())) {
        add(
            DriftRules.ECN,
            null,
            paths.ecnProfile(a.name(), "max"),
            e.maxBytes() + " B",
            a.maxBytes() + " B",
            at,
            "ECN profile "
                + e.name()
                + " reaches full marking at "
                + a.maxBytes()
                + " B on the device, the intent says "
                + e.maxBytes()
                + " B"
                + toleranceNote());
      }
      if (e.probability() != a.probability()) {
        add(
            DriftRules.ECN,
            null,
            paths.ecnProfile(a.name(), "probability"),
            e.probability() + "%",
            a.probability() + "%",
            at,
            "ECN profile "
                + e.name()
                + " marks with probability "
                + a.probability()
                + "% on the device, the intent says "
                + e.probability()
                + "%");
      }
      if (e.dropNonEct() != a.dropNonEct()) {
        add(
            DriftRules.ECN,
            null,
            paths.ecnProfile(a.name(), "drop"),
            nonEct(e.dropNonEct()),
            nonEct(a.dropNonEct()),
            at,
            "ECN profile "
                + e.name()
                + " "
                + (a.dropNonEct() ? "drops" : "keeps")
                + " packets that are not ECN-capable on the device, the intent says "
                + (e.dropNonEct() ? "drop" : "keep")
                + " (ecn.non-ect)");
      }
    }
  }

  /**
   * The lossless PGs' alpha exponent, compared where the intended switch has one (as its platform
   * holds it), and the shared headroom pool, compared whenever either side has one: a pool the plan
   * does not size changes what every PG reserves.
   */
  private void losslessBuffer() {
    LosslessBuffer w = want.losslessBuffer();
    LosslessBuffer g = got.losslessBuffer();
    Integer e = w == null ? null : w.dynamicTh();
    Integer a = g == null ? null : g.dynamicTh();
    if (e != null && !e.equals(a)) {
      add(
          DriftRules.BUFFERS,
          null,
          paths.bufferAlpha(),
          "alpha 2^" + e,
          a == null ? "absent" : "alpha 2^" + a,
          swLoc("lossless_dynamic_th", "lossless_priorities"),
          "the lossless priority groups' dynamic threshold is "
              + (a == null ? "not set" : "alpha 2^" + a)
              + " on the device, the intent says alpha 2^"
              + e);
    }
    Long ep = w == null ? null : w.sharedHeadroomPoolBytes();
    Long ap = g == null ? null : g.sharedHeadroomPoolBytes();
    if ((ep == null && ap == null) || (ep != null && ap != null && tolerance.sameBytes(ep, ap))) {
      return;
    }
    add(
        DriftRules.BUFFERS,
        null,
        paths.sharedHeadroomPool(),
        ep == null ? "absent" : ep + " B",
        ap == null ? "absent" : ap + " B",
        swLoc("headroom_over_subscription", "lossless_priorities"),
        "the shared headroom pool is "
            + (ap == null ? "absent" : ap + " B")
            + " on the device, the intent "
            + (ep == null ? "reserves headroom per priority group" : "sizes it " + ep + " B")
            + toleranceNote());
  }

  /**
   * The live profile bound where the intent first binds {@code name}: on the first intended port
   * that binds it (the same port on the device), else on the switch's queue; null when the device
   * marks nothing there.
   */
  private EcnProfile boundCounterpart(String name) {
    Map<String, CompiledPort> livePorts = new TreeMap<>();
    got.ports().forEach(p -> livePorts.put(p.name(), p));
    for (CompiledPort wp : want.ports()) {
      for (CompiledQueue q : wp.queues()) {
        CompiledPort gp = livePorts.get(wp.name());
        if (name.equals(q.ecnProfile()) && gp != null) {
          CompiledQueue lq = byQueue(gp.queues()).get(q.queue());
          EcnProfile a = lq == null ? null : profile(got, lq.ecnProfile());
          if (a != null) {
            return a;
          }
        }
      }
    }
    Map<Integer, CompiledQueue> liveQueues = byQueue(got.queues());
    for (CompiledQueue q : want.queues()) {
      if (name.equals(q.ecnProfile()) && liveQueues.containsKey(q.queue())) {
        return profile(got, liveQueues.get(q.queue()).ecnProfile());
      }
    }
    return null;
  }

  private static EcnProfile profile(CompiledSwitch sw, String name) {
    if (name == null) {
      return null;
    }
    for (EcnProfile p : sw.ecnProfiles()) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    return null;
  }

  private boolean sameValues(EcnProfile e, EcnProfile a) {
    return tolerance.sameBytes(e.minBytes(), a.minBytes())
        && tolerance.sameBytes(e.maxBytes(), a.maxBytes())
        && e.probability() == a.probability()
        && e.dropNonEct() == a.dropNonEct();
  }

  /** A queue's marking by value: {@code none}, or thresholds and probability. */
  private static String marking(EcnProfile p) {
    return p == null
        ? "none"
        : "from "
            + p.minBytes()
            + " B to "
            + p.maxBytes()
            + " B at "
            + p.probability()
            + "% ("
            + p.name()
            + ", non-ECT "
            + nonEct(p.dropNonEct())
            + ")";
  }

  /** The intent's word for a profile's handling of non-ECT packets. */
  private static String nonEct(boolean drop) {
    return drop ? "drop" : "keep";
  }

  private void watchdog() {
    CompiledWatchdog e = want.watchdog();
    if (e == null) {
      return; // the intent does not manage the watchdog
    }
    if (noLosslessPort()) {
      return; // it watches no port: each port's watchdog is compared on its own
    }
    CompiledWatchdog a = got.watchdog();
    Location at = swLoc("watchdog");
    if (wantWatchdog() != gotWatchdog()) {
      add(
          DriftRules.WATCHDOG,
          null,
          paths.watchdog("enabled"),
          String.valueOf(wantWatchdog()),
          String.valueOf(gotWatchdog()),
          at,
          "the PFC watchdog is "
              + (gotWatchdog() ? "on" : "off")
              + " on the device, the intent says "
              + (wantWatchdog() ? "on" : "off"));
      return;
    }
    if (!wantWatchdog()) {
      return; // off on both sides: timers do nothing
    }
    if (!e.action().equals(a.action())) {
      add(
          DriftRules.WATCHDOG,
          null,
          paths.watchdog("action"),
          e.action(),
          a.action(),
          at,
          "the PFC watchdog action is "
              + a.action()
              + " on the device, the intent says "
              + e.action());
    }
    millis(paths.watchdog("detection"), "detection time", e.detectionMs(), a.detectionMs(), at);
    millis(
        paths.watchdog("restoration"),
        "restoration time",
        e.restorationMs(),
        a.restorationMs(),
        at);
    millis(paths.watchdog("poll"), "poll interval", e.pollMs(), a.pollMs(), at);
  }

  private void millis(String path, String what, long e, long a, Location at) {
    if (e != a) {
      add(
          DriftRules.WATCHDOG,
          null,
          path,
          e + " ms",
          a + " ms",
          at,
          "the PFC watchdog "
              + what
              + " is "
              + a
              + " ms on the device, the intent says "
              + e
              + " ms");
    }
  }

  /**
   * The ECMP hash fields, as sets (their order does not change the hash). Compared only when the
   * intent names fields the device's platform carries: {@link DriftAudit} leaves out the ones it
   * cannot.
   */
  private void hash() {
    if (want.ecmpHashFields().isEmpty()) {
      return;
    }
    TreeSet<String> e = new TreeSet<>(want.ecmpHashFields());
    TreeSet<String> a = new TreeSet<>(got.ecmpHashFields());
    if (e.equals(a)) {
      return;
    }
    TreeSet<String> missing = new TreeSet<>(e);
    missing.removeAll(a);
    TreeSet<String> extra = new TreeSet<>(a);
    extra.removeAll(e);
    add(
        DriftRules.HASH,
        null,
        paths.hash(),
        String.join(",", e),
        String.join(",", a),
        swLoc("ecmp_hash_fields"),
        "the ECMP hash uses "
            + (a.isEmpty() ? "no configured fields" : String.join(", ", a))
            + " on the device, the intent says "
            + String.join(", ", e)
            + (missing.isEmpty() ? "" : " (not hashed: " + String.join(", ", missing) + ")")
            + (extra.isEmpty() ? "" : " (extra: " + String.join(", ", extra) + ")"));
  }

  /**
   * The intended watchdog runs only where there are lossless priorities to watch (ports carry it).
   */
  private boolean wantWatchdog() {
    return want.watchdog() != null
        && want.watchdog().enabled()
        && !want.losslessPriorities().isEmpty()
        && !noLosslessPort();
  }

  /**
   * True when the intended switch declares ports and none of them runs PFC (all unlinked, or made
   * lossy by an exception). The switch-wide lossless set and watchdog then act on no port, and the
   * platforms disagree on what a file without a lossless port says about them: EOS, NVUE and
   * OpenConfig derive both from the ports (none), the others keep the plan's classes. Their
   * meaning, no port pauses or is watched, is compared port by port instead.
   */
  private boolean noLosslessPort() {
    return !want.ports().isEmpty()
        && want.ports().stream().allMatch(p -> p.pfcPriorities().isEmpty());
  }

  private boolean gotWatchdog() {
    return got.watchdog() != null && got.watchdog().enabled();
  }

  // ------------------------------------------------------------------ DCBX

  /**
   * What the ports advertise in LLDP DCBX TLVs, where the intent manages it ({@code fabric.dcbx}):
   * a willing NIC takes its PFC and ETS from them, so a switch that stopped (or started)
   * advertising changes the NIC's lossless config. One finding per switch, at the dcbx line; a
   * platform that does not carry DCBX expects nothing (its render-gap says so).
   */
  private void dcbx() {
    String w = want.dcbx();
    String g = got.dcbx();
    if (w == null || w.equals(g)) {
      return;
    }
    add(
        DriftRules.PFC,
        null,
        paths.dcbx(),
        w,
        g == null ? "unset" : g,
        swLoc("dcbx"),
        "the ports advertise "
            + (g == null
                ? "no DCBX setting (the platform's default)"
                : switch (g) {
                  case "ieee" -> "the IEEE DCBX PFC and ETS TLVs";
                  case "off" -> "no DCBX TLVs";
                  case "partial" -> "only some of the DCBX PFC and ETS TLVs";
                  default -> "DCBX TLVs on some ports and not on others";
                })
            + " on the device, the intent says dcbx: "
            + w);
  }

  // ------------------------------------------------------------------ helpers

  private void add(
      String rule,
      String port,
      String path,
      String expected,
      String actual,
      Location at,
      String message) {
    String where = port == null ? want.name() : want.name() + " " + port;
    out.add(
        Finding.of(rule, Severity.ERROR, where + ": " + message)
            .at(at)
            .onDevice(want.name())
            .onPort(port)
            .withPath(path)
            .withValues(expected, actual));
  }

  private Location swLoc(String... keys) {
    for (String k : keys) {
      Location at = want.provenance().get(k);
      if (at != null) {
        return at;
      }
    }
    return want.provenance().get("name");
  }

  private Location portLoc(CompiledPort port, String key) {
    Location at = port.owner(key);
    if (at == null) {
      at = want.provenance().get(key);
    }
    return at != null
        ? at
        : port.owner("name") != null ? port.owner("name") : want.provenance().get("name");
  }

  private String toleranceNote() {
    return tolerance.thresholdBytes() == 0
        ? ""
        : " (tolerance " + tolerance.thresholdBytes() + " B)";
  }

  private static Map<Integer, CompiledQueue> byQueue(List<CompiledQueue> queues) {
    Map<Integer, CompiledQueue> out = new TreeMap<>();
    queues.forEach(q -> out.putIfAbsent(q.queue(), q));
    return out;
  }

  private static String sched(CompiledQueue q) {
    if (q == null) {
      return "unscheduled";
    }
    if (CompiledQueue.STRICT.equals(q.scheduler())) {
      return "strict";
    }
    // no weight: the intent leaves the share to the platform's default (no number to show)
    return q.weight() == null
        ? q.scheduler() + " with the platform's default share"
        : q.scheduler() + " weight " + q.weight();
  }

  static String list(List<Integer> values) {
    return values.stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]"));
  }

  /** {@code 1-25, 27} from ascending code points. */
  static String ranges(List<Integer> sorted) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < sorted.size(); ) {
      int j = i;
      while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
        j++;
      }
      out.append(out.length() == 0 ? "" : ", ")
          .append(i == j ? String.valueOf(sorted.get(i)) : sorted.get(i) + "-" + sorted.get(j));
      i = j + 1;
    }
    return out.toString();
  }

  private static String show(Object v) {
    return v == null ? "unmapped" : String.valueOf(v);
  }

  private static String gbps(Integer v) {
    return v == null ? "unset" : v + " Gb/s";
  }

  private static String metres(Integer v) {
    return v == null ? "unset" : v + " m";
  }
}
