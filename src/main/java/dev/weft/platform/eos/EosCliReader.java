package dev.weft.platform.eos;

import dev.weft.platform.ReadException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads what EOS serves only over its CLI from {@code show running-config section ...} output (the
 * running-config's own text, sections as EOS prints them: a top-level command with its indented
 * sub-commands): the DSCP map ({@code qos map dscp 26 to traffic-class 3}), traffic class to
 * tx-queue ({@code qos map traffic-class 3 to tx-queue 3}), DSCP trust per port ({@code qos trust
 * dscp} on the interface or in the {@code qos profile} its {@code service-profile} names), the CoS
 * (PCP) map ({@code qos map cos 3 to traffic-class 3}) where some port trusts CoS, the ECMP hash
 * fields in both families' forms ({@link EosHash}) and the DCBX mode of each interface ({@code dcbx
 * mode ieee}; {@code no dcbx mode}, {@code default dcbx mode} or {@code dcbx mode none}: off, EOS's
 * default, which its running-config leaves out). Lines it does not know are another feature's and
 * are skipped; a known command with a value out of range is a {@link ReadException} naming the line
 * and column.
 *
 * <p>The one parser of EOS running-config text: a whole running-config ({@link #readWhole}, for
 * {@link EosTextReader}) is walked the same way, with the rest of the QoS plan (PFC, tx-queues, the
 * watchdog, interfaces) read by {@link EosQosLines} on the same lines.
 */
final class EosCliReader {

  /** What the CLI holds of the plan. */
  record Facts(
      Map<Integer, Integer> dscpToPriority,
      List<Integer> priorityToQueue,
      Map<String, Boolean> trust,
      List<String> hashFields,
      List<Integer> pcpToPriority,
      String dcbx) {}

  private final String what;
  private final Map<Integer, Integer> dscp = new TreeMap<>();
  private final Integer[] toQueue = {0, 1, 2, 3, 4, 5, 6, 7};
  private final TreeSet<String> trustedProfiles = new TreeSet<>();
  // Weft renders all eight CoS values; one the running-config leaves out reads as its own value
  private final Integer[] cos = {0, 1, 2, 3, 4, 5, 6, 7};
  private boolean cosTrusted;
  private final Map<String, Boolean> ownTrust = new TreeMap<>();
  private final Map<String, String> boundProfile = new TreeMap<>();
  private final TreeSet<String> hash = new TreeSet<>();
  // each interface's own dcbx mode line, as Weft names it (ieee, off, or EOS's word)
  private final Map<String, String> dcbxMode = new TreeMap<>();
  // the rest of the QoS plan, read only for a whole running-config (null for the CLI audit's
  // sections, which judge classification and the hash alone)
  private final EosQosLines plan;

  // whether an interface without a dcbx line is off: in what the switch prints (its running-config,
  // the dcbx section Weft asks for where it manages DCBX), which leaves EOS's default out; in
  // Weft's
  // own fragment no line at all means Weft did not render DCBX
  private final boolean printedBySwitch;

  private EosCliReader(String what, boolean wholePlan, boolean printedBySwitch) {
    this.what = what;
    this.plan = wholePlan ? new EosQosLines() : null;
    this.printedBySwitch = printedBySwitch;
  }

  /**
   * The facts of every output (each a {@code show running-config section} text, or the whole
   * running-config), together.
   */
  static Facts read(Map<String, String> outputs, String what) throws ReadException {
    EosCliReader r =
        new EosCliReader(
            what, false, outputs.containsKey(EosCli.DCBX) || outputs.containsKey(EosCli.RUNNING));
    for (Map.Entry<String, String> o : outputs.entrySet()) {
      r.section(o.getKey(), o.getValue());
    }
    return r.facts();
  }

  /** A whole running-config's classification facts and the rest of its QoS plan. */
  record Config(Facts facts, EosQosLines plan, Map<String, String> boundProfiles) {}

  /**
   * A whole running-config text ({@code show running-config}, a backup of it, Weft's fragment);
   * {@code printedBySwitch} when the switch printed it (its {@code ! Command: show running-config}
   * header).
   */
  static Config readWhole(String text, String what, boolean printedBySwitch) throws ReadException {
    EosCliReader r = new EosCliReader(what, true, printedBySwitch);
    r.section(null, text);
    return new Config(r.facts(), r.plan, Map.copyOf(r.boundProfile));
  }

  private Facts facts() {
    Map<String, Boolean> trust = new TreeMap<>();
    TreeSet<String> ports = new TreeSet<>(ownTrust.keySet());
    ports.addAll(boundProfile.keySet());
    for (String p : ports) {
      Boolean own = ownTrust.get(p);
      trust.put(p, own != null ? own : trustedProfiles.contains(boundProfile.get(p)));
    }
    return new Facts(
        Map.copyOf(dscp),
        List.of(toQueue),
        Map.copyOf(trust),
        List.copyOf(hash),
        cosTrusted ? List.of(cos) : List.of(),
        dcbx());
  }

  /**
   * What the ports Weft renders advertise of DCBX: the one mode of every interface bound to a
   * {@code service-profile} or with a dcbx line ({@code ieee}, {@code off}), or {@code mixed} when
   * they differ; null without such an interface, and in a text the switch did not print without any
   * dcbx line (Weft did not render DCBX). An interface without a dcbx line is off: EOS's default,
   * which {@code show running-config} does not print. Other interfaces (every physical port is
   * listed in a running-config) are not the plan's.
   */
  private String dcbx() {
    if (dcbxMode.isEmpty() && !printedBySwitch) {
      return null;
    }
    TreeSet<String> ports = new TreeSet<>(boundProfile.keySet());
    ports.addAll(dcbxMode.keySet());
    TreeSet<String> modes = new TreeSet<>();
    ports.forEach(p -> modes.add(dcbxMode.getOrDefault(p, "off")));
    return modes.isEmpty() ? null : modes.size() == 1 ? modes.first() : "mixed";
  }

  /**
   * One command's output (null: a whole file): blocks of a top-level line and its indented lines
   * (EOS indents each level by three spaces).
   */
  private void section(String command, String text) throws ReadException {
    String[] top = null; // the enclosing top-level command's words
    String[] mid = null; // the enclosing second-level command's words (a Sand profile, a tx-queue)
    int n = 0;
    for (String raw : text.split("\n", -1)) {
      n++;
      String line = raw.stripTrailing();
      String t = line.strip();
      if (t.isEmpty() || t.startsWith("!")) {
        continue;
      }
      EosLine at = new EosLine(what, command, n, line);
      String[] w = at.words();
      int indent = line.length() - line.stripLeading().length();
      if (indent == 0) {
        top = w;
        mid = null;
        topLevel(w, at);
      } else if (top != null && indent <= 3) {
        mid = w;
        nested(top, w, at);
      } else if (top != null && mid != null) {
        sandField(top, mid, w);
        if (plan != null) {
          plan.deep(top, mid, w, at);
        }
      }
    }
  }

  private void topLevel(String[] w, EosLine at) throws ReadException {
    if (starts(w, "qos", "map", "dscp")) {
      // qos map dscp D... to traffic-class N [drop-precedence P]
      int to = to(w, at, "traffic-class");
      int tc = at.integer(to + 2, 0, 7);
      for (int i = 3; i < to; i++) {
        dscp.put(at.integer(i, 0, 63), tc);
      }
    } else if (starts(w, "qos", "map", "cos")) {
      // qos map cos C... to traffic-class N
      int to = to(w, at, "traffic-class");
      int tc = at.integer(to + 2, 0, 7);
      for (int i = 3; i < to; i++) {
        cos[at.integer(i, 0, 7)] = tc;
      }
    } else if (starts(w, "qos", "map", "traffic-class")) {
      // qos map traffic-class N... to tx-queue Q (to dscp and to cos rewrite: not the plan's)
      int to = Arrays.asList(w).indexOf("to");
      if (to > 3 && to + 2 < w.length && w[to + 1].equals("tx-queue")) {
        int queue = at.integer(to + 2, 0, 7);
        for (int i = 3; i < to; i++) {
          toQueue[at.integer(i, 0, 7)] = queue;
        }
      }
    } else if (starts(w, "ip", "load-sharing", "trident", "fields") && w.length >= 5) {
      fields(false, w[4], Arrays.copyOfRange(w, 5, w.length));
    } else if (plan != null) {
      plan.topLevel(w, at);
    }
  }

  /**
   * Where {@code to} stands in {@code qos map KIND V... to TARGET N}: at least one value before it
   * and {@code TARGET N} after it, else the line is refused.
   */
  private static int to(String[] w, EosLine at, String target) throws ReadException {
    int to = Arrays.asList(w).indexOf("to");
    if (to < 4 || to + 2 >= w.length || !w[to + 1].equals(target)) {
      throw at.error(
          to < 0 ? w.length : to,
          "expected " + String.join(" ", Arrays.copyOf(w, 3)) + " V... to " + target + " N");
    }
    return to;
  }

  private void nested(String[] top, String[] w, EosLine at) throws ReadException {
    cosTrusted |= starts(w, "qos", "trust", "cos");
    if (starts(top, "qos", "profile") && top.length == 3 && starts(w, "qos", "trust", "dscp")) {
      trustedProfiles.add(top[2]);
    } else if (starts(top, "interface") && top.length == 2) {
      if (starts(w, "qos", "trust")) {
        ownTrust.put(top[1], w.length == 3 && w[2].equals("dscp"));
      } else if (starts(w, "no", "qos", "trust")) {
        ownTrust.put(top[1], false);
      } else if (starts(w, "service-profile") && w.length == 2) {
        boundProfile.put(top[1], w[1]);
      } else if (starts(w, "dcbx", "mode")) {
        if (w.length != 3) {
          throw at.error(Math.min(w.length, 2), "expected dcbx mode ieee|none");
        }
        dcbxMode.put(top[1], w[2].equals("none") ? "off" : w[2]);
      } else if (w.length == 3
          && (starts(w, "no", "dcbx", "mode") || starts(w, "default", "dcbx", "mode"))) {
        dcbxMode.put(top[1], "off");
      }
    }
    if (plan != null) {
      plan.nested(top, w, at);
    }
  }

  /** {@code fields ipv4|ipv6|l4 [outer] ...} of the default Sand profile. */
  private void sandField(String[] top, String[] mid, String[] w) {
    if (starts(top, "load-balance", "policies")
        && starts(mid, "load-balance", "sand", "profile", "default")
        && starts(w, "fields")
        && w.length >= 2) {
      int from = w.length > 2 && (w[2].equals("outer") || w[2].equals("inner")) ? 3 : 2;
      if (from == 3 && w[2].equals("inner")) {
        return; // tunnelled traffic's inner header: not the plan's hash
      }
      fields(true, w[1], Arrays.copyOfRange(w, from, w.length));
    }
  }

  private void fields(boolean sand, String group, String[] names) {
    for (String name : names) {
      String field = EosHash.intentName(sand, group, name);
      if (field != null) {
        hash.add(field);
      }
    }
  }

  private static boolean starts(String[] w, String... words) {
    return EosQosLines.starts(w, words);
  }
}
