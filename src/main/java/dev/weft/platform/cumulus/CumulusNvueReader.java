package dev.weft.platform.cumulus;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a Cumulus Linux NVUE configuration as JSON ({@code nv config show -o json}: the applied
 * revision, a list of {@code header}/{@code set} documents; or the object of the {@code set}
 * document alone, as the NVUE REST API returns it) into a compiled switch, feature by feature:
 *
 * <ul>
 *   <li>classification: {@code qos mapping default-global} ({@code trust}, {@code dscp <d>
 *       switch-priority}, and with {@code trust l2} {@code pcp <p> switch-priority}) and {@code qos
 *       egress-queue-mapping default-global switch-priority <p> traffic-class};
 *   <li>scheduler: {@code qos egress-scheduler default-global traffic-class <tc>} ({@code mode
 *       strict|dwrr}, {@code bw-percent});
 *   <li>ECN: {@code qos congestion-control default-global traffic-class <tc>} ({@code ecn enable},
 *       {@code min-threshold}, {@code max-threshold} in bytes, {@code probability}); NVUE names no
 *       profiles, so each marking traffic class is profile {@code tc<N>};
 *   <li>PFC and buffers: {@code qos pfc <profile>} ({@code switch-priority}, {@code cable-length}
 *       in metres) bound per port with {@code interface <swp> qos pfc profile}; NVUE sizes headroom
 *       itself, so none is read;
 *   <li>watchdog: {@code qos pfc-watchdog} ({@code polling-interval} ms, {@code robustness}:
 *       detection is robustness × polling interval) and per port {@code qos pfc-watchdog state
 *       enable}; NVUE has no restoration time or action: they read as {@link #RESTORATION_NOT_SET}
 *       and {@link #ACTION}, so that a change of the robustness is one finding, not two;
 *   <li>ports: {@code interface <swp>} {@code link mtu}, {@code link speed} ({@code 400G}), {@code
 *       description} (the link peer);
 *   <li>ECMP hash: {@code system forwarding ecmp-hash <field> on|enabled};
 *   <li>LAG: {@code interface <bond> bond member <swp>}: the member's bond (the bond itself is not
 *       a port);
 *   <li>DCBX: {@code interface <swp> lldp dcbx-pfc-tlv}, {@code dcbx-ets-config-tlv}, {@code
 *       dcbx-ets-recomm-tlv} ({@code on|off|enabled|disabled}), as the switch's one state (see
 *       {@link CompiledSwitch#dcbx()}).
 * </ul>
 *
 * A revision holds only what was set: where it is silent the reader reads what NVUE applies, and
 * {@code qos roce} as the whole plan it sets, with the settings beside it changing only their keys
 * ({@link NvueDefaults}, one table citing NVIDIA's guide): trust {@code l2}, DSCP d → d/8, the
 * default scheduler and ECN, a {@code qos pfc default-global} profile on every port that binds no
 * other. {@code link speed auto} reads as no speed (the port negotiates).
 *
 * <p>Numbers may be JSON numbers or numeric strings. Every problem is a {@link ReadException}
 * naming the NVUE path, e.g. {@code
 * qos.congestion-control.default-global.traffic-class.3.min-threshold}.
 */
public final class CumulusNvueReader {

  public static final String PLATFORM = "cumulus";

  /** What Weft reads as the watchdog action: NVUE has no such setting. */
  static final String ACTION = "drop";

  /** What Weft reads as the watchdog restoration time: NVUE has no such setting. */
  static final long RESTORATION_NOT_SET = 0;

  private static final Pattern SPEED = Pattern.compile("([0-9]{1,5})G");

  private final String what;

  private CumulusNvueReader(String what) {
    this.what = what;
  }

  /**
   * @param name the switch's name
   * @param what names the text in messages, e.g. {@code spine-c1 (127.0.0.1:2222) `nv config show
   *     -o json`}
   */
  public static CompiledSwitch read(String json, String name, String what) throws ReadException {
    Object root;
    try {
      root = Json.parse(json);
    } catch (JsonException e) {
      throw new ReadException(what + ":" + e.getMessage());
    }
    return new CumulusNvueReader(what).toSwitch(setDocument(root, what), name);
  }

  /**
   * The {@code set} document: the object itself, or the merge of the {@code set} members of a
   * revision list.
   */
  static Map<String, Object> setDocument(Object root, String what) throws ReadException {
    if (root instanceof Map<?, ?> m) {
      return cast(m);
    }
    if (!(root instanceof List<?> docs)) {
      throw new ReadException(
          what + ":1:1: expected an NVUE revision (a list of header/set documents) or an object");
    }
    Map<String, Object> set = new LinkedHashMap<>();
    for (Object doc : docs) {
      if (!(doc instanceof Map<?, ?> d)) {
        throw new ReadException(
            what + ": expected header/set documents in the revision list, found " + doc);
      }
      Object s = d.get("set");
      if (s instanceof Map<?, ?> sm) {
        set.putAll(cast(sm));
      } else if (s != null) {
        throw new ReadException(what + ": set: expected an object, found " + s);
      }
    }
    return set;
  }

  private CompiledSwitch toSwitch(Map<String, Object> set, String name) throws ReadException {
    // what NVUE applies where the configuration is silent, and what `qos roce` sets, read like
    // any configured value
    Map<String, Object> qos = NvueDefaults.effective(obj(set, "qos", "qos"), this::error);
    Map<String, Object> mapping =
        obj(obj(qos, "mapping", "qos.mapping"), "default-global", "qos.mapping.default-global");
    String trustWord =
        mapping.containsKey("trust")
            ? str(mapping.get("trust"), "qos.mapping.default-global.trust")
            : NvueDefaults.TRUST;
    if (!List.of("l2", "l3", "both").contains(trustWord)) {
      throw error(
          "qos.mapping.default-global.trust",
          "expected l2, l3 or both, found \""
              + trustWord
              + "\""
              + ("port".equals(trustWord)
                  ? " (trust port, one switch priority for every packet, is not modelled)"
                  : ""));
    }
    // l3 and both (pcp,dscp) classify IP packets by DSCP; l2 by PCP
    boolean trust = !"l2".equals(trustWord);
    List<Integer> pcp = "l2".equals(trustWord) ? pcpMap(mapping) : List.of();
    Map<Integer, Integer> dscp = new TreeMap<>();
    for (int d = 0; d < 64; d++) {
      dscp.put(d, NvueDefaults.dscpPriority(d)); // a code point the mapping does not list
    }
    for (Map.Entry<String, Object> e :
        obj(mapping, "dscp", "qos.mapping.default-global.dscp").entrySet()) {
      String where = "qos.mapping.default-global.dscp." + e.getKey();
      int d = number(e.getKey(), where, 0, 63);
      dscp.put(
          d,
          number(
              obj(e.getValue(), where).get("switch-priority"), where + ".switch-priority", 0, 7));
    }
    List<Integer> toQueue = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
    Map<String, Object> egress =
        obj(
            obj(qos, "egress-queue-mapping", "qos.egress-queue-mapping"),
            "default-global",
            "qos.egress-queue-mapping.default-global");
    for (Map.Entry<String, Object> e :
        obj(egress, "switch-priority", "qos.egress-queue-mapping.default-global.switch-priority")
            .entrySet()) {
      String where = "qos.egress-queue-mapping.default-global.switch-priority." + e.getKey();
      toQueue.set(
          number(e.getKey(), where, 0, 7),
          number(obj(e.getValue(), where).get("traffic-class"), where + ".traffic-class", 0, 7));
    }

    Map<String, Map<String, Object>> pfcProfiles = new TreeMap<>();
    TreeSet<Integer> lossless = new TreeSet<>();
    for (Map.Entry<String, Object> e : obj(qos, "pfc", "qos.pfc").entrySet()) {
      String where = "qos.pfc." + e.getKey();
      Map<String, Object> profile = obj(e.getValue(), where);
      pfcProfiles.put(e.getKey(), profile);
      for (String prio : obj(profile, "switch-priority", where + ".switch-priority").keySet()) {
        lossless.add(number(prio, where + ".switch-priority." + prio, 0, 7));
      }
    }
    TreeSet<Integer> losslessQueues = new TreeSet<>();
    lossless.forEach(p -> losslessQueues.add(toQueue.get(p)));

    List<EcnProfile> ecn = new ArrayList<>();
    Map<Integer, String> ecnOfQueue = new TreeMap<>();
    Map<String, Object> cc =
        obj(
            obj(qos, "congestion-control", "qos.congestion-control"),
            "default-global",
            "qos.congestion-control.default-global");
    for (Map.Entry<String, Object> e :
        obj(cc, "traffic-class", "qos.congestion-control.default-global.traffic-class")
            .entrySet()) {
      String where = "qos.congestion-control.default-global.traffic-class." + e.getKey();
      int tc = number(e.getKey(), where, 0, 7);
      Map<String, Object> t = obj(e.getValue(), where);
      // a listed class marks unless told not to (the QoS page's `nv show` of classes set with
      // thresholds only)
      if (!"enable".equals(t.containsKey("ecn") ? str(t.get("ecn"), where + ".ecn") : "enable")) {
        continue;
      }
      String profile = "tc" + tc;
      ecn.add(
          new EcnProfile(
              profile,
              t.containsKey("min-threshold")
                  ? bytes(t.get("min-threshold"), where + ".min-threshold")
                  : NvueDefaults.ECN_MIN_BYTES,
              t.containsKey("max-threshold")
                  ? bytes(t.get("max-threshold"), where + ".max-threshold")
                  : NvueDefaults.ECN_MAX_BYTES,
              t.containsKey("probability")
                  ? number(t.get("probability"), where + ".probability", 1, 100)
                  : NvueDefaults.ECN_PROBABILITY,
              // red: WRED drop of the packets ECN cannot mark (NVUE's RoCE default: disable)
              "enable".equals(t.containsKey("red") ? str(t.get("red"), where + ".red") : null)));
      ecnOfQueue.put(tc, profile);
    }

    List<CompiledQueue> queues = new ArrayList<>();
    Map<String, Object> scheduler =
        obj(
            obj(qos, "egress-scheduler", "qos.egress-scheduler"),
            "default-global",
            "qos.egress-scheduler.default-global");
    for (Map.Entry<String, Object> e :
        new TreeMap<>(
                obj(
                    scheduler,
                    "traffic-class",
                    "qos.egress-scheduler.default-global.traffic-class"))
            .entrySet()) {
      String where = "qos.egress-scheduler.default-global.traffic-class." + e.getKey();
      int tc = number(e.getKey(), where, 0, 7);
      Map<String, Object> t = obj(e.getValue(), where);
      String mode = t.containsKey("mode") ? str(t.get("mode"), where + ".mode") : "dwrr";
      boolean strict = mode.equals("strict");
      if (!strict && !mode.equals("dwrr")) {
        throw new ReadException(
            what + ": " + where + ".mode: expected strict or dwrr, found \"" + mode + "\"");
      }
      Integer weight = strict ? null : number(t.get("bw-percent"), where + ".bw-percent", 1, 100);
      queues.add(
          new CompiledQueue(
              tc,
              null,
              strict ? CompiledQueue.STRICT : CompiledQueue.DWRR,
              weight,
              ecnOfQueue.get(tc),
              losslessQueues.contains(tc)));
    }
    queues.sort(java.util.Comparator.comparingInt(CompiledQueue::queue));

    Map<String, Object> wd = obj(qos, "pfc-watchdog", "qos.pfc-watchdog");
    long poll =
        wd.containsKey("polling-interval")
            ? number(wd.get("polling-interval"), "qos.pfc-watchdog.polling-interval", 1, 60_000)
            : NvueDefaults.WATCHDOG_POLL_MS;
    long robustness =
        wd.containsKey("robustness")
            ? number(wd.get("robustness"), "qos.pfc-watchdog.robustness", 1, 1000)
            : NvueDefaults.WATCHDOG_ROBUSTNESS;

    Map<String, String> lags = bondMembers(obj(set, "interface", "interface"));
    List<CompiledPort> ports = new ArrayList<>();
    TreeSet<String> dcbx = new TreeSet<>();
    boolean anyPortDcbx = false;
    boolean anyWatchdog = false;
    for (Map.Entry<String, Object> e : obj(set, "interface", "interface").entrySet()) {
      String port = e.getKey();
      String where = "interface." + port;
      Map<String, Object> i = obj(e.getValue(), where);
      if (i.containsKey("type") && !"swp".equals(str(i.get("type"), where + ".type"))
          || i.containsKey("bond")) {
        continue; // loopback, bond, eth0: not a switch port of the plan
      }
      String portDcbx = dcbx(obj(i, "lldp", where + ".lldp"), where + ".lldp");
      anyPortDcbx |= portDcbx != null;
      dcbx.add(portDcbx == null ? "off" : portDcbx);
      Map<String, Object> link = obj(i, "link", where + ".link");
      Integer mtu =
          link.containsKey("mtu")
              ? number(link.get("mtu"), where + ".link.mtu", 552, 9216)
              : NvueDefaults.MTU;
      Integer speed =
          link.containsKey("speed") ? speed(link.get("speed"), where + ".link.speed") : null;
      String peer =
          i.containsKey("description") ? str(i.get("description"), where + ".description") : null;
      Map<String, Object> portQos = obj(i, "qos", where + ".qos");
      List<Integer> pfc = new ArrayList<>();
      Integer cable = null;
      Map<String, Object> portPfc = obj(portQos, "pfc", where + ".qos.pfc");
      // a port that binds no profile runs default-global's, when there is one (all ports)
      String name2 =
          portPfc.containsKey("profile")
              ? str(portPfc.get("profile"), where + ".qos.pfc.profile")
              : pfcProfiles.containsKey("default-global") ? "default-global" : null;
      if (name2 != null) {
        Map<String, Object> profile = pfcProfiles.get(name2);
        if (profile == null) {
          throw new ReadException(
              what + ": " + where + ".qos.pfc.profile: qos.pfc." + name2 + " does not exist");
        }
        for (String prio :
            new TreeSet<>(
                obj(profile, "switch-priority", "qos.pfc." + name2 + ".switch-priority")
                    .keySet())) {
          pfc.add(number(prio, "qos.pfc." + name2 + ".switch-priority." + prio, 0, 7));
        }
        pfc.sort(null);
        if (profile.containsKey("cable-length")) {
          cable =
              number(profile.get("cable-length"), "qos.pfc." + name2 + ".cable-length", 1, 100_000);
        }
      }
      Map<String, Object> portWd = obj(portQos, "pfc-watchdog", where + ".qos.pfc-watchdog");
      // `nv set interface <swp> qos pfc-watchdog` alone enables it; `state disable` turns it off
      boolean watchdog =
          portQos.containsKey("pfc-watchdog")
              && "enable"
                  .equals(
                      portWd.containsKey("state")
                          ? str(portWd.get("state"), where + ".qos.pfc-watchdog.state")
                          : "enable");
      anyWatchdog |= watchdog;
      TreeSet<Integer> wdQueues = new TreeSet<>();
      if (watchdog) {
        pfc.forEach(p -> wdQueues.add(toQueue.get(p)));
      }
      ports.add(
          CompiledPort.builder()
              .name(port)
              .speedGbps(speed)
              .mtu(mtu)
              .cableLengthMetres(cable)
              .peer(peer)
              .trustDscp(trust)
              .pfcPriorities(pfc)
              .priorityToQueue(toQueue)
              .pfcPriorityToQueue(toQueue)
              .queues(queues)
              .watchdog(watchdog)
              .watchdogQueues(List.copyOf(wdQueues))
              .lag(lags.get(port))
              .build());
    }
    CompiledWatchdog watchdog = null;
    if (anyWatchdog) {
      long detection = poll * robustness;
      watchdog = new CompiledWatchdog(true, ACTION, detection, RESTORATION_NOT_SET, poll);
    } else if (!wd.isEmpty()) {
      watchdog = ReadBack.disabledWatchdog(poll);
    }

    List<String> hash = new ArrayList<>();
    Map<String, Object> ecmp =
        obj(
            obj(obj(set, "system", "system"), "forwarding", "system.forwarding"),
            "ecmp-hash",
            "system.forwarding.ecmp-hash");
    for (Map.Entry<String, Object> e : ecmp.entrySet()) {
      String where = "system.forwarding.ecmp-hash." + e.getKey();
      String v = str(e.getValue(), where);
      if (v.equals("on") || v.equals("enabled")) {
        String field = CumulusPack.HASH.intentName(e.getKey());
        hash.add(field != null ? field : e.getKey());
      } else if (!v.equals("off") && !v.equals("disabled")) {
        throw new ReadException(
            what + ": " + where + ": expected on, off, enabled or disabled, found \"" + v + "\"");
      }
    }
    hash.sort(null);
    return CompiledSwitch.builder()
        .name(name)
        .platform(PLATFORM)
        .congestionControl(ReadBack.congestionControl(lossless, queues))
        .dscpToPriority(dscp)
        .priorityToQueue(toQueue)
        .losslessPriorities(List.copyOf(lossless))
        .queues(queues)
        .ecnProfiles(ecn)
        .watchdog(watchdog)
        .ecmpHashFields(hash)
        .ports(ports)
        .pcpToPriority(pcp)
        // no port sets a DCBX TLV: null (not Weft's); else the ports' one state, or mixed
        .dcbx(!anyPortDcbx ? null : dcbx.size() == 1 ? dcbx.first() : "mixed")
        .build();
  }

  /**
   * Each bond member's bond: {@code interface <bond> bond member <swp>} (the interface that has a
   * {@code bond} object is the bond, whatever its {@code type} says). A port listed by two bonds is
   * an error: Linux enslaves a port to one bond.
   */
  private Map<String, String> bondMembers(Map<String, Object> interfaces) throws ReadException {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<String, Object> e : interfaces.entrySet()) {
      String where = "interface." + e.getKey();
      Map<String, Object> bond = obj(obj(e.getValue(), where), "bond", where + ".bond");
      for (String member : obj(bond, "member", where + ".bond.member").keySet()) {
        String before = out.put(member, e.getKey());
        if (before != null) {
          throw error(
              where + ".bond.member." + member,
              "the port is also a member of " + before + "; a port joins one bond");
        }
      }
    }
    return out;
  }

  private static final List<String> DCBX_TLVS =
      List.of("dcbx-pfc-tlv", "dcbx-ets-config-tlv", "dcbx-ets-recomm-tlv");

  /**
   * What a port's {@code lldp} advertises of DCBX: {@code ieee} (all three TLVs on), {@code off}
   * (none), {@code partial} (some), or null when it sets none of the three keys. A key not written
   * is NVUE's default, off.
   */
  private String dcbx(Map<String, Object> lldp, String where) throws ReadException {
    int set = 0;
    int on = 0;
    for (String tlv : DCBX_TLVS) {
      if (!lldp.containsKey(tlv)) {
        continue;
      }
      set++;
      String v = str(lldp.get(tlv), where + "." + tlv);
      if (v.equals("on") || v.equals("enabled")) {
        on++;
      } else if (!v.equals("off") && !v.equals("disabled")) {
        throw new ReadException(
            what
                + ": "
                + where
                + "."
                + tlv
                + ": expected on, off, enabled or disabled, found \""
                + v
                + "\"");
      }
    }
    if (set == 0) {
      return null;
    }
    return on == DCBX_TLVS.size() ? "ieee" : on == 0 ? "off" : "partial";
  }

  /**
   * PCP → switch priority of {@code qos mapping default-global pcp <p> switch-priority}, a PCP the
   * mapping does not list keeping NVUE's default (its own value).
   */
  private List<Integer> pcpMap(Map<String, Object> mapping) throws ReadException {
    List<Integer> pcp = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
    for (Map.Entry<String, Object> e :
        obj(mapping, "pcp", "qos.mapping.default-global.pcp").entrySet()) {
      String where = "qos.mapping.default-global.pcp." + e.getKey();
      pcp.set(
          number(e.getKey(), where, 0, 7),
          number(
              obj(e.getValue(), where).get("switch-priority"), where + ".switch-priority", 0, 7));
    }
    return List.copyOf(pcp);
  }

  // ------------------------------------------------------------------ JSON helpers

  private ReadException error(String where, String message) {
    return new ReadException(what + ": " + where + ": " + message);
  }

  private Map<String, Object> obj(Map<String, Object> parent, String key, String where)
      throws ReadException {
    Object v = parent.get(key);
    return v == null ? Map.of() : obj(v, where);
  }

  private Map<String, Object> obj(Object v, String where) throws ReadException {
    if (v instanceof Map<?, ?> m) {
      return cast(m);
    }
    throw new ReadException(what + ": " + where + ": expected an object, found " + shown(v));
  }

  private String str(Object v, String where) throws ReadException {
    if (v instanceof String s) {
      return s;
    }
    throw new ReadException(what + ": " + where + ": expected a string, found " + shown(v));
  }

  private int number(Object v, String where, int min, int max) throws ReadException {
    long n = bytes(v, where);
    if (n < min || n > max) {
      throw new ReadException(
          what + ": " + where + ": expected " + min + ".." + max + ", found " + n);
    }
    return (int) n;
  }

  /** A whole number, given as a JSON number or a numeric string. */
  private long bytes(Object v, String where) throws ReadException {
    if (v instanceof Long l) {
      return l;
    }
    if (v instanceof BigDecimal b) {
      try {
        return b.longValueExact();
      } catch (ArithmeticException e) {
        throw new ReadException(what + ": " + where + ": expected a whole number, found " + b);
      }
    }
    if (v instanceof String s && s.matches("-?[0-9]{1,18}")) {
      return Long.parseLong(s);
    }
    throw new ReadException(what + ": " + where + ": expected a whole number, found " + shown(v));
  }

  /**
   * A fixed speed in Gb/s, or null for {@code auto} (NVUE's default: the port negotiates, so the
   * configuration holds no speed; drift then does not compare it, see {@code Drift}).
   */
  private Integer speed(Object v, String where) throws ReadException {
    if ("auto".equals(v)) {
      return null;
    }
    Matcher m = SPEED.matcher(str(v, where));
    if (!m.matches()) {
      throw new ReadException(
          what + ": " + where + ": expected a speed like 400G, found \"" + v + "\"");
    }
    return Integer.parseInt(m.group(1));
  }

  private static String shown(Object v) {
    return v == null
        ? "nothing"
        : v instanceof String s
            ? "\"" + s + "\""
            : v instanceof Map<?, ?>
                ? "an object"
                : v instanceof List<?> ? "an array" : String.valueOf(v);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cast(Map<?, ?> m) {
    return (Map<String, Object>) m;
  }
}
