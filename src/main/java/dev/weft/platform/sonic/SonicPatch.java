package dev.weft.platform.sonic;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.PatchRemediation;
import dev.weft.platform.PatchRemediation.Op;
import dev.weft.platform.ReadException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The RFC 6902 patch from a SONiC switch's running CONFIG_DB to Weft's rendered {@code
 * config_db.json}, in the tables Weft owns. Weft's file is a fragment {@code config load} merges
 * onto factory state, so the patch says per table how the rendered entries are laid on the running
 * ones ({@link #TABLES}):
 *
 * <ul>
 *   <li><b>whole</b> entries (the QoS maps, SCHEDULER, WRED_PROFILE, BUFFER_PROFILE, BUFFER_PG,
 *       QUEUE, PORT_QOS_MAP): the entry becomes exactly the rendered one: a field the switch has
 *       and Weft does not render goes (PFC on a port the intent leaves lossy, an extra DSCP in the
 *       map);
 *   <li><b>merged</b> entries (PORT, CABLE_LENGTH, BUFFER_POOL, PFC_WD, SWITCH_HASH): the rendered
 *       fields are added or replaced and the switch's others stay (a port's fec, the cable lengths
 *       of ports Weft does not manage, {@code lag_hash});
 *   <li>PORT carries only {@code mtu}: Weft never changes a port's speed, lanes or admin state (a
 *       speed change takes the link down; a missing port needs hands), and never creates a port;
 *   <li>DEVICE_METADATA is never patched: the buffer model, hostname and HWSKU are the box's, and a
 *       change of buffer model needs a {@code config reload}.
 * </ul>
 *
 * Entries the patch removes: in BUFFER_PG and QUEUE, an entry of a port Weft renders whose index
 * range overlaps a rendered entry of that port and is not it (the factory {@code
 * BUFFER_PG|Ethernet0|3-4} beside Weft's {@code |3}); in PFC_WD, the entry of a port Weft renders
 * without a watchdog. Every other entry, and every table Weft does not render (LOOPBACK_INTERFACE,
 * BUFFER_QUEUE, the lossy {@code |0} PG...), is never touched. Operations come in table order, then
 * removals, then entries by key, then fields by name: the same inputs give the same patch.
 */
final class SonicPatch {

  /**
   * How one owned table is patched.
   *
   * @param whole the rendered entry replaces the running one's fields (else merged onto them)
   * @param fields the fields patched, or null for every rendered one
   * @param creates whether an entry the switch lacks is added
   * @param overlapRemoved whether keys {@code <port>|<range>} overlapping a rendered one go
   * @param unrenderedPortRemoved whether the entry of a rendered port the file lacks goes
   * @param feature the feature an operation is about, by field (null: the entry as a whole)
   * @param port the port of an entry (by key, and field for CABLE_LENGTH), or null switch-wide
   */
  record Table(
      boolean whole,
      Set<String> fields,
      boolean creates,
      boolean overlapRemoved,
      boolean unrenderedPortRemoved,
      Function<String, Feature> feature,
      PortOf port) {}

  /** The port an operation is about, from the entry's key and field. */
  @FunctionalInterface
  interface PortOf {
    String of(String key, String field);
  }

  private static final PortOf NONE = (key, field) -> null;
  private static final PortOf BY_KEY =
      (key, field) -> key.contains("|") ? key.substring(0, key.indexOf('|')) : key;

  private static Function<String, Feature> only(Feature f) {
    return field -> f;
  }

  /** The tables Weft owns and how each is patched. */
  static final Map<String, Table> TABLES = tables();

  private static Map<String, Table> tables() {
    Map<String, Table> t = new TreeMap<>();
    Table map = new Table(true, null, true, false, false, only(Feature.CLASSIFICATION), NONE);
    t.put("DOT1P_TO_TC_MAP", map);
    t.put("DSCP_TO_TC_MAP", map);
    t.put("TC_TO_QUEUE_MAP", map);
    t.put("TC_TO_PRIORITY_GROUP_MAP", map);
    t.put(
        "MAP_PFC_PRIORITY_TO_QUEUE",
        new Table(true, null, true, false, false, only(Feature.PFC), NONE));
    t.put(
        "PORT_QOS_MAP",
        new Table(
            true,
            null,
            true,
            false,
            false,
            field ->
                switch (field == null ? "" : field) {
                  case "pfc_enable", "pfc_to_queue_map" -> Feature.PFC;
                  case "pfcwd_sw_enable" -> Feature.WATCHDOG;
                  default -> Feature.CLASSIFICATION;
                },
            BY_KEY));
    t.put("SCHEDULER", new Table(true, null, true, false, false, only(Feature.SCHEDULER), NONE));
    t.put(
        "QUEUE",
        new Table(
            true,
            null,
            true,
            true,
            false,
            field -> "wred_profile".equals(field) ? Feature.ECN : Feature.SCHEDULER,
            BY_KEY));
    t.put("WRED_PROFILE", new Table(true, null, true, false, false, only(Feature.ECN), NONE));
    t.put("BUFFER_POOL", new Table(false, null, true, false, false, only(Feature.BUFFERS), NONE));
    t.put("BUFFER_PROFILE", new Table(true, null, true, false, false, only(Feature.BUFFERS), NONE));
    t.put("BUFFER_PG", new Table(true, null, true, true, false, only(Feature.BUFFERS), BY_KEY));
    t.put(
        "CABLE_LENGTH",
        new Table(false, null, true, false, false, only(Feature.BUFFERS), (key, field) -> field));
    t.put(
        "PFC_WD",
        new Table(
            false,
            null,
            true,
            false,
            true,
            only(Feature.WATCHDOG),
            (key, field) -> "GLOBAL".equals(key) ? null : key));
    t.put("SWITCH_HASH", new Table(false, null, true, false, false, only(Feature.HASH), NONE));
    t.put("PORT", new Table(false, Set.of("mtu"), false, false, false, only(Feature.MTU), BY_KEY));
    return java.util.Collections.unmodifiableMap(t);
  }

  private SonicPatch() {}

  /**
   * @param intended the switch (its ports are the ones Weft manages)
   * @param rendered Weft's config_db.json for it
   * @param running {@code show runningconfiguration all}
   * @param what names the running config in messages
   */
  static PatchRemediation.Patch of(
      CompiledSwitch intended, String rendered, String running, String what) throws ReadException {
    Map<String, Object> want = tables(rendered, "config_db.json");
    Map<String, Object> have = tables(running, what);
    Set<String> ports = new TreeSet<>();
    for (CompiledPort p : intended.ports()) {
      ports.add(p.name());
    }
    List<Op> ops = new ArrayList<>();
    for (Map.Entry<String, Table> e : TABLES.entrySet()) {
      String table = e.getKey();
      Map<String, Object> wanted = object(want.get(table), table, "config_db.json");
      if (wanted == null) {
        continue;
      }
      Map<String, Object> had = object(have.get(table), table, what);
      table(table, e.getValue(), wanted, had, ports, ops);
    }
    return new PatchRemediation.Patch(ops);
  }

  private static void table(
      String table,
      Table spec,
      Map<String, Object> wanted,
      Map<String, Object> had,
      Set<String> ports,
      List<Op> ops)
      throws ReadException {
    if (had == null) {
      if (spec.creates() && !wanted.isEmpty()) {
        Map<String, Object> value = new TreeMap<>();
        for (Map.Entry<String, Object> w : wanted.entrySet()) {
          value.put(w.getKey(), fieldsOf(spec, w.getValue(), table, w.getKey()));
        }
        ops.add(
            new Op(
                "add",
                PatchRemediation.pointer(table),
                value,
                DriftedPart.switchWide(spec.feature().apply(null))));
      }
      return;
    }
    for (String key : new TreeSet<>(had.keySet())) {
      if (wanted.containsKey(key)) {
        continue;
      }
      String port = BY_KEY.of(key, null);
      boolean removed =
          spec.overlapRemoved() && ports.contains(port) && overlapsRendered(key, wanted.keySet())
              || spec.unrenderedPortRemoved() && ports.contains(key);
      if (removed) {
        ops.add(
            new Op(
                "remove",
                PatchRemediation.pointer(table, key),
                null,
                part(spec, spec.feature().apply(null), key, null)));
      }
    }
    for (String key : new TreeSet<>(wanted.keySet())) {
      Map<String, Object> w = fieldsOf(spec, wanted.get(key), table, key);
      Object current = had.get(key);
      if (current == null) {
        if (spec.creates() && !w.isEmpty()) {
          ops.add(
              new Op(
                  "add",
                  PatchRemediation.pointer(table, key),
                  w,
                  part(spec, spec.feature().apply(null), key, null)));
        }
        continue;
      }
      Map<String, Object> h = object(current, table + "|" + key, "the running config");
      if (spec.whole()) {
        for (String field : new TreeSet<>(h.keySet())) {
          if (!w.containsKey(field)) {
            ops.add(
                new Op(
                    "remove",
                    PatchRemediation.pointer(table, key, field),
                    null,
                    part(spec, spec.feature().apply(field), key, field)));
          }
        }
      }
      for (String field : new TreeSet<>(w.keySet())) {
        Object value = w.get(field);
        if (!h.containsKey(field)) {
          ops.add(
              new Op(
                  "add",
                  PatchRemediation.pointer(table, key, field),
                  value,
                  part(spec, spec.feature().apply(field), key, field)));
        } else if (!value.equals(h.get(field))) {
          ops.add(
              new Op(
                  "replace",
                  PatchRemediation.pointer(table, key, field),
                  value,
                  part(spec, spec.feature().apply(field), key, field)));
        }
      }
    }
  }

  private static DriftedPart part(Table spec, Feature feature, String key, String field) {
    return new DriftedPart(feature, spec.port().of(key, field));
  }

  /** The rendered entry's fields this table patches. */
  private static Map<String, Object> fieldsOf(Table spec, Object entry, String table, String key)
      throws ReadException {
    Map<String, Object> all = object(entry, table + "|" + key, "config_db.json");
    Map<String, Object> out = new TreeMap<>();
    for (Map.Entry<String, Object> f : all.entrySet()) {
      if (spec.fields() == null || spec.fields().contains(f.getKey())) {
        out.put(f.getKey(), f.getValue());
      }
    }
    return out;
  }

  /**
   * Whether {@code key} ({@code <port>|<n>} or {@code <port>|<n>-<m>}) overlaps, without being, a
   * rendered key of the same port.
   */
  static boolean overlapsRendered(String key, Set<String> rendered) {
    int[] range = range(key);
    if (range == null) {
      return false;
    }
    String port = key.substring(0, key.indexOf('|'));
    for (String r : rendered) {
      int[] other = range(r);
      if (other != null
          && r.substring(0, r.indexOf('|')).equals(port)
          && range[0] <= other[1]
          && other[0] <= range[1]) {
        return true;
      }
    }
    return false;
  }

  /** {@code [n, m]} of a key {@code <port>|<n>[-<m>]}, or null when it is not one. */
  private static int[] range(String key) {
    int bar = key.lastIndexOf('|');
    if (bar < 0) {
      return null;
    }
    String r = key.substring(bar + 1);
    if (!r.matches("[0-9]{1,4}(-[0-9]{1,4})?")) {
      return null;
    }
    int dash = r.indexOf('-');
    int lo = Integer.parseInt(dash < 0 ? r : r.substring(0, dash));
    int hi = dash < 0 ? lo : Integer.parseInt(r.substring(dash + 1));
    return new int[] {Math.min(lo, hi), Math.max(lo, hi)};
  }

  private static Map<String, Object> tables(String text, String what) throws ReadException {
    Object root;
    try {
      root = Json.parse(text);
    } catch (JsonException e) {
      throw new ReadException(what + ":" + e.getMessage());
    }
    if (!(root instanceof Map<?, ?>)) {
      throw new ReadException(what + ":1:1: expected a JSON object of tables");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> m = (Map<String, Object>) root;
    return m;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Object value, String name, String what)
      throws ReadException {
    if (value == null) {
      return null;
    }
    if (!(value instanceof Map<?, ?>)) {
      throw new ReadException(what + ": " + name + " is not a JSON object");
    }
    return new LinkedHashMap<>((Map<String, Object>) value);
  }
}
