package dev.weft.platform.cumulus;

import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.ReadException;
import dev.weft.platform.Remediation;
import dev.weft.platform.Transaction;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The NVUE patch ({@code nv config patch FILE}: a revision file of {@code - unset:} and {@code -
 * set:} documents, the shape of {@code nv config show -o yaml}) that takes a Cumulus switch's
 * applied revision to Weft's rendered {@code startup.yaml}, in the values Weft owns:
 *
 * <ul>
 *   <li>a rendered value the switch lacks or holds otherwise is set, leaf by leaf (an empty object,
 *       such as a PFC profile's {@code switch-priority '3': {}}, is a leaf: a member of a set);
 *   <li>a member the switch has and Weft does not render is unset only inside the sets Weft owns
 *       whole ({@link #OWNED}): the DSCP map's code points, the queue mapping's priorities, the
 *       scheduler's and ECN's traffic classes and their attributes, the PFC profiles and their
 *       priorities, a managed port's {@code qos pfc} and {@code qos pfc-watchdog};
 *   <li>only values a drift feature compares are patched ({@link #part}): never the hostname, a
 *       port's type, description or speed (a speed change takes the link down), and nothing outside
 *       the trees Weft renders (routing, management, users).
 * </ul>
 *
 * Unsets come first, then sets, each in the order of the paths: the same inputs give the same
 * patch. A removed member is written with the value {@code null} under its parent in the {@code
 * unset} document.
 */
final class NvuePatch {

  /** The paths of members Weft owns the presence of ({@code *}: any one key). */
  private static final List<List<String>> OWNED =
      List.of(
          List.of("qos", "mapping", "default-global", "dscp", "*"),
          List.of("qos", "egress-queue-mapping", "default-global", "switch-priority", "*"),
          List.of("qos", "egress-scheduler", "default-global", "traffic-class", "*"),
          List.of("qos", "egress-scheduler", "default-global", "traffic-class", "*", "*"),
          List.of("qos", "congestion-control", "default-global", "traffic-class", "*"),
          List.of("qos", "congestion-control", "default-global", "traffic-class", "*", "*"),
          List.of("qos", "pfc", "*"),
          List.of("qos", "pfc", "*", "switch-priority", "*"),
          List.of("interface", "*", "qos", "pfc"),
          List.of("interface", "*", "qos", "pfc-watchdog"));

  private static final Pattern PLAIN_KEY = Pattern.compile("[a-z][a-z0-9-]*");

  private record Op(List<String> path, Object value, Remediation.Operation operation) {}

  private final List<Op> sets = new ArrayList<>();
  private final List<Op> unsets = new ArrayList<>();

  private NvuePatch() {}

  /**
   * @param rendered the rendered {@code startup.yaml}
   * @param running {@code nv config show -o json}
   * @param what names the running revision in messages
   */
  static Transaction.Change of(String rendered, String running, String what) throws ReadException {
    Object want = NvueConfigView.renderedSet(rendered, NvueConfigView.FILE);
    Object have;
    try {
      have = CumulusNvueReader.setDocument(Json.parse(running), what);
    } catch (JsonException e) {
      throw new ReadException(what + ":" + e.getMessage());
    }
    NvuePatch p = new NvuePatch();
    p.walk(asMap(want), asMap(have), List.of());
    return p.change();
  }

  private void walk(Map<String, Object> want, Map<String, Object> have, List<String> at) {
    TreeSet<String> keys = new TreeSet<>(want.keySet());
    keys.addAll(have.keySet());
    for (String k : keys) {
      List<String> path = append(at, k);
      Object w = want.get(k);
      Object h = have.get(k);
      if (!want.containsKey(k)) {
        if (owned(path)) {
          unsets.add(new Op(path, null, Remediation.Operation.REMOVE));
        } else if (h instanceof Map<?, ?> && !unmanagedPort(path)) {
          walk(Map.of(), asMap(h), path); // owned members below (a managed port's qos pfc)
        }
      } else if (w instanceof Map<?, ?> wm && !wm.isEmpty()) {
        walk(asMap(w), h instanceof Map<?, ?> ? asMap(h) : Map.of(), path);
      } else if (h == null) {
        sets.add(new Op(path, w, Remediation.Operation.ADD));
      } else if (!same(w, h)) {
        sets.add(new Op(path, w, Remediation.Operation.REPLACE));
      }
    }
  }

  private Transaction.Change change() {
    List<Remediation.Step> steps = new ArrayList<>();
    Map<String, Object> unset = new LinkedHashMap<>();
    Map<String, Object> set = new LinkedHashMap<>();
    for (Op o : unsets) {
      add(o, unset, steps);
    }
    for (Op o : sets) {
      add(o, set, steps);
    }
    if (steps.isEmpty()) {
      return new Transaction.Change(null, "nvue-patch", List.of());
    }
    StringBuilder text = new StringBuilder("# NVUE patch rendered by weft: nv config patch FILE\n");
    if (!unset.isEmpty()) {
      text.append("- unset:\n");
      yaml(unset, 4, text);
    }
    if (!set.isEmpty()) {
      text.append("- set:\n");
      yaml(set, 4, text);
    }
    return new Transaction.Change(text.toString(), "nvue-patch", steps);
  }

  private static void add(Op o, Map<String, Object> doc, List<Remediation.Step> steps) {
    DriftedPart part = part(o.path());
    if (part == null) {
      return;
    }
    Map<String, Object> node = doc;
    for (String s : o.path().subList(0, o.path().size() - 1)) {
      node = asMap(node.computeIfAbsent(s, x -> new LinkedHashMap<String, Object>()));
    }
    node.put(o.path().get(o.path().size() - 1), o.value());
    steps.add(new Remediation.Step(part, o.operation(), String.join(" ", o.path())));
  }

  /** The feature (and port) a path's value is about; null for what Weft never patches. */
  static DriftedPart part(List<String> path) {
    String top = path.get(0);
    if (top.equals("system")) {
      return path.size() > 2 && path.get(1).equals("forwarding") && path.get(2).equals("ecmp-hash")
          ? DriftedPart.switchWide(Feature.HASH)
          : null;
    }
    if (top.equals("qos") && path.size() > 1) {
      return switch (path.get(1)) {
        case "mapping", "egress-queue-mapping" -> DriftedPart.switchWide(Feature.CLASSIFICATION);
        case "egress-scheduler" -> DriftedPart.switchWide(Feature.SCHEDULER);
        case "congestion-control" -> DriftedPart.switchWide(Feature.ECN);
        case "pfc-watchdog" -> DriftedPart.switchWide(Feature.WATCHDOG);
        case "pfc" ->
            DriftedPart.switchWide(
                path.size() > 3 && path.get(3).equals("cable-length")
                    ? Feature.BUFFERS
                    : Feature.PFC);
        default -> null;
      };
    }
    if (top.equals("interface") && path.size() > 3) {
      String port = path.get(1);
      List<String> rest = path.subList(2, path.size());
      if (rest.equals(List.of("link", "mtu"))) {
        return new DriftedPart(Feature.MTU, port);
      }
      if (rest.get(0).equals("qos") && rest.get(1).equals("pfc")) {
        return new DriftedPart(Feature.PFC, port);
      }
      if (rest.get(0).equals("qos") && rest.get(1).equals("pfc-watchdog")) {
        return new DriftedPart(Feature.WATCHDOG, port);
      }
      if (rest.get(0).equals("lldp") && rest.get(1).startsWith("dcbx-")) {
        // the DCBX TLVs a willing NIC takes its PFC from: drift compares them switch-wide
        return DriftedPart.switchWide(Feature.PFC);
      }
    }
    return null;
  }

  /** An interface the rendered file does not have: Weft never changes it. */
  private static boolean unmanagedPort(List<String> path) {
    return path.size() == 2 && path.get(0).equals("interface");
  }

  private static boolean owned(List<String> path) {
    for (List<String> pattern : OWNED) {
      if (pattern.size() != path.size()) {
        continue;
      }
      boolean match = true;
      for (int i = 0; i < path.size() && match; i++) {
        match = pattern.get(i).equals("*") || pattern.get(i).equals(path.get(i));
      }
      if (match) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether two leaves are the same value: numbers by value (NVUE prints some as strings), a set
   * member ({@code {}}) is there whatever the switch keeps under it.
   */
  private static boolean same(Object want, Object have) {
    if (want instanceof Map<?, ?>) {
      return have instanceof Map<?, ?>;
    }
    String w = String.valueOf(want);
    String h = String.valueOf(have);
    if (w.equals(h)) {
      return true;
    }
    try {
      return new BigDecimal(w).compareTo(new BigDecimal(h)) == 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /**
   * Block YAML, indented as the rendered {@code startup.yaml}: keys plain when they are NVUE words,
   * else quoted; strings single-quoted.
   */
  private static void yaml(Map<String, Object> map, int indent, StringBuilder out) {
    for (Map.Entry<String, Object> e : map.entrySet()) {
      out.append(" ".repeat(indent)).append(scalar(e.getKey(), true)).append(':');
      Object v = e.getValue();
      if (v instanceof Map<?, ?> m && !m.isEmpty()) {
        out.append('\n');
        yaml(asMap(v), indent + 2, out);
      } else {
        out.append(' ').append(v instanceof Map<?, ?> ? "{}" : scalar(v, false)).append('\n');
      }
    }
  }

  private static String scalar(Object v, boolean key) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Number || v instanceof Boolean) {
      return v.toString();
    }
    String s = v.toString();
    if (key && PLAIN_KEY.matcher(s).matches()) {
      return s;
    }
    return "'" + s.replace("'", "''") + "'";
  }

  private static List<String> append(List<String> at, String k) {
    List<String> out = new ArrayList<>(at);
    out.add(k);
    return List.copyOf(out);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Object o) {
    return o instanceof Map<?, ?> ? (Map<String, Object>) o : Map.of();
  }
}
