package dev.weft.platform.sonic;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.LosslessBuffer;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.json.Json;
import dev.weft.json.JsonException;
import dev.weft.platform.ReadBack;
import dev.weft.platform.ReadException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads a SONiC {@code config_db.json} (rendered, or dumped from a live switch) back into a
 * compiled switch, so the intended and the running config can be compared as the same record.
 *
 * <p>Only what config_db carries comes back: the QoS maps, schedulers, WRED-ECN profiles, PFC and
 * its watchdog, buffer headroom, port speed/MTU/cable length, the port description as the link peer
 * and the ECMP hash fields. Intent-only facts (role, ASIC, OS version, management address, CNP
 * class, provenance) are null or empty; {@link ReadBack#expected} gives the intended switch with
 * the same facts removed. SONiC defaults are filled in where a key is absent: PORT mtu 9100,
 * scheduler type WRR (read as DWRR) with weight 1, watchdog action drop, detection 200 ms,
 * restoration 2 × detection, poll 200 ms.
 *
 * <p>Shapes real switches hold (judged on the vendored corpus, {@code SonicCorpusReadTest}): the
 * redis-dump form whose top-level keys are {@code TABLE|key}; references in the old {@code
 * [TABLE|name]} form (CONFIG_DB before 3.0.3) as well as plain names; {@code BUFFER_PG ... profile:
 * NULL} (the dynamic buffer model) as headroom the device computes ({@link
 * PriorityGroupHeadroom#DYNAMIC}); a DSCP map bound per port, kept on the port where it differs
 * from the switch's; traffic classes 8..15 (SKUs with 16 classes): a DSCP classified into one keeps
 * its class, so drift names the code point; the 8-entry TC maps hold classes 0..7 only.
 */
public final class SonicConfigDbReader {
  public static final String PLATFORM = "sonic";
  private static final int DEFAULT_MTU = 9100;

  private final Map<String, Object> db;

  /**
   * The dynamic_th of every lossless profile a BUFFER_PG binds, gathered while reading headroom.
   */
  private final java.util.TreeSet<Integer> losslessDynamicTh = new java.util.TreeSet<>();

  private SonicConfigDbReader(Map<String, Object> db) {
    this.db = nested(db);
  }

  /**
   * The tables of a CONFIG_DB in either form: {@code {"PORT": {"Ethernet0": {...}}}} as {@code
   * config_db.json} and {@code show runningconfiguration all} hold it, or {@code {"PORT|Ethernet0":
   * {...}}} as a redis dump of CONFIG_DB does (sonic-utilities' db_migrator inputs).
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> nested(Map<String, Object> db) {
    if (db.keySet().stream().noneMatch(k -> k.indexOf('|') > 0)) {
      return db;
    }
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    for (Map.Entry<String, Object> e : db.entrySet()) {
      int bar = e.getKey().indexOf('|');
      if (bar <= 0) {
        out.putIfAbsent(e.getKey(), e.getValue());
        continue;
      }
      Object table =
          out.computeIfAbsent(
              e.getKey().substring(0, bar), k -> new java.util.LinkedHashMap<String, Object>());
      if (table instanceof Map<?, ?> t) {
        ((Map<String, Object>) t).put(e.getKey().substring(bar + 1), e.getValue());
      }
    }
    return out;
  }

  /** A parsed CONFIG_DB in {@code config_db.json}'s table form (see {@link #nested}). */
  @SuppressWarnings("unchecked")
  static Object asTables(Object parsed) {
    return parsed instanceof Map<?, ?> db ? nested((Map<String, Object>) db) : parsed;
  }

  /** Parses config_db JSON text into a compiled switch named by its DEVICE_METADATA hostname. */
  public static CompiledSwitch read(String json) throws ReadException {
    return read(json, null, null);
  }

  /**
   * Parses config_db JSON text (a rendered file, or {@code show runningconfiguration all} of a
   * switch).
   *
   * @param name the switch's name (null: the DEVICE_METADATA hostname); a device's hostname is not
   *     audited
   * @param what names the text in messages, e.g. {@code leaf-01 (127.0.0.1:2222) show
   *     runningconfiguration all}; null: a rendered {@code config_db.json}, whose messages name
   *     only the table and key
   */
  public static CompiledSwitch read(String json, String name, String what) throws ReadException {
    String file = what == null ? "config_db.json" : what;
    Object root;
    try {
      root = Json.parse(json);
    } catch (JsonException e) {
      throw new ReadException(file + ":" + e.getMessage());
    }
    if (!(root instanceof Map<?, ?>)) {
      throw new ReadException(file + ":1:1: expected a JSON object of tables");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> tables = (Map<String, Object>) root;
    try {
      CompiledSwitch sw = new SonicConfigDbReader(tables).toSwitch();
      return name == null ? sw : sw.toBuilder().name(name).build();
    } catch (ReadException e) {
      throw what == null ? e : new ReadException(what + ": " + e.getMessage());
    }
  }

  /**
   * The hardware SKU a CONFIG_DB names ({@code DEVICE_METADATA|localhost.hwsku}), or empty (none,
   * or text this reader refuses). Kept out of the compiled switch: the SKU is the intent's fact
   * that no feature compares, and {@code weft import} asks for it only when no skeleton gives it.
   */
  public static Optional<String> hwsku(String json) {
    try {
      if (!(Json.parse(json) instanceof Map<?, ?> root)) {
        return Optional.empty();
      }
      @SuppressWarnings("unchecked")
      SonicConfigDbReader r = new SonicConfigDbReader((Map<String, Object>) root);
      Object sku = r.entry("DEVICE_METADATA", "localhost").get("hwsku");
      return sku instanceof String s && !s.isBlank() ? Optional.of(s) : Optional.empty();
    } catch (JsonException | ReadException e) {
      return Optional.empty(); // the reader refuses it too, and says why
    }
  }

  /**
   * The named entries this reader takes by value through a reference, as {@code TABLE|name}: the
   * QoS maps a {@code PORT_QOS_MAP} entry binds (or the only map of a table, which the reader uses
   * when none is bound), the schedulers and WRED profiles {@code QUEUE} names, and the headroom
   * profiles (those with an xoff) {@code BUFFER_PG} names. Empty for text this reader refuses.
   */
  public static java.util.Set<String> readByValue(String json) {
    java.util.Set<String> out = new TreeSet<>();
    try {
      if (!(Json.parse(json) instanceof Map<?, ?> root)) {
        return out;
      }
      @SuppressWarnings("unchecked")
      SonicConfigDbReader r = new SonicConfigDbReader((Map<String, Object>) root);
      Map<String, String> fields =
          Map.of(
              "dscp_to_tc_map", "DSCP_TO_TC_MAP",
              "tc_to_queue_map", "TC_TO_QUEUE_MAP",
              "tc_to_pg_map", "TC_TO_PRIORITY_GROUP_MAP",
              "pfc_to_queue_map", "MAP_PFC_PRIORITY_TO_QUEUE");
      for (String table : fields.values()) {
        if (r.table(table).size() == 1) {
          out.add(table + "|" + r.table(table).keySet().iterator().next());
        }
      }
      for (String port : r.table("PORT_QOS_MAP").keySet()) {
        Map<String, Object> b = r.entry("PORT_QOS_MAP", port);
        for (Map.Entry<String, String> f : fields.entrySet()) {
          if (b.containsKey(f.getKey())) {
            out.add(f.getValue() + "|" + ref(b.get(f.getKey()), port));
          }
        }
      }
      for (String key : r.table("QUEUE").keySet()) {
        Map<String, Object> q = r.entry("QUEUE", key);
        if (q.containsKey("scheduler")) {
          out.add("SCHEDULER|" + ref(q.get("scheduler"), key));
        }
        if (q.containsKey("wred_profile")) {
          out.add("WRED_PROFILE|" + ref(q.get("wred_profile"), key));
        }
      }
      for (String key : r.table("BUFFER_PG").keySet()) {
        Map<String, Object> pg = r.entry("BUFFER_PG", key);
        if (pg.containsKey("profile")) {
          String name = ref(pg.get("profile"), key);
          if (r.entry("BUFFER_PROFILE", name).containsKey("xoff")) {
            out.add("BUFFER_PROFILE|" + name);
          }
        }
      }
    } catch (JsonException | ReadException e) {
      return java.util.Set.of(); // the reader refuses it too, and says why
    }
    return out;
  }

  private CompiledSwitch toSwitch() throws ReadException {
    Map<String, Object> metadata = entry("DEVICE_METADATA", "localhost");
    String name =
        metadata.isEmpty() ? null : optString(metadata, "hostname", "DEVICE_METADATA|localhost");

    Map<String, Object> portTable = table("PORT");
    Map<String, Object> qosMap = table("PORT_QOS_MAP");
    String firstMapPort =
        qosMap.keySet().stream()
            .filter(k -> !k.equals("global"))
            .min(dev.weft.compile.NaturalOrder.INSTANCE)
            .orElse(null);
    Map<String, Object> firstBinding =
        firstMapPort == null ? Map.of() : entry("PORT_QOS_MAP", firstMapPort);

    String switchDscp = switchDscpMap(qosMap);
    Map<Integer, Integer> dscp = dscpMap(switchDscp);
    List<Integer> pcp = pcpMap(qosMap);
    List<Integer> tcToQueue =
        eightMap(
            "TC_TO_QUEUE_MAP", mapName(firstBinding, "tc_to_queue_map", "TC_TO_QUEUE_MAP"), true);
    List<Integer> tcToPg =
        eightMap(
            "TC_TO_PRIORITY_GROUP_MAP",
            mapName(firstBinding, "tc_to_pg_map", "TC_TO_PRIORITY_GROUP_MAP"),
            false);

    TreeSet<Integer> lossless = new TreeSet<>();
    for (String port : qosMap.keySet()) {
      if (!port.equals("global")) {
        lossless.addAll(intList(entry("PORT_QOS_MAP", port), "pfc_enable", "PORT_QOS_MAP|" + port));
      }
    }
    TreeSet<Integer> losslessQueues = new TreeSet<>();
    for (int p : lossless) {
      losslessQueues.add(tcToQueue.get(p));
    }

    Map<String, Long> cables = cableLengths();
    Map<String, String> lags = lagMembership();
    Map<String, List<CompiledQueue>> portQueues = queues(losslessQueues);
    Map<String, Object> wd = table("PFC_WD");
    List<CompiledPort> ports = new ArrayList<>();
    CompiledWatchdog watchdog = watchdog(wd);
    for (String port : portTable.keySet()) {
      String where = "PORT|" + port;
      Map<String, Object> p = entry("PORT", port);
      Integer mtu = p.containsKey("mtu") ? intValue(p.get("mtu"), where + ".mtu") : DEFAULT_MTU;
      Integer speed =
          p.containsKey("speed") ? intValue(p.get("speed"), where + ".speed") / 1000 : null;
      String peer =
          p.containsKey("description") ? str(p.get("description"), where + ".description") : null;
      Map<String, Object> binding =
          qosMap.containsKey(port) ? entry("PORT_QOS_MAP", port) : Map.of();
      String bindingWhere = "PORT_QOS_MAP|" + port;
      List<Integer> pfc = intList(binding, "pfc_enable", bindingWhere);
      List<Integer> toQueue =
          binding.containsKey("tc_to_queue_map")
              ? eightMap(
                  "TC_TO_QUEUE_MAP",
                  ref(binding.get("tc_to_queue_map"), bindingWhere + ".tc_to_queue_map"),
                  true)
              : tcToQueue;
      List<Integer> pfcToQueue =
          binding.containsKey("pfc_to_queue_map")
              ? eightMap(
                  "MAP_PFC_PRIORITY_TO_QUEUE",
                  ref(binding.get("pfc_to_queue_map"), bindingWhere + ".pfc_to_queue_map"),
                  true)
              : toQueue;
      String portDscp =
          binding.containsKey("dscp_to_tc_map")
              ? ref(binding.get("dscp_to_tc_map"), bindingWhere + ".dscp_to_tc_map")
              : null;
      // a port's own map only where it differs by value from the switch's (names are not the plan)
      Map<Integer, Integer> ownDscp = portDscp == null ? null : dscpMap(portDscp);
      if (ownDscp != null && ownDscp.equals(dscp)) {
        ownDscp = null;
      }
      boolean portWatchdog = wd.containsKey(port);
      List<Integer> wdQueues =
          portWatchdog ? intList(binding, "pfcwd_sw_enable", bindingWhere) : List.of();
      String portAction = portWatchdog ? watchdogAction(port) : null;
      Long cable = cables.get(port);
      ports.add(
          CompiledPort.builder()
              .name(port)
              .speedGbps(speed)
              .mtu(mtu)
              .cableLengthMetres(cable == null ? null : Math.toIntExact(cable))
              .peer(peer)
              .trustDscp(binding.containsKey("dscp_to_tc_map"))
              .pfcPriorities(pfc)
              .priorityToQueue(toQueue)
              .pfcPriorityToQueue(pfcToQueue)
              .queues(portQueues.getOrDefault(port, List.of()))
              .watchdog(portWatchdog)
              .watchdogQueues(wdQueues)
              // a port's own action only where it differs from the switch's (its first port's)
              .watchdogAction(
                  portAction == null || portAction.equals(watchdog.action()) ? null : portAction)
              .headroom(headroom(port, tcToPg, lossless))
              .dscpToPriority(ownDscp)
              .lag(lags.get(port))
              .build());
    }
    List<CompiledQueue> switchQueues = unionOfQueues(portQueues);
    List<EcnProfile> ecn = ecnProfiles();
    String congestion = ReadBack.congestionControl(lossless, switchQueues);
    List<String> hash = new ArrayList<>();
    Map<String, Object> hashEntry = entry("SWITCH_HASH", "GLOBAL");
    if (hashEntry.get("ecmp_hash") instanceof List<?> fields) {
      for (Object field : fields) {
        hash.add(
            str(field, "SWITCH_HASH|GLOBAL.ecmp_hash").toLowerCase(Locale.ROOT).replace('_', '-'));
      }
    }
    return CompiledSwitch.builder()
        .name(name)
        .platform(PLATFORM)
        .congestionControl(congestion)
        .dscpToPriority(dscp)
        .priorityToQueue(tcToQueue)
        .priorityToPriorityGroup(tcToPg)
        .losslessPriorities(List.copyOf(lossless))
        .queues(switchQueues)
        .ecnProfiles(ecn)
        .watchdog(watchdog)
        .ecmpHashFields(hash)
        .ports(ports)
        .losslessBuffer(losslessBuffer())
        .pcpToPriority(pcp)
        .build();
  }

  /**
   * PCP → TC of the DOT1P_TO_TC_MAP the first port binding one names (a PCP it leaves out goes to
   * TC 0), or empty when no port classifies by PCP.
   */
  private List<Integer> pcpMap(Map<String, Object> qosMap) throws ReadException {
    for (String port : qosMap.keySet()) {
      Map<String, Object> binding = port.equals("global") ? Map.of() : entry("PORT_QOS_MAP", port);
      if (binding.containsKey("dot1p_to_tc_map")) {
        return eightMap(
            "DOT1P_TO_TC_MAP",
            str(binding.get("dot1p_to_tc_map"), "PORT_QOS_MAP|" + port + ".dot1p_to_tc_map"),
            false);
      }
    }
    return List.of();
  }

  /**
   * The lossless PGs' alpha exponent, the smallest bound one (the earliest XOFF of any port, what
   * ecn-after-pfc must judge), and the shared headroom pool: {@code
   * BUFFER_POOL|ingress_lossless_pool.xoff} when above 0 (SONiC's YANG default 0 is "no pool").
   */
  private LosslessBuffer losslessBuffer() throws ReadException {
    Map<String, Object> pool = entry("BUFFER_POOL", SonicPack.LOSSLESS_POOL);
    Long xoff =
        pool.containsKey("xoff")
            ? longValue(pool.get("xoff"), "BUFFER_POOL|" + SonicPack.LOSSLESS_POOL + ".xoff")
            : null;
    return LosslessBuffer.of(
        losslessDynamicTh.isEmpty() ? null : losslessDynamicTh.first(),
        null,
        xoff == null || xoff <= 0 ? null : xoff);
  }

  /**
   * Port → the PortChannel it is a member of, from {@code PORTCHANNEL_MEMBER|<lag>|<port>} (the key
   * sonic-portchannel.yang's PORTCHANNEL_MEMBER_LIST has: name, port).
   */
  private Map<String, String> lagMembership() throws ReadException {
    Map<String, String> out = new TreeMap<>();
    for (String key : table("PORTCHANNEL_MEMBER").keySet()) {
      int bar = key.indexOf('|');
      if (bar <= 0 || bar == key.length() - 1 || key.indexOf('|', bar + 1) >= 0) {
        throw new ReadException(
            "PORTCHANNEL_MEMBER|" + key + ": expected a key <portchannel>|<port>");
      }
      String port = key.substring(bar + 1);
      String lag = key.substring(0, bar);
      String before = out.put(port, lag);
      if (before != null && !before.equals(lag)) {
        throw new ReadException(
            "PORTCHANNEL_MEMBER|"
                + key
                + ": port "
                + port
                + " is also a member of "
                + before
                + "; a port joins one PortChannel");
      }
    }
    return out;
  }

  private Map<String, Long> cableLengths() throws ReadException {
    Map<String, Long> cables = new TreeMap<>();
    Map<String, Object> table = table("CABLE_LENGTH");
    for (String profile : table.keySet()) {
      Map<String, Object> lengths = entry("CABLE_LENGTH", profile);
      for (Map.Entry<String, Object> e : lengths.entrySet()) {
        String where = "CABLE_LENGTH|" + profile + "." + e.getKey();
        String text = str(e.getValue(), where);
        if (!text.matches("[0-9]{1,6}m")) { // at most 999999 m: a cable, not an overflow
          throw new ReadException(
              where + ": expected a length like \"5m\", found \"" + text + "\"");
        }
        cables.put(e.getKey(), Long.parseLong(text.substring(0, text.length() - 1)));
      }
    }
    return cables;
  }

  private Map<String, List<CompiledQueue>> queues(TreeSet<Integer> losslessQueues)
      throws ReadException {
    Map<String, Object> schedulers = table("SCHEDULER");
    Map<String, Map<Integer, CompiledQueue>> byPort = new TreeMap<>();
    Map<String, Object> table = table("QUEUE");
    for (String key : table.keySet()) {
      String where = "QUEUE|" + key;
      int bar = key.lastIndexOf('|');
      if (bar <= 0) {
        throw new ReadException(where + ": expected a key '<port>|<queue>'");
      }
      String port = key.substring(0, bar);
      Map<String, Object> q = entry("QUEUE", key);
      String schedulerName =
          q.containsKey("scheduler") ? ref(q.get("scheduler"), where + ".scheduler") : null;
      String wred =
          q.containsKey("wred_profile")
              ? ref(q.get("wred_profile"), where + ".wred_profile")
              : null;
      if (wred != null && !table("WRED_PROFILE").containsKey(wred)) {
        throw new ReadException(where + ".wred_profile: WRED_PROFILE|" + wred + " does not exist");
      }
      String type = "dwrr";
      Integer weight = 1;
      if (schedulerName != null) {
        if (!schedulers.containsKey(schedulerName)) {
          throw new ReadException(
              where + ".scheduler: SCHEDULER|" + schedulerName + " does not exist");
        }
        Map<String, Object> s = entry("SCHEDULER", schedulerName);
        String t =
            s.containsKey("type")
                ? str(s.get("type"), "SCHEDULER|" + schedulerName + ".type")
                : "WRR";
        if (t.equalsIgnoreCase("STRICT")) {
          type = CompiledQueue.STRICT;
          weight = null;
        } else {
          type = CompiledQueue.DWRR;
          weight =
              s.containsKey("weight")
                  ? intValue(s.get("weight"), "SCHEDULER|" + schedulerName + ".weight")
                  : 1;
        }
      }
      String trafficClass =
          schedulerName == null || schedulerName.matches("queue[0-7]") ? null : schedulerName;
      for (int queue : range(key.substring(bar + 1), where)) {
        byPort
            .computeIfAbsent(port, k -> new TreeMap<>())
            .put(
                queue,
                new CompiledQueue(
                    queue, trafficClass, type, weight, wred, losslessQueues.contains(queue)));
      }
    }
    Map<String, List<CompiledQueue>> out = new TreeMap<>();
    byPort.forEach((port, queues) -> out.put(port, List.copyOf(queues.values())));
    return out;
  }

  private static List<CompiledQueue> unionOfQueues(Map<String, List<CompiledQueue>> byPort) {
    Map<Integer, CompiledQueue> union = new TreeMap<>();
    byPort.values().forEach(list -> list.forEach(q -> union.putIfAbsent(q.queue(), q)));
    return List.copyOf(union.values());
  }

  private List<EcnProfile> ecnProfiles() throws ReadException {
    List<EcnProfile> out = new ArrayList<>();
    Map<String, Object> table = table("WRED_PROFILE");
    for (String name : new TreeSet<>(table.keySet())) {
      Map<String, Object> w = entry("WRED_PROFILE", name);
      String where = "WRED_PROFILE|" + name;
      long min = longValue(w.get("green_min_threshold"), where + ".green_min_threshold");
      long max = longValue(w.get("green_max_threshold"), where + ".green_max_threshold");
      int probability =
          w.containsKey("green_drop_probability")
              ? intValue(w.get("green_drop_probability"), where + ".green_drop_probability")
              : 100;
      // WRED drop of non-ECT packets; green as for the thresholds (no policer colours RoCE traffic)
      String enable = optString(w, "wred_green_enable", where);
      if (enable != null && !enable.equals("true") && !enable.equals("false")) {
        throw new ReadException(
            where + ".wred_green_enable: expected \"true\" or \"false\", found \"" + enable + "\"");
      }
      out.add(new EcnProfile(name, min, max, probability, "true".equals(enable)));
    }
    return out;
  }

  private CompiledWatchdog watchdog(Map<String, Object> wd) throws ReadException {
    if (wd.isEmpty()) {
      return null;
    }
    long poll = 200;
    if (wd.containsKey("GLOBAL")) {
      Map<String, Object> global = entry("PFC_WD", "GLOBAL");
      if (global.containsKey("POLL_INTERVAL")) {
        poll = longValue(global.get("POLL_INTERVAL"), "PFC_WD|GLOBAL.POLL_INTERVAL");
      }
    }
    String firstPort =
        wd.keySet().stream().filter(k -> !k.equals("GLOBAL")).sorted().findFirst().orElse(null);
    if (firstPort == null) {
      return ReadBack.disabledWatchdog(poll);
    }
    Map<String, Object> port = entry("PFC_WD", firstPort);
    String where = "PFC_WD|" + firstPort;
    String action = watchdogAction(firstPort);
    long detection =
        port.containsKey("detection_time")
            ? longValue(port.get("detection_time"), where + ".detection_time")
            : 200;
    long restoration =
        port.containsKey("restoration_time")
            ? longValue(port.get("restoration_time"), where + ".restoration_time")
            : 2 * detection;
    return new CompiledWatchdog(true, action, detection, restoration, poll);
  }

  /** A port's PFC watchdog action; SONiC's default is drop. */
  private String watchdogAction(String port) throws ReadException {
    Map<String, Object> entry = entry("PFC_WD", port);
    return entry.containsKey("action")
        ? str(entry.get("action"), "PFC_WD|" + port + ".action")
        : "drop";
  }

  private List<PriorityGroupHeadroom> headroom(
      String port, List<Integer> tcToPg, TreeSet<Integer> lossless) throws ReadException {
    Map<Integer, PriorityGroupHeadroom> out = new TreeMap<>();
    Map<String, Object> table = table("BUFFER_PG");
    for (String key : table.keySet()) {
      int bar = key.lastIndexOf('|');
      if (bar <= 0 || !key.substring(0, bar).equals(port)) {
        continue;
      }
      String where = "BUFFER_PG|" + key;
      Map<String, Object> pg = entry("BUFFER_PG", key);
      String profileName = ref(pg.get("profile"), where + ".profile");
      if (profileName.equals("NULL")) {
        // the dynamic buffer model: buffermgrd computes this PG's headroom from speed and cable
        // length and keeps it in APPL_DB; CONFIG_DB holds none, so there is nothing to compare
        for (int id : range(key.substring(bar + 1), where)) {
          out.put(
              id,
              new PriorityGroupHeadroom(
                  id,
                  lossless(id, tcToPg, lossless),
                  0,
                  0,
                  0,
                  null,
                  PriorityGroupHeadroom.DYNAMIC));
        }
        continue;
      }
      if (!table("BUFFER_PROFILE").containsKey(profileName)) {
        throw new ReadException(
            where + ".profile: BUFFER_PROFILE|" + profileName + " does not exist");
      }
      Map<String, Object> profile = entry("BUFFER_PROFILE", profileName);
      if (!profile.containsKey("xoff")) {
        continue; // a lossy profile: no headroom
      }
      String pwhere = "BUFFER_PROFILE|" + profileName;
      if (profile.containsKey("dynamic_th")) {
        losslessDynamicTh.add(intValue(profile.get("dynamic_th"), pwhere + ".dynamic_th"));
      }
      long xoff = longValue(profile.get("xoff"), pwhere + ".xoff");
      long xon = profile.containsKey("xon") ? longValue(profile.get("xon"), pwhere + ".xon") : 0;
      long size =
          profile.containsKey("size")
              ? longValue(profile.get("size"), pwhere + ".size")
              : xoff + xon;
      for (int id : range(key.substring(bar + 1), where)) {
        out.put(
            id,
            new PriorityGroupHeadroom(
                id,
                lossless(id, tcToPg, lossless),
                xoff,
                xon,
                size,
                null,
                PriorityGroupHeadroom.DEVICE));
      }
    }
    return List.copyOf(out.values());
  }

  /** The lossless priorities the TC → PG map puts into priority group {@code pg}. */
  private static List<Integer> lossless(int pg, List<Integer> tcToPg, TreeSet<Integer> lossless) {
    List<Integer> priorities = new ArrayList<>();
    for (int p = 0; p < tcToPg.size(); p++) {
      if (tcToPg.get(p) == pg && lossless.contains(p)) {
        priorities.add(p);
      }
    }
    return priorities;
  }

  /**
   * The switch's DSCP map: the one {@code PORT_QOS_MAP|global} binds (SONiC's switch-level
   * binding), else the one most ports bind (ties: the first such port's, in natural order), else
   * the only map there is. Ports that bind another map keep it ({@link
   * CompiledPort#dscpToPriority}).
   */
  private String switchDscpMap(Map<String, Object> qosMap) throws ReadException {
    Map<String, Object> global =
        qosMap.containsKey("global") ? entry("PORT_QOS_MAP", "global") : Map.of();
    if (global.containsKey("dscp_to_tc_map")) {
      return ref(global.get("dscp_to_tc_map"), "PORT_QOS_MAP|global.dscp_to_tc_map");
    }
    Map<String, Integer> count = new TreeMap<>();
    List<String> order = new ArrayList<>();
    List<String> ports = new ArrayList<>(qosMap.keySet());
    ports.sort(dev.weft.compile.NaturalOrder.INSTANCE);
    for (String port : ports) {
      Map<String, Object> b = entry("PORT_QOS_MAP", port);
      if (!port.equals("global") && b.containsKey("dscp_to_tc_map")) {
        String name = ref(b.get("dscp_to_tc_map"), "PORT_QOS_MAP|" + port + ".dscp_to_tc_map");
        order.add(name);
        count.merge(name, 1, Integer::sum);
      }
    }
    if (order.isEmpty()) {
      Map<String, Object> maps = table("DSCP_TO_TC_MAP");
      return maps.size() == 1 ? maps.keySet().iterator().next() : null;
    }
    int top = count.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    return order.stream().filter(n -> count.get(n) == top).findFirst().orElse(null);
  }

  private String mapName(Map<String, Object> binding, String field, String table)
      throws ReadException {
    if (binding.containsKey(field)) {
      return ref(binding.get(field), "PORT_QOS_MAP." + field);
    }
    Map<String, Object> maps = table(table);
    return maps.size() == 1 ? maps.keySet().iterator().next() : null;
  }

  private Map<Integer, Integer> dscpMap(String name) throws ReadException {
    Map<Integer, Integer> out = new TreeMap<>();
    if (name == null) {
      return out;
    }
    if (!table("DSCP_TO_TC_MAP").containsKey(name)) {
      throw new ReadException("DSCP_TO_TC_MAP|" + name + " does not exist but a port binds it");
    }
    for (Map.Entry<String, Object> e : entry("DSCP_TO_TC_MAP", name).entrySet()) {
      String where = "DSCP_TO_TC_MAP|" + name + "." + e.getKey();
      int dscp = intValue(e.getKey(), where);
      if (dscp < 0 || dscp > 63) {
        throw new ReadException(where + ": DSCP must be 0..63, found " + dscp);
      }
      // classes 8..15 exist on 16-class SKUs: kept, so the code point is a finding, not a failure
      out.put(dscp, trafficClass(e.getValue(), where));
    }
    return out;
  }

  /** An 8-entry map (TC → queue, TC → PG); unlisted entries are identity (queues) or 0 (PGs). */
  private List<Integer> eightMap(String table, String name, boolean identity) throws ReadException {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      out.add(identity ? i : 0);
    }
    if (name == null) {
      return out;
    }
    if (!table(table).containsKey(name)) {
      throw new ReadException(table + "|" + name + " does not exist but a port binds it");
    }
    for (Map.Entry<String, Object> e : entry(table, name).entrySet()) {
      String where = table + "|" + name + "." + e.getKey();
      int tc = trafficClass(e.getKey(), where);
      if (tc < 8) { // a class above 7 has no slot in the 8-entry plan; its DSCPs name it
        out.set(tc, priority(e.getValue(), where));
      }
    }
    return List.copyOf(out);
  }

  /** A traffic class 0..15: the most any SONiC SKU has (8 is what the intent plans). */
  private static int trafficClass(Object value, String where) throws ReadException {
    int p = intValue(value, where);
    if (p < 0 || p > 15) {
      throw new ReadException(where + ": expected a traffic class 0..15, found " + p);
    }
    return p;
  }

  /**
   * A reference to another table's entry: {@code name}, or {@code [TABLE|name]} as CONFIG_DB held
   * it before version 3.0.3.
   */
  private static String ref(Object value, String where) throws ReadException {
    String text = str(value, where);
    int bar = text.indexOf('|');
    if (text.length() > 2 && text.startsWith("[") && text.endsWith("]") && bar > 1) {
      return text.substring(bar + 1, text.length() - 1);
    }
    return text;
  }

  private static int priority(Object value, String where) throws ReadException {
    int p = intValue(value, where);
    if (p < 0 || p > 7) {
      throw new ReadException(where + ": expected 0..7, found " + p);
    }
    return p;
  }

  /** A comma list of priorities ({@code "3,4"}), absent or empty meaning none. */
  private static List<Integer> intList(Map<String, Object> entry, String field, String where)
      throws ReadException {
    if (!entry.containsKey(field)) {
      return List.of();
    }
    String text = str(entry.get(field), where + "." + field);
    if (text.isBlank()) {
      return List.of();
    }
    TreeSet<Integer> out = new TreeSet<>();
    for (String part : text.split(",")) {
      out.add(priority(part.strip(), where + "." + field));
    }
    return List.copyOf(out);
  }

  /** {@code "3"} or {@code "3-4"}. */
  private static List<Integer> range(String text, String where) throws ReadException {
    String[] ends = text.split("-", -1);
    if (ends.length > 2) {
      throw new ReadException(
          where + ": expected an index or a range like 3-4, found '" + text + "'");
    }
    int from = priority(ends[0], where);
    int to = ends.length == 2 ? priority(ends[1], where) : from;
    List<Integer> out = new ArrayList<>();
    for (int i = from; i <= to; i++) {
      out.add(i);
    }
    return out;
  }

  private Map<String, Object> table(String name) throws ReadException {
    Object t = db.get(name);
    if (t == null) {
      return Map.of();
    }
    if (!(t instanceof Map<?, ?>)) {
      throw new ReadException(name + ": expected an object of keys");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) t;
    return map;
  }

  private Map<String, Object> entry(String table, String key) throws ReadException {
    Object e = table(table).get(key);
    if (e == null) {
      return Map.of();
    }
    if (!(e instanceof Map<?, ?>)) {
      throw new ReadException(table + "|" + key + ": expected an object of fields");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) e;
    return map;
  }

  private static String optString(Map<String, Object> entry, String field, String where)
      throws ReadException {
    return entry.containsKey(field) ? str(entry.get(field), where + "." + field) : null;
  }

  private static String str(Object value, String where) throws ReadException {
    if (value instanceof String s) {
      return s;
    }
    throw new ReadException(
        where + ": expected a string, found " + (value == null ? "nothing" : value));
  }

  private static int intValue(Object value, String where) throws ReadException {
    long v = longValue(value, where);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      // found by the fuzzing suite: an overflowing number was an ArithmeticException, not this
      // device's error
      throw new ReadException(where + ": expected a number that fits 32 bits, found " + v, where);
    }
    return (int) v;
  }

  private static long longValue(Object value, String where) throws ReadException {
    if (value instanceof Long l) {
      return l;
    }
    String text = value instanceof String s ? s.strip() : null;
    if (text == null || !text.matches("-?[0-9]{1,18}")) {
      throw new ReadException(
          where
              + ": expected a whole number, found "
              + (value == null ? "nothing" : "\"" + value + "\""));
    }
    return Long.parseLong(text);
  }
}
