package dev.weft.platform.sonic;

import dev.weft.json.Json;
import dev.weft.platform.sonic.SonicYangSchema.Container;
import dev.weft.platform.sonic.SonicYangSchema.Encoding;
import dev.weft.platform.sonic.SonicYangSchema.Leaf;
import dev.weft.platform.sonic.SonicYangSchema.Node;
import dev.weft.platform.sonic.SonicYangSchema.Table;
import dev.weft.platform.sonic.SonicYangSchema.YList;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * CONFIG_DB JSON → YANG instance data, as SONiC's {@code sonic-yang-mgmt} ({@code
 * sonic_yang_ext.py}, {@code _xlateConfigDBtoYang}) translates it before libyang validates a config
 * ({@code config apply-patch}, {@code config load} with YANG validation on, the Generic Config
 * Updater):
 *
 * <ul>
 *   <li>each table goes under {@code <module>:<module>/<module>:<TABLE>}; tables no loaded module
 *       models are cropped and listed ({@link Result#withoutYang()}), as SONiC does;
 *   <li>a table key is split on {@code |} into the list's key leaves in the order of the list's
 *       {@code key} statement; a table container with several lists gives each key to the first
 *       list whose key count matches;
 *   <li>the map tables (DSCP_TO_TC_MAP and the others of {@code Type_1_list_maps_model}) become a
 *       list of maps, each with an inner list of (key, value) entries;
 *   <li>leaf-lists are JSON arrays, except the few fields SONiC stores as separated strings ({@code
 *       LEAF_LIST_WITH_STRING_VALUE_DICT});
 *   <li>a field no leaf models, or a key with the wrong number of parts, is a problem (SONiC: "All
 *       Keys are not parsed").
 * </ul>
 *
 * Values are written in RFC 7951 JSON (32-bit integers as numbers, 64-bit and decimal as strings,
 * booleans as true/false). SONiC's libyang 3 binding parses with {@code json_string_datatypes} and
 * accepts CONFIG_DB's strings as they are; the Debian yanglint (libyang 2) the tests use needs the
 * typed form, which says the same thing.
 */
public final class ConfigDbToYang {

  /** sonic_yang_ext.py {@code Type_1_list_maps_model}. */
  static final Set<String> MAP_LISTS =
      Set.of(
          "DSCP_TO_TC_MAP_LIST",
          "DOT1P_TO_TC_MAP_LIST",
          "TC_TO_PRIORITY_GROUP_MAP_LIST",
          "TC_TO_QUEUE_MAP_LIST",
          "MAP_PFC_PRIORITY_TO_QUEUE_LIST",
          "PFC_PRIORITY_TO_PRIORITY_GROUP_MAP_LIST",
          "DSCP_TO_FC_MAP_LIST",
          "EXP_TO_FC_MAP_LIST",
          "CABLE_LENGTH_LIST",
          "MPLS_TC_TO_TC_MAP_LIST",
          "TC_TO_DSCP_MAP_LIST");

  /** sonic_yang_ext.py {@code LEAF_LIST_WITH_STRING_VALUE_DICT}: (table, field) → separator. */
  static final Map<String, String> STRING_LEAF_LISTS =
      Map.of(
          "MIRROR_SESSION|src_ip",
          ",",
          "NTP|src_intf",
          ";",
          "BGP_ALLOWED_PREFIXES|prefixes_v4",
          ",",
          "BGP_ALLOWED_PREFIXES|prefixes_v6",
          ",",
          "BUFFER_PORT_EGRESS_PROFILE_LIST|profile_list",
          ",",
          "BUFFER_PORT_INGRESS_PROFILE_LIST|profile_list",
          ",",
          "PORT|adv_speeds",
          ",",
          "PORT|adv_interface_types",
          ",");

  private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

  /**
   * @param json the YANG instance data (RFC 7951 JSON), canonical
   * @param problems why parts could not be translated (each names table, key and field); empty when
   *     all were
   * @param withoutYang tables no loaded module models (cropped, as SONiC does)
   */
  public record Result(String json, List<String> problems, List<String> withoutYang) {
    public Result {
      problems = List.copyOf(problems);
      withoutYang = List.copyOf(withoutYang);
    }
  }

  private final SonicYangSchema schema;
  private final List<String> problems = new ArrayList<>();

  private ConfigDbToYang(SonicYangSchema schema) {
    this.schema = schema;
  }

  /** Translates a parsed config_db.json (an object of tables). */
  static Result translate(Map<String, Object> configDb, SonicYangSchema schema) {
    ConfigDbToYang t = new ConfigDbToYang(schema);
    Map<String, Object> out = new LinkedHashMap<>();
    Set<String> without = new TreeSet<>();
    for (Map.Entry<String, Object> e : configDb.entrySet()) {
      String tableName = e.getKey();
      Table table = schema.table(tableName);
      if (table == null) {
        without.add(tableName);
        continue;
      }
      if (!(e.getValue() instanceof Map<?, ?> content)) {
        t.problems.add(tableName + ": expected an object of keys, found " + kind(e.getValue()));
        continue;
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> moduleTop =
          (Map<String, Object>)
              out.computeIfAbsent(
                  table.module() + ":" + table.module(), k -> new LinkedHashMap<String, Object>());
      moduleTop.put(
          table.module() + ":" + tableName,
          t.container(table.container(), cast(content), tableName));
    }
    return new Result(Json.write(out), t.problems, List.copyOf(without));
  }

  private Map<String, Object> container(Container model, Map<String, Object> config, String where) {
    Map<String, Object> yang = new LinkedHashMap<>();
    Map<String, Object> left = new LinkedHashMap<>(config);
    List<YList> lists = new ArrayList<>();
    for (Node n : model.children()) {
      if (n instanceof YList l) {
        lists.add(l);
      }
    }
    // A key one list cannot take may suit the next (sonic-yang-mgmt tries every list); only a key
    // no list
    // takes is a problem, reported with what the lists that tried it found.
    Map<String, List<String>> failures = new LinkedHashMap<>();
    boolean single = lists.size() == 1;
    for (YList list : lists) {
      if (single && !list.name().equals(model.name() + "_LIST")) {
        continue; // sonic-yang-mgmt only reads a lone list named <TABLE>_LIST
      }
      List<Object> entries = new ArrayList<>();
      for (String key : new ArrayList<>(left.keySet())) {
        String[] parts = key.split("\\|", -1);
        if (parts.length != list.keys().size()) {
          continue;
        }
        List<String> why = new ArrayList<>();
        Object entry =
            MAP_LISTS.contains(list.name())
                ? mapEntry(list, key, left.get(key), where, why)
                : listEntry(list, key, parts, left.get(key), where, why);
        if (entry != null) {
          entries.add(entry);
          left.remove(key);
          failures.remove(key);
        } else {
          failures.computeIfAbsent(key, k -> new ArrayList<>()).addAll(why);
        }
      }
      if (!entries.isEmpty()) {
        yang.put(list.name(), entries);
      }
    }
    for (Node n : model.children()) {
      if (n instanceof Container inner && left.containsKey(inner.name())) {
        Object value = left.remove(inner.name());
        if (value instanceof Map<?, ?> m) {
          Map<String, Object> sub = container(inner, cast(m), where + "|" + inner.name());
          if (!sub.isEmpty()) {
            yang.put(inner.name(), sub);
          }
        } else {
          problems.add(
              where + "|" + inner.name() + ": expected an object of fields, found " + kind(value));
        }
      } else if (n instanceof Leaf leaf && left.containsKey(leaf.name())) {
        Object value =
            typed(leaf, left.remove(leaf.name()), where, where + "." + leaf.name(), problems);
        if (value != null) {
          yang.put(leaf.name(), value);
        }
      }
    }
    for (String key : left.keySet()) {
      List<String> why = failures.get(key);
      if (why != null) {
        problems.addAll(why);
      } else {
        problems.add(
            where
                + "|"
                + key
                + ": not parsed: no list, container or leaf of "
                + model.name()
                + " takes this key"
                + keyHint(lists, key));
      }
    }
    return yang;
  }

  private static String keyHint(List<YList> lists, String key) {
    if (lists.isEmpty()) {
      return "";
    }
    int parts = key.split("\\|", -1).length;
    StringBuilder hint = new StringBuilder(" (a key of ");
    for (int i = 0; i < lists.size(); i++) {
      YList l = lists.get(i);
      hint.append(i == 0 ? "" : " or ")
          .append(l.name())
          .append(" has ")
          .append(l.keys().size())
          .append(" part")
          .append(l.keys().size() == 1 ? "" : "s")
          .append(" ")
          .append(String.join("|", l.keys()));
    }
    return hint.append("; this one has ").append(parts).append(")").toString();
  }

  /** One entry of an ordinary list: its key leaves from the key's parts, then its fields. */
  private Map<String, Object> listEntry(
      YList list, String key, String[] parts, Object value, String table, List<String> why) {
    String where = table + "|" + key;
    if (!(value instanceof Map<?, ?> fields)) {
      why.add(where + ": expected an object of fields, found " + kind(value));
      return null;
    }
    Map<String, Object> entry = new LinkedHashMap<>();
    boolean ok = true;
    for (int i = 0; i < parts.length; i++) {
      Leaf keyLeaf = list.leaf(list.keys().get(i));
      String part = parts[i].strip();
      entry.put(list.keys().get(i), keyLeaf == null ? part : encode(keyLeaf, part));
    }
    for (Map.Entry<?, ?> f : fields.entrySet()) {
      String field = String.valueOf(f.getKey());
      Leaf leaf = list.leaf(field);
      if (leaf == null || list.keys().contains(field)) {
        why.add(where + "." + field + ": " + list.name() + " has no leaf '" + field + "'");
        ok = false;
        continue;
      }
      Object v = typed(leaf, f.getValue(), table, where + "." + field, why);
      if (v == null) {
        ok = false;
        continue;
      }
      entry.put(field, v);
    }
    return ok ? entry : null;
  }

  /** One entry of a map table: {@code {name: key, <INNER>: [{<k>: field, <v>: value}, ...]}}. */
  private Map<String, Object> mapEntry(
      YList list, String key, Object value, String table, List<String> why) {
    String where = table + "|" + key;
    if (!(value instanceof Map<?, ?> fields)) {
      why.add(where + ": expected an object of fields, found " + kind(value));
      return null;
    }
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put(list.keys().get(0), key.strip());
    YList inner = null;
    for (Node n : list.children()) {
      if (n instanceof YList l) {
        inner = l;
        break;
      }
    }
    if (inner == null) {
      return entry;
    }
    String innerKey = inner.keys().get(0);
    Leaf keyLeaf = inner.leaf(innerKey);
    Leaf valueLeaf = null;
    for (Node n : inner.children()) {
      if (n instanceof Leaf l && !l.name().equals(innerKey)) {
        valueLeaf = l;
      }
    }
    List<Object> items = new ArrayList<>();
    for (Map.Entry<?, ?> f : fields.entrySet()) {
      Map<String, Object> item = new LinkedHashMap<>();
      String k = String.valueOf(f.getKey());
      item.put(innerKey, keyLeaf == null ? k : encode(keyLeaf, k));
      if (valueLeaf != null) {
        String v = scalar(f.getValue());
        if (v == null) {
          why.add(where + "." + k + ": expected a string, found " + kind(f.getValue()));
          return null;
        }
        item.put(valueLeaf.name(), encode(valueLeaf, v));
      }
      items.add(item);
    }
    entry.put(inner.name(), items);
    return entry;
  }

  /** A field's YANG value; null (with a problem) when its JSON shape does not fit the leaf. */
  private static Object typed(
      Leaf leaf, Object value, String table, String where, List<String> problems) {
    if (leaf.leafList()) {
      List<?> items;
      String separator = STRING_LEAF_LISTS.get(tableName(table) + "|" + leaf.name());
      if (value instanceof String s && separator != null) {
        items = List.of(s.split(Pattern.quote(separator), -1));
      } else if (value instanceof List<?> l) {
        items = l;
      } else {
        problems.add(
            where
                + ": "
                + leaf.name()
                + " is a leaf-list: expected a JSON array, found "
                + kind(value));
        return null;
      }
      List<Object> out = new ArrayList<>();
      for (Object item : items) {
        String v = scalar(item);
        if (v == null) {
          problems.add(where + ": expected strings in the array, found " + kind(item));
          return null;
        }
        v = separator != null ? v.strip() : v;
        if (v.isEmpty() && !leaf.hasDefault()) {
          continue; // CONFIG_DB's "field@": "" sentinel for an empty leaf-list
        }
        out.add(encode(leaf, v));
      }
      if (out.isEmpty() && leaf.hasDefault()) {
        problems.add(
            where + ": empty leaf-list whose schema declares a default; remove the field instead");
        return null;
      }
      return out;
    }
    String v = scalar(value);
    if (v == null) {
      problems.add(where + ": expected a string, found " + kind(value));
      return null;
    }
    return encode(leaf, v);
  }

  /** The table part of a location ({@code PORT} of {@code PORT|Ethernet0}). */
  private static String tableName(String where) {
    int bar = where.indexOf('|');
    return bar < 0 ? where : where.substring(0, bar);
  }

  /**
   * CONFIG_DB holds strings; a JSON number or boolean in a config_db.json file is taken as its
   * text, as {@code str()} does in sonic-yang-mgmt.
   */
  private static String scalar(Object value) {
    if (value instanceof String s) {
      return s;
    }
    if (value instanceof Long || value instanceof BigDecimal) {
      return value.toString();
    }
    if (value instanceof Boolean b) {
      return b ? "True" : "False";
    }
    return null;
  }

  /**
   * The RFC 7951 form of a CONFIG_DB string for this leaf's type (a union takes the first that
   * fits).
   */
  static Object encode(Leaf leaf, String value) {
    List<Encoding> encodings = leaf.encodings();
    boolean integer = INTEGER.matcher(value).matches() && value.length() <= 11;
    if (encodings.contains(Encoding.NUMBER) && integer) {
      return Long.parseLong(value);
    }
    if (encodings.contains(Encoding.BOOLEAN)
        && !encodings.contains(Encoding.STRING)
        && (value.equals("true") || value.equals("false"))) {
      return Boolean.valueOf(value);
    }
    if (encodings.size() == 1 && encodings.get(0) == Encoding.EMPTY) {
      return java.util.Arrays.asList((Object) null);
    }
    return value;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cast(Map<?, ?> m) {
    return (Map<String, Object>) m;
  }

  private static String kind(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof Map<?, ?>) {
      return "an object";
    }
    if (value instanceof List<?>) {
      return "an array";
    }
    if (value instanceof String s) {
      return "\"" + s + "\"";
    }
    return value.toString();
  }
}
