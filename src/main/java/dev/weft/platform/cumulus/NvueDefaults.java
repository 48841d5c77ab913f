package dev.weft.platform.cumulus;

import dev.weft.platform.ReadException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What NVUE applies where its configuration says nothing, in one table: a switch's {@code nv config
 * show -o json} holds only what was set, so a reader that took the absent as "nothing" would read
 * every default switch as an empty plan (issue 31). Each value cites NVIDIA's Cumulus Linux user
 * guide (5.14), {@code Layer-1-and-Switch-Ports/Quality-of-Service/} ("QoS page") and {@code
 * .../Quality-of-Service/RDMA-over-Converged-Ethernet-RoCE/} ("RoCE page"):
 *
 * <ul>
 *   <li>MTU: 9216 on every swp port ({@code Interface-Configuration-and-Management/
 *       Switch-Port-Attributes/}, "MTU");
 *   <li>trust: {@code l2} (802.1p), the default of {@code traffic.packet_priority_source_set};
 *   <li>PCP p → switch priority p; DSCP d → switch priority d / 8 (QoS page, "Trust 802.1p Marking"
 *       and "Trust DSCP": "If you configure the trust ... but do not specify any ... mappings,
 *       Cumulus Linux uses the default values"); a mapping that lists some code points changes only
 *       those;
 *   <li>switch priority p → traffic class p (QoS page, "Egress Queues");
 *   <li>egress scheduler: DWRR 12 % on traffic classes 0, 2, 4, 6 and 13 % on 1, 3, 5, 7 (QoS page,
 *       "Egress Scheduler"); a {@code default-global} scheduler that lists classes schedules only
 *       those ("If you do not specify a value for an egress queue, Cumulus Linux uses a DWRR value
 *       of 0");
 *   <li>ECN: {@code default-global} marks traffic class 0 at min 150 000 B, max 1 500 000 B,
 *       probability 100, RED disabled (QoS page, "Congestion Control (ECN)"); a profile that lists
 *       classes marks only those (the page's {@code nv show} after setting classes 4, 5, 7 lists
 *       only them), each field it leaves out at the same default and {@code ecn} enabled;
 *   <li>PFC: no switch priority; a {@code qos pfc default-global} profile applies to every port
 *       that binds no other (QoS page, "To apply PFC settings on all ports, modify the default PFC
 *       profile");
 *   <li>PFC watchdog: polling interval 100 ms, robustness 3 (QoS page, "PFC Watchdog"); {@code
 *       interface <swp> qos pfc-watchdog} without a state is enabled;
 *   <li>{@code qos roce} (RoCE page, "Default RoCE Configuration" and {@code nv show qos roce}):
 *       {@code enable on} alone is {@code mode lossless}; trust {@code both} (pcp,dscp) with the
 *       default maps (DSCP 26 → 3, CNP DSCP 48 → 6); switch priority 3 → traffic class 3, 6 → 6,
 *       every other → 0; traffic class 6 strict, 3 and 0 DWRR 50 %; ECN on traffic classes 0 and 3
 *       at 150 000 / 1 500 000 B, probability 100; in {@code lossless} and {@code
 *       lossless-single-ipool} also PFC on switch priority 3, rx and tx, cable length 100 m, on all
 *       ports. Settings beside it change only the keys they set (the page's "Change RoCE
 *       Configuration" sets just the moved priorities); a PFC profile's {@code switch-priority}
 *       replaces the profile's (that page moves lossless from 3 to 2 with one command).
 * </ul>
 *
 * The buffer pools {@code qos roce} sizes ({@code traffic-pool}) are NVUE's own, like the headroom
 * it derives from the cable length: not part of the plan Weft reads.
 */
final class NvueDefaults {

  /** A swp port's MTU when {@code interface <swp> link mtu} is not set. */
  static final int MTU = 9216;

  /** Trust when {@code qos mapping default-global trust} is not set and RoCE is off. */
  static final String TRUST = "l2";

  /** Trust {@code qos roce} applies: PCP for non-IP, DSCP for IP ({@code pcp,dscp}). */
  static final String ROCE_TRUST = "both";

  static final int WATCHDOG_POLL_MS = 100;
  static final int WATCHDOG_ROBUSTNESS = 3;

  static final long ECN_MIN_BYTES = 150_000;
  static final long ECN_MAX_BYTES = 1_500_000;
  static final int ECN_PROBABILITY = 100;

  /** The cable length {@code qos roce} lossless gives its PFC profile, in metres. */
  static final int ROCE_CABLE_LENGTH_M = 100;

  /** {@code qos roce mode} values that make RoCE lossless (PFC on priority 3). */
  private static final Set<String> LOSSLESS_MODES = Set.of("lossless", "lossless-single-ipool");

  private NvueDefaults() {}

  /** NVUE's built-in DSCP → switch priority map: d / 8. */
  static int dscpPriority(int dscp) {
    return dscp >> 3;
  }

  /**
   * The effective {@code qos} tree: the configured one with what NVUE applies where it is silent,
   * in the configuration's own JSON shape, so the reader reads both the same way.
   *
   * @param qos the {@code set} document's {@code qos} object (never modified)
   * @param reader for located errors
   */
  static Map<String, Object> effective(Map<String, Object> qos, Errors reader)
      throws ReadException {
    Map<String, Object> out = copy(qos);
    Object roce = out.remove("roce");
    String mode = roce == null ? null : roceMode(roce, reader);
    if (mode != null) {
      return overlay(roceProfile(LOSSLESS_MODES.contains(mode)), out, "");
    }
    Map<String, Object> cc = child(child(out, "congestion-control"), "default-global");
    if (isEmpty(cc.get("traffic-class"))) {
      cc.put("traffic-class", Map.of("0", ecn()));
    }
    Map<String, Object> sched = child(child(out, "egress-scheduler"), "default-global");
    if (isEmpty(sched.get("traffic-class"))) {
      Map<String, Object> tcs = new TreeMap<>();
      for (int tc = 0; tc < 8; tc++) {
        tcs.put(String.valueOf(tc), dwrr(tc % 2 == 0 ? 12 : 13));
      }
      sched.put("traffic-class", tcs);
    }
    return out;
  }

  /** The RoCE mode in force, or null when {@code qos roce enable off}. */
  private static String roceMode(Object roce, Errors reader) throws ReadException {
    if (!(roce instanceof Map<?, ?> r)) {
      throw reader.error("qos.roce", "expected an object, found " + roce);
    }
    Object enable = r.get("enable");
    if ("off".equals(enable) || "disable".equals(enable) || "disabled".equals(enable)) {
      return null;
    }
    Object mode = r.containsKey("mode") ? r.get("mode") : "lossless";
    if (LOSSLESS_MODES.contains(mode) || "lossy".equals(mode)) {
      return (String) mode;
    }
    throw reader.error(
        "qos.roce.mode",
        "expected lossless, lossless-single-ipool or lossy, found "
            + (mode instanceof String s ? "\"" + s + "\"" : String.valueOf(mode))
            + (("lossy-multi-tc").equals(mode)
                ? " (the packet-trimming profile's eight-class plan is not modelled)"
                : ""));
  }

  /** What {@code qos roce} sets, as an NVUE {@code qos} tree. */
  private static Map<String, Object> roceProfile(boolean lossless) {
    Map<String, Object> qos = new TreeMap<>();
    child(child(qos, "mapping"), "default-global").put("trust", ROCE_TRUST);
    Map<String, Object> sp = new TreeMap<>();
    for (int p = 0; p < 8; p++) {
      sp.put(String.valueOf(p), Map.of("traffic-class", (long) (p == 3 || p == 6 ? p : 0)));
    }
    child(child(qos, "egress-queue-mapping"), "default-global").put("switch-priority", sp);
    child(child(qos, "egress-scheduler"), "default-global")
        .put("traffic-class", Map.of("0", dwrr(50), "3", dwrr(50), "6", Map.of("mode", "strict")));
    child(child(qos, "congestion-control"), "default-global")
        .put("traffic-class", Map.of("0", ecn(), "3", ecn()));
    if (lossless) {
      Map<String, Object> pfc = child(child(qos, "pfc"), "default-global");
      pfc.put("switch-priority", Map.of("3", Map.of()));
      pfc.put("cable-length", (long) ROCE_CABLE_LENGTH_M);
      pfc.put("rx", "enable");
      pfc.put("tx", "enable");
    }
    return qos;
  }

  private static Map<String, Object> ecn() {
    return Map.of(
        "ecn",
        "enable",
        "red",
        "disable",
        "min-threshold",
        ECN_MIN_BYTES,
        "max-threshold",
        ECN_MAX_BYTES,
        "probability",
        (long) ECN_PROBABILITY);
  }

  private static Map<String, Object> dwrr(int percent) {
    return Map.of("mode", "dwrr", "bw-percent", (long) percent);
  }

  /**
   * {@code set} over {@code base}, key by key; a PFC profile's {@code switch-priority} set replaces
   * the base's, and a value that is not an object on either side is {@code set}'s.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> overlay(
      Map<String, Object> base, Map<String, Object> set, String path) {
    Map<String, Object> out = copy(base);
    for (Map.Entry<String, Object> e : set.entrySet()) {
      String at = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
      Object mine = out.get(e.getKey());
      boolean replaces = at.startsWith("pfc.") && at.endsWith(".switch-priority");
      if (!replaces && mine instanceof Map<?, ?> m && e.getValue() instanceof Map<?, ?> v) {
        out.put(e.getKey(), overlay((Map<String, Object>) m, (Map<String, Object>) v, at));
      } else {
        out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  /** A deep, mutable copy of the objects of {@code m} (lists and scalars are shared). */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> copy(Map<String, Object> m) {
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, v instanceof Map<?, ?> o ? copy((Map<String, Object>) o) : v));
    return out;
  }

  /** The object under {@code key} of a mutable tree, created when absent. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> child(Map<String, Object> parent, String key) {
    Object v = parent.get(key);
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> mine = copy((Map<String, Object>) m);
      parent.put(key, mine);
      return mine;
    }
    if (v != null) {
      return new LinkedHashMap<>(); // not an object: the reader reports it where it reads it
    }
    Map<String, Object> made = new LinkedHashMap<>();
    parent.put(key, made);
    return made;
  }

  private static boolean isEmpty(Object v) {
    return v == null || v instanceof Map<?, ?> m && m.isEmpty();
  }

  /** The reader's located error, so a bad {@code qos roce} reads like every other bad path. */
  interface Errors {
    ReadException error(String where, String message);
  }
}
