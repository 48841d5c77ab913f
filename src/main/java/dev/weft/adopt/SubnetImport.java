package dev.weft.adopt;

import dev.weft.compile.NaturalOrder;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Hca;
import dev.weft.model.Host;
import dev.weft.model.IbCodes;
import dev.weft.model.Link;
import dev.weft.model.Subnet;
import dev.weft.model.Switch;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code weft import} of an InfiniBand fabric: the subnet manager's files ({@link OpenSmFiles})
 * into the {@code subnet} intent. The switches of an IB fabric hold no configuration of their own
 * (the SM programs them), so what the files do not carry comes from the skeleton: the names behind
 * the GUIDs (hosts' HCA port GUIDs, switches' node GUIDs), the cabling, and the subnet's MTU, rate
 * and adaptive routing, which OpenSM's files do not hold. The plan is the highest-priority SM's
 * (SMs' files differ only in {@code guid} and {@code sm_priority}); each SM is compared with the
 * render of the imported inventory by the round trip ({@link SubnetRoundTrip}).
 */
final class SubnetImport {

  /** The opensm.conf keys Weft's subnet intent renders: any other key is outside the model. */
  static final Set<String> MANAGED =
      Set.of(
          "guid",
          "sm_priority",
          "subnet_prefix",
          "lmc",
          "routing_engine",
          "root_guid_file",
          "partition_config_file",
          "allow_both_pkeys",
          "qos",
          "qos_policy_file",
          "max_op_vls",
          "qos_max_vls",
          "qos_high_limit",
          "qos_vlarb_high",
          "qos_vlarb_low",
          "qos_sl2vl",
          "sharp_enabled");

  private final List<Finding> findings = new ArrayList<>();
  private final Map<String, String> hostOfGuid = new TreeMap<>();
  private final Map<String, String> switchOfGuid = new TreeMap<>();
  private final String header;

  private SubnetImport(String source) {
    this.header = "Imported by weft import from " + source + ".";
  }

  /**
   * @param sms the SM folders, parsed
   * @param skeleton the inventory the files were rendered from or taken with (names, cabling), or
   *     null
   */
  static ImportResult run(
      List<OpenSmFiles> sms,
      FabricModel skeleton,
      String source,
      String fallbackName,
      List<Finding> earlier) {
    SubnetImport in = new SubnetImport(source);
    in.findings.addAll(earlier);
    if (skeleton != null) {
      for (Host h : skeleton.hosts()) {
        h.hcas().stream()
            .filter(c -> c.portGuid() != null)
            .forEach(c -> in.hostOfGuid.put(OpenSmFiles.guid(c.portGuid()), h.name()));
      }
      skeleton.switches().stream()
          .filter(s -> s.nodeGuid() != null)
          .forEach(s -> in.switchOfGuid.put(OpenSmFiles.guid(s.nodeGuid()), s.name()));
    }
    List<OpenSmFiles> ordered = new ArrayList<>(sms);
    ordered.sort(
        (a, b) -> {
          int c = Integer.compare(priority(b), priority(a));
          return c != 0 ? c : NaturalOrder.INSTANCE.compare(a.host(), b.host());
        });
    Map<String, String> files = new TreeMap<>();
    files.put("fabric.yaml", in.fabric(skeleton, fallbackName));
    files.put("subnet.yaml", in.subnet(ordered, skeleton == null ? null : skeleton.subnet()));
    if (skeleton != null) {
      in.skeletonFiles(skeleton, files);
    }
    ordered.forEach(sm -> in.outside(sm));
    in.findings.sort(Finding.ORDER);
    return new ImportResult(files, Map.of(), Map.of(), in.findings, sms);
  }

  private static int priority(OpenSmFiles sm) {
    try {
      return Integer.decode(sm.conf().getOrDefault("sm_priority", "0"));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private String fabric(FabricModel skeleton, String fallbackName) {
    YamlFile f =
        new YamlFile(
            "fabric.yaml",
            header + "\nAn InfiniBand fabric: the subnet manager holds its plan (subnet.yaml).");
    f.add("fabric:");
    String name =
        skeleton != null && skeleton.fabric() != null
            ? skeleton.fabric().name()
            : fallbackName
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9-]+", "-")
                .replaceAll("^-+|-+$", "");
    f.add("  name: " + YamlText.text(name.isEmpty() ? "imported" : name));
    f.add("  transport: infiniband");
    if (skeleton != null && skeleton.fabric() != null && skeleton.fabric().description() != null) {
      f.add("  description: " + YamlText.text(skeleton.fabric().description()));
    }
    return f.text();
  }

  private String subnet(List<OpenSmFiles> sms, Subnet known) {
    OpenSmFiles plan = sms.get(0);
    Map<String, String> c = plan.conf();
    YamlFile f =
        new YamlFile(
            "subnet.yaml",
            header
                + "\nThe subnet manager plan, from "
                + plan.dir()
                + " (the highest-priority SM); every SM's files are compared with its render.");
    f.add("subnet:");
    if (c.containsKey("subnet_prefix")) {
      f.add("  prefix: " + quoted(c.get("subnet_prefix")));
    }
    f.add("  subnet-managers:");
    for (OpenSmFiles sm : sms) {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("host", YamlText.text(sm.host()));
      if (sm.conf().containsKey("guid")) {
        m.put("port-guid", quoted(OpenSmFiles.guid(sm.conf().get("guid"))));
      }
      m.put("priority", String.valueOf(priority(sm)));
      f.add("    - " + YamlText.flow(m));
    }
    if (c.containsKey("routing_engine")) {
      f.add(
          "  routing-engine: "
              + YamlText.list(List.of(c.get("routing_engine").split("\\s*,\\s*"))));
    }
    List<String> roots = new ArrayList<>();
    for (String g : plan.rootGuids()) {
      String sw = switchOfGuid.get(g);
      if (sw == null) {
        outsideModel(
            plan,
            plan.dir() + "/" + OpenSmFiles.ROOT_GUIDS,
            "root GUID "
                + g
                + " is no switch's node-guid"
                + " in the skeleton; the intent names root switches, so it is left out",
            "/subnet/root-switches");
      } else {
        roots.add(sw);
      }
    }
    if (!roots.isEmpty()) {
      f.add("  root-switches: " + YamlText.list(roots));
    }
    f.add("  lmc: " + c.getOrDefault("lmc", "0"));
    // not in any SM file: the skeleton's, else left out (OpenSM's defaults)
    if (known != null && known.mtu() != null) {
      f.add("  mtu: " + known.mtu() + "   # from the skeleton: no SM file holds it");
    }
    if (known != null && known.rate() != null) {
      f.add(
          "  rate: "
              + YamlText.gbps((int) known.rate().gbps())
              + "   # from the skeleton: no SM file holds it");
    }
    if ("TRUE".equals(c.get("qos"))) {
      qos(f, plan);
    }
    f.add("  partitions:");
    for (OpenSmFiles.PartitionEntry p : plan.partitions()) {
      partition(f, plan, p);
    }
    if (known != null && known.adaptiveRouting() != null) {
      f.add(
          "  adaptive-routing: { enabled: "
              + known.adaptiveRouting().enabled()
              + " }   # from the skeleton");
    }
    if (c.containsKey("sharp_enabled")) {
      f.add("  sharp: { enabled: " + !"0".equals(c.get("sharp_enabled")) + " }");
    }
    return f.text();
  }

  private void qos(YamlFile f, OpenSmFiles plan) {
    Map<String, String> c = plan.conf();
    f.add("  qos:");
    f.add("    enabled: true");
    if (c.containsKey("qos_max_vls")) {
      f.add("    max-vls: " + c.get("qos_max_vls"));
    }
    if (c.containsKey("qos_high_limit")) {
      f.add("    high-limit: " + c.get("qos_high_limit"));
    }
    for (String key : List.of("qos_vlarb_high", "qos_vlarb_low")) {
      if (c.containsKey(key)) {
        List<String> entries = new ArrayList<>();
        for (String pair : c.get(key).split(",")) {
          String[] vw = pair.strip().split(":");
          entries.add(
              "{ vl: "
                  + vw[0].strip()
                  + ", weight: "
                  + (vw.length > 1 ? vw[1].strip() : "0")
                  + " }");
        }
        f.add(
            "    "
                + key.substring(4).replace('_', '-')
                + ": [ "
                + String.join(", ", entries)
                + " ]");
      }
    }
    if (c.containsKey("qos_sl2vl")) {
      f.add(
          "    sl2vl: [" + String.join(", ", List.of(c.get("qos_sl2vl").split("\\s*,\\s*"))) + "]");
    }
    if (!plan.levels().isEmpty()) {
      f.add("    levels:");
      for (OpenSmFiles.Level l : plan.levels()) {
        f.add("      - { name: " + YamlText.text(l.name()) + ", sl: " + l.sl() + " }");
      }
    }
  }

  private void partition(YamlFile f, OpenSmFiles plan, OpenSmFiles.PartitionEntry p) {
    String file = plan.dir() + "/" + OpenSmFiles.PARTITIONS;
    Map<String, String> head = new LinkedHashMap<>();
    head.put("name", YamlText.text(p.name()));
    head.put("pkey", quoted(p.pkey()));
    List<String> unknownFlags = new ArrayList<>();
    for (String flag : p.flags()) {
      String[] kv = flag.split("=", 2);
      try {
        switch (kv[0]) {
          case "ipoib" -> head.put("ipoib", "true");
          case "mtu" ->
              head.put(
                  "mtu", String.valueOf(IbCodes.mtuBytes(Integer.decode(kv[1])).orElseThrow()));
          case "rate" ->
              head.put("rate", gbps(IbCodes.rateGbps(Integer.decode(kv[1])).orElseThrow()));
          case "sl" -> head.put("sl", String.valueOf(Integer.decode(kv[1])));
          default -> unknownFlags.add(flag);
        }
      } catch (RuntimeException e) {
        unknownFlags.add(flag); // a code OpenSM has no value for: not a setting the intent can hold
      }
    }
    if (!unknownFlags.isEmpty()) {
      outsideModel(
          plan,
          file,
          "partition "
              + p.name()
              + " flags "
              + String.join(", ", unknownFlags)
              + " are outside Weft's partition model and not in the imported intent",
          "/subnet/partitions");
    }
    // consecutive members of one membership are one group, as an engineer writes them
    List<String> groups = new ArrayList<>();
    List<String> names = new ArrayList<>();
    String kind = null;
    String membership = null;
    List<String> lost = new ArrayList<>();
    for (String member : p.members()) {
      String who = member.substring(0, member.indexOf('='));
      String m = member.substring(member.indexOf('=') + 1);
      if (who.equals("SELF") && p.name().equals("Default")) {
        continue; // the renderer writes SELF=full into Default itself
      }
      if (who.equals("ALL")) {
        flush(groups, kind, names, membership);
        groups.add("{ all: true, membership: " + m + " }");
        kind = null;
        continue;
      }
      String host = hostOfGuid.get(who);
      String sw = switchOfGuid.get(who);
      String k = host != null ? "hosts" : sw != null ? "switches" : null;
      if (k == null) {
        lost.add(member);
        continue;
      }
      String name = host != null ? host : sw;
      if (!k.equals(kind) || !m.equals(membership)) {
        flush(groups, kind, names, membership);
        kind = k;
        membership = m;
      }
      if (!names.contains(name)) {
        names.add(name);
      }
    }
    flush(groups, kind, names, membership);
    if (!lost.isEmpty()) {
      outsideModel(
          plan,
          file,
          "partition "
              + p.name()
              + " members "
              + String.join(", ", lost)
              + " name no HCA port or switch of the skeleton (or a keyword other than ALL) and are not in the"
              + " imported intent",
          "/subnet/partitions");
    }
    if (head.size() == 2 && groups.size() <= 1) {
      head.put("members", "[ " + String.join(", ", groups) + " ]");
      f.add("    - " + YamlText.flow(head));
      return;
    }
    boolean first = true;
    for (Map.Entry<String, String> e : head.entrySet()) {
      f.add((first ? "    - " : "      ") + e.getKey() + ": " + e.getValue());
      first = false;
    }
    f.add("      members:");
    groups.forEach(g -> f.add("        - " + g));
  }

  private static void flush(
      List<String> groups, String kind, List<String> names, String membership) {
    if (kind != null && !names.isEmpty()) {
      groups.add(
          "{ "
              + kind
              + ": "
              + YamlText.list(List.copyOf(names))
              + ", membership: "
              + membership
              + " }");
    }
    names.clear();
  }

  private static String gbps(BigDecimal g) {
    return g.stripTrailingZeros().toPlainString() + "G";
  }

  private static String quoted(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /**
   * The skeleton's switches (name, role, platform, node GUID), hosts with their HCAs, and links.
   */
  private void skeletonFiles(FabricModel skeleton, Map<String, String> files) {
    if (!skeleton.switches().isEmpty()) {
      YamlFile f =
          new YamlFile(
              "switches.yaml", header + "\nThe switches, from the skeleton: the SM programs them.");
      f.add("switches:");
      for (Switch s : skeleton.switches()) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("name", YamlText.text(s.name()));
        m.put("role", s.role());
        m.put("platform", s.platform());
        if (s.nodeGuid() != null) {
          m.put("node-guid", quoted(s.nodeGuid()));
        }
        f.add("  - " + YamlText.flow(m));
      }
      files.put(f.path(), f.text());
    }
    if (!skeleton.hosts().isEmpty()) {
      YamlFile f =
          new YamlFile("hosts.yaml", header + "\nThe hosts and their HCAs, from the skeleton.");
      f.add("hosts:");
      for (Host h : skeleton.hosts()) {
        List<String> hcas = new ArrayList<>();
        for (Hca c : h.hcas()) {
          Map<String, String> m = new LinkedHashMap<>();
          m.put("name", YamlText.text(c.name()));
          if (c.portGuid() != null) {
            m.put("port-guid", quoted(c.portGuid()));
          }
          if (c.speed() != null) {
            m.put("speed", YamlText.gbps((int) c.speed().gbps()));
          }
          hcas.add(YamlText.flow(m));
        }
        f.add(
            "  - { name: "
                + YamlText.text(h.name())
                + ", hcas: [ "
                + String.join(", ", hcas)
                + " ] }");
      }
      files.put(f.path(), f.text());
    }
    if (!skeleton.links().isEmpty()) {
      YamlFile f = new YamlFile("links.yaml", header + "\nThe cabling, from the skeleton.");
      f.add("links:");
      for (Link l : skeleton.links()) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("a", YamlText.text(l.a().toString()));
        m.put("b", YamlText.text(l.b().toString()));
        if (l.cableLength() != null) {
          m.put("cable-length", YamlText.metres((int) l.cableLength().metres()));
        }
        f.add("  - " + YamlText.flow(m));
      }
      files.put(f.path(), f.text());
    }
  }

  /** The opensm.conf keys the subnet intent does not render: one finding per SM listing them. */
  private void outside(OpenSmFiles sm) {
    TreeSet<String> keys = new TreeSet<>(sm.conf().keySet());
    keys.removeAll(MANAGED);
    if (!keys.isEmpty()) {
      String first = keys.first();
      findings.add(
          Finding.of(
                  ImportIds.OUTSIDE_MODEL,
                  Severity.WARNING,
                  sm.host()
                      + ": "
                      + keys.size()
                      + (keys.size() == 1 ? " opensm.conf key" : " opensm.conf keys")
                      + " outside Weft's subnet model,"
                      + " not in the imported intent: "
                      + String.join(", ", keys))
              .at(new Location(sm.dir() + "/" + OpenSmFiles.CONF, sm.confLines().get(first), 1))
              .onDevice(sm.host())
              .withValues("in the imported intent", keys.size() + " not rendered"));
    }
  }

  private void outsideModel(OpenSmFiles sm, String file, String what, String path) {
    findings.add(
        Finding.of(ImportIds.OUTSIDE_MODEL, Severity.WARNING, sm.host() + ": " + what)
            .at(Location.ofFile(file))
            .onDevice(sm.host())
            .withPath(path)
            .withValues("in the imported intent", "not expressible"));
  }
}
