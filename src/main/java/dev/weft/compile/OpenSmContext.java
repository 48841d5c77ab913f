package dev.weft.compile;

import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Host;
import dev.weft.model.IbCodes;
import dev.weft.model.IbQos;
import dev.weft.model.Partition;
import dev.weft.model.Subnet;
import dev.weft.model.SubnetManager;
import dev.weft.model.Switch;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What the {@code templates/opensm/} templates read for one subnet manager: plain strings, numbers,
 * booleans, lists and maps with snake_case keys in sorted order (no records: the template sandbox
 * calls no methods). Every value is already in OpenSM's own spelling (IB MTU and rate codes, comma
 * lists, {@code TRUE}/{@code FALSE}) so the templates only place text; the encoding lives here,
 * tested.
 *
 * <p>Values the intent leaves out are left out of the map, so templates write only what is managed.
 */
public final class OpenSmContext {

  /** Where a production SM reads its files; opensm.conf points at these. */
  public static final String CONFIG_DIR = "/etc/opensm";

  public static final String PARTITIONS_FILE = "partitions.conf";
  public static final String QOS_POLICY_FILE = "qos-policy.conf";
  public static final String ROOT_GUID_FILE = "root-guids.conf";

  private OpenSmContext() {}

  /** The context for the SM on {@code sm.host()}. */
  public static Map<String, Object> forManager(FabricModel model, SubnetManager sm) {
    Subnet s = model.subnet();
    Map<String, Object> m = new TreeMap<>();
    m.put("fabric", model.fabric() == null ? "" : model.fabric().name());
    m.put("sm_host", sm.host());
    m.put("sm_priority", sm.priority());
    if (sm.portGuid() != null) {
      m.put("guid", guid(sm.portGuid()));
    }
    m.put(
        "subnet_prefix",
        s.prefix() == null ? Subnet.DEFAULT_PREFIX : s.prefix().toLowerCase(java.util.Locale.ROOT));
    m.put("lmc", s.lmc());
    if (!s.routingEngines().isEmpty()) {
      m.put("routing_engine", String.join(",", s.routingEngines()));
    }
    List<String> roots = rootGuids(model);
    m.put("root_guids", roots);
    if (!roots.isEmpty()) {
      m.put("root_guid_file", CONFIG_DIR + "/" + ROOT_GUID_FILE);
    }
    m.put("partition_config_file", CONFIG_DIR + "/" + PARTITIONS_FILE);
    m.put(
        "allow_both_pkeys",
        bool(
            s.partitions().stream()
                .flatMap(p -> p.members().stream())
                .anyMatch(x -> "both".equals(x.membership()))));
    m.put("partitions", partitions(model));
    m.put("qos", bool(s.qosEnabled()));
    if (s.qosEnabled()) {
      qos(s.qos(), m);
    }
    if (s.sharp() != null) {
      m.put("sharp_enabled", s.sharpEnabled() ? 2 : 0);
    }
    return Collections.unmodifiableMap(m);
  }

  private static void qos(IbQos q, Map<String, Object> m) {
    m.put("qos_policy_file", CONFIG_DIR + "/" + QOS_POLICY_FILE);
    if (q.maxVls() != null) {
      m.put("qos_max_vls", q.maxVls());
      m.put("max_op_vls", opVlsCode(q.maxVls()));
    }
    if (q.highLimit() != null) {
      m.put("qos_high_limit", q.highLimit());
    }
    if (!q.vlarbHigh().isEmpty()) {
      m.put("qos_vlarb_high", weights(q.vlarbHigh()));
    }
    if (!q.vlarbLow().isEmpty()) {
      m.put("qos_vlarb_low", weights(q.vlarbLow()));
    }
    if (!q.sl2vl().isEmpty()) {
      m.put("qos_sl2vl", q.sl2vl().stream().map(String::valueOf).collect(Collectors.joining(",")));
    }
    List<Map<String, Object>> levels = new ArrayList<>();
    for (IbQos.QosLevel l : q.levels()) {
      levels.add(view("name", l.name(), "sl", l.sl()));
    }
    m.put("qos_levels", Collections.unmodifiableList(levels));
    q.levels().stream()
        .filter(l -> "DEFAULT".equals(l.name()))
        .findFirst()
        .ifPresent(l -> m.put("qos_default_sl", l.sl()));
  }

  /**
   * PortInfo OperationalVLs code covering {@code maxVls} data VLs: 1 = VL0, 2 = VL0-1, 3 = VL0-3, 4
   * = VL0-7, 5 = VL0-14 (OpenSM's {@code max_op_vls}).
   */
  public static int opVlsCode(long maxVls) {
    if (maxVls <= 1) {
      return 1;
    }
    if (maxVls <= 2) {
      return 2;
    }
    if (maxVls <= 4) {
      return 3;
    }
    return maxVls <= 8 ? 4 : 5;
  }

  private static String weights(List<IbQos.VlWeight> table) {
    return table.stream().map(w -> w.vl() + ":" + w.weight()).collect(Collectors.joining(","));
  }

  private static List<String> rootGuids(FabricModel model) {
    List<String> out = new ArrayList<>();
    for (String name : model.subnet().rootSwitches()) {
      model
          .switchNamed(name)
          .map(Switch::nodeGuid)
          .filter(g -> g != null)
          .ifPresent(g -> out.add(guid(g)));
    }
    return Collections.unmodifiableList(out);
  }

  /** One map per partition: name, pkey, flags (each already spelled for OpenSM), members. */
  private static List<Map<String, Object>> partitions(FabricModel model) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Partition p : model.subnet().partitions()) {
      List<String> flags = new ArrayList<>();
      if (p.ipoib()) {
        flags.add("ipoib");
      }
      if (p.mtu() != null) {
        IbCodes.mtuCode(p.mtu()).ifPresent(c -> flags.add("mtu=" + c));
      }
      if (p.rate() != null) {
        IbCodes.rateCode(p.rate()).ifPresent(c -> flags.add("rate=" + c));
      }
      if (p.sl() != null) {
        flags.add("sl=" + p.sl());
      }
      List<String> members = new ArrayList<>();
      for (Partition.Member mem : p.members()) {
        String membership = mem.membership() == null ? "limited" : mem.membership();
        if (mem.all()) {
          members.add("ALL=" + membership);
        }
        for (String hostName : mem.hosts()) {
          for (Hca hca : model.hostNamed(hostName).map(Host::hcas).orElse(List.of())) {
            if (hca.portGuid() != null) {
              members.add(guid(hca.portGuid()) + "=" + membership);
            }
          }
        }
        for (String sw : mem.switches()) {
          model
              .switchNamed(sw)
              .map(Switch::nodeGuid)
              .filter(g -> g != null)
              .ifPresent(g -> members.add(guid(g) + "=" + membership));
        }
      }
      if (p.isDefault()) {
        members.add(
            "SELF=full"); // the SM's own port is full in Default; say so rather than rely on it
      }
      out.add(
          view(
              "name",
              p.name(),
              "pkey",
              p.pkey() == null ? p.pkeyText() : String.format("0x%04x", p.pkey()),
              "flags",
              List.copyOf(flags),
              "members",
              List.copyOf(members)));
    }
    return Collections.unmodifiableList(out);
  }

  /** A GUID in OpenSM's spelling: 0x and 16 lower-case hex digits. */
  public static String guid(String written) {
    String g = written.trim().toLowerCase(java.util.Locale.ROOT);
    if (g.startsWith("0x")) {
      g = g.substring(2);
    }
    return "0x" + "0".repeat(Math.max(0, 16 - g.length())) + g;
  }

  private static String bool(boolean b) {
    return b ? "TRUE" : "FALSE";
  }

  private static Map<String, Object> view(Object... kv) {
    Map<String, Object> m = new TreeMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      if (kv[i + 1] != null) {
        m.put((String) kv[i], kv[i + 1]);
      }
    }
    return Collections.unmodifiableMap(m);
  }
}
