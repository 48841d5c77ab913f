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
 * (PCP) map ({@code qos map cos 3 to traffic-class 3}) where some port trusts CoS, and the ECMP
 * hash fields in both families' forms ({@link EosHash}). Lines it does not know are another
 * feature's and are skipped; a known command with a value out of range is a {@link ReadException}
 * naming the line.
 */
final class EosCliReader {

  /** What the CLI holds of the plan. */
  record Facts(
      Map<Integer, Integer> dscpToPriority,
      List<Integer> priorityToQueue,
      Map<String, Boolean> trust,
      List<String> hashFields,
      List<Integer> pcpToPriority) {}

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

  private EosCliReader(String what) {
    this.what = what;
  }

  /** The facts of every output (each a {@code show running-config section} text), together. */
  static Facts read(Map<String, String> outputs, String what) throws ReadException {
    EosCliReader r = new EosCliReader(what);
    for (Map.Entry<String, String> o : outputs.entrySet()) {
      r.section(o.getKey(), o.getValue());
    }
    return r.facts();
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
        cosTrusted ? List.of(cos) : List.of());
  }

  /** One command's output: blocks of a top-level line and its indented lines. */
  private void section(String command, String text) throws ReadException {
    String[] top = null; // the enclosing top-level command's words
    String[] mid = null; // the enclosing second-level command's words (a Sand profile)
    int n = 0;
    for (String raw : text.split("\n", -1)) {
      n++;
      String line = raw.stripTrailing();
      String t = line.strip();
      if (t.isEmpty() || t.startsWith("!")) {
        continue;
      }
      String[] w = t.split("\\s+");
      int indent = line.length() - line.stripLeading().length();
      Line at = new Line(command, n, t);
      if (indent == 0) {
        top = w;
        mid = null;
        topLevel(w, at);
      } else if (top != null && indent <= 3) {
        mid = w;
        nested(top, w, at);
      } else if (top != null && mid != null) {
        sandField(top, mid, w, at);
      }
    }
  }

  private record Line(String command, int number, String text) {
    String where() {
      return "`" + command + "` line " + number + " (" + text + ")";
    }
  }

  private void topLevel(String[] w, Line at) throws ReadException {
    if (starts(w, "qos", "map", "dscp") && w.length >= 7 && w[w.length - 3].equals("to")) {
      // qos map dscp D... to traffic-class N
      int tc = number(w[w.length - 1], 0, 7, at);
      for (int i = 3; i < w.length - 3; i++) {
        dscp.put(number(w[i], 0, 63, at), tc);
      }
    } else if (starts(w, "qos", "map", "cos") && w.length >= 7 && w[w.length - 3].equals("to")) {
      // qos map cos C... to traffic-class N
      int tc = number(w[w.length - 1], 0, 7, at);
      for (int i = 3; i < w.length - 3; i++) {
        cos[number(w[i], 0, 7, at)] = tc;
      }
    } else if (starts(w, "qos", "map", "traffic-class") && w.length == 7) {
      // qos map traffic-class N to tx-queue Q
      toQueue[number(w[3], 0, 7, at)] = number(w[6], 0, 7, at);
    } else if (starts(w, "ip", "load-sharing", "trident", "fields") && w.length >= 5) {
      fields(false, w[4], Arrays.copyOfRange(w, 5, w.length));
    }
  }

  private void nested(String[] top, String[] w, Line at) {
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
      }
    }
  }

  /** {@code fields ipv4|ipv6|l4 [outer] ...} of the default Sand profile. */
  private void sandField(String[] top, String[] mid, String[] w, Line at) {
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
    if (w.length < words.length) {
      return false;
    }
    for (int i = 0; i < words.length; i++) {
      if (!w[i].equals(words[i])) {
        return false;
      }
    }
    return true;
  }

  private int number(String s, int min, int max, Line at) throws ReadException {
    int v;
    try {
      v = s.length() > 3 ? Integer.MAX_VALUE : Integer.parseInt(s);
    } catch (NumberFormatException e) {
      throw new ReadException(
          what
              + ": "
              + at.where()
              + ": expected a number "
              + min
              + ".."
              + max
              + ", found '"
              + s
              + "'",
          at.where());
    }
    if (v < min || v > max) {
      throw new ReadException(
          what + ": " + at.where() + ": " + s + " is out of range " + min + ".." + max, at.where());
    }
    return v;
  }
}
