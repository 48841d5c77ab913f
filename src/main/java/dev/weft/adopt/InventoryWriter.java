package dev.weft.adopt;

import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.LosslessBuffer;
import dev.weft.compile.NaturalOrder;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.Host;
import dev.weft.model.Nic;
import dev.weft.model.Switch;
import dev.weft.model.Versions;
import dev.weft.platform.ReadBack;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the imported inventory as an engineer would lay it out: {@code fabric.yaml} (the plan),
 * {@code profiles.yaml}, {@code switches/<role>s.yaml}, {@code links/fabric.yaml} and {@code
 * links/hosts.yaml}, {@code hosts.yaml}. Everything is in a fixed order (natural order of names),
 * so the same configs give byte-identical files; each exception carries {@code reason: imported;
 * differs from the fabric plan} and a comment naming the file it came from.
 */
final class InventoryWriter {

  static final String REASON = "imported; differs from the fabric plan";

  /** The facts no switch config carries, as the skeleton gives them or as import assumes them. */
  record Facts(
      String fabricName,
      String description,
      int nicMtu,
      int roceMtu,
      Versions versions,
      Map<String, Switch> skeletonSwitches,
      List<Host> skeletonHosts) {}

  /**
   * A switch's hardware as its config names it, for a switch the skeleton gives none: the SKU (one
   * its platform has a profile for) and that profile's ASIC, either null.
   */
  record Hardware(String hwsku, String asic) {}

  private final Map<String, String> files = new TreeMap<>();
  private final List<Finding> findings = new ArrayList<>();
  private final String header;
  private final String outLabel;

  InventoryWriter(String source, String outLabel) {
    this.header = "Imported by weft import from " + source + ".";
    this.outLabel = outLabel;
  }

  private String shown(String path) {
    return outLabel.isEmpty() ? path : outLabel + "/" + path;
  }

  Map<String, String> files() {
    return files;
  }

  List<Finding> findings() {
    return findings;
  }

  /** What the devices classify that fabric.traffic-classes cannot hold, at its line. */
  private Finding leftOutOfClasses(
      YamlFile f, int line, String message, String expected, String actual) {
    return Finding.of(ImportIds.OUTSIDE_MODEL, Severity.WARNING, message)
        .at(new Location(shown(f.path()), line, 3))
        .withPath("/fabric/traffic-classes")
        .withValues(expected, actual);
  }

  void fabric(CompiledSwitch plan, int switchMtu, Facts facts) {
    YamlFile f =
        new YamlFile(
            "fabric.yaml",
            header + "\nThe fabric plan: what most devices run (weft import, docs/import.md).");
    f.add("fabric:");
    f.add("  name: " + YamlText.text(facts.fabricName()));
    f.add("  transport: roce-v2");
    if (facts.description() != null) {
      f.add("  description: " + YamlText.text(facts.description()));
    }
    f.add("  mtu:");
    f.add("    switch: " + switchMtu);
    f.add("    nic: " + facts.nicMtu());
    f.add("    roce: " + facts.roceMtu());
    int classes = f.addAll(TrafficClassWriter.lines(plan));
    List<String> beyond = TrafficClassWriter.beyondIntent(plan);
    if (!beyond.isEmpty()) {
      findings.add(
          leftOutOfClasses(
              f,
              classes,
              "the devices classify into "
                  + String.join("; ", beyond)
                  + ", which the intent cannot hold (traffic classes use priorities and queues"
                  + " 0..7): left out of fabric.traffic-classes",
              "priorities and queues 0..7",
              String.join("; ", beyond)));
    }
    List<Integer> unreached = TrafficClassWriter.losslessWithoutDscp(plan);
    if (!unreached.isEmpty()) {
      findings.add(
          leftOutOfClasses(
              f,
              classes,
              "the devices run PFC on priorities "
                  + unreached
                  + ", which no DSCP code point maps to: a traffic class of the intent is its"
                  + " DSCP code points, so no class can carry them lossless; left out of"
                  + " fabric.traffic-classes (map a DSCP to them on the devices, or drop"
                  + " their PFC)",
              "a DSCP code point for each lossless priority",
              "PFC on " + unreached));
    }
    f.add("  pfc:");
    if (plan.watchdog() != null) {
      Map<String, String> wd = new LinkedHashMap<>();
      wd.put("enabled", String.valueOf(plan.watchdog().enabled()));
      if (plan.watchdog().enabled()) {
        wd.put("detection", YamlText.millis(plan.watchdog().detectionMs()));
        if (plan.watchdog().restorationMs() > 0) {
          // a platform that derives its restoration time holds none (NVUE's reader says 0): the
          // intent's default then stands, where 0ms would be a value no device runs
          wd.put("restoration", YamlText.millis(plan.watchdog().restorationMs()));
        }
        wd.put("action", plan.watchdog().action());
        if (plan.watchdog().pollMs() != 200) {
          wd.put("poll", YamlText.millis(plan.watchdog().pollMs()));
        }
      }
      f.add("    watchdog: " + YamlText.flow(wd));
    }
    f.add("    link-pause: " + plan.linkPause());
    LosslessBuffer buffer = plan.losslessBuffer();
    if (buffer != null
        && buffer.dynamicTh() != null
        && buffer.dynamicTh() != LosslessBuffer.DEFAULT_DYNAMIC_TH) {
      // the devices' buffer alpha (SONiC BUFFER_PROFILE dynamic_th of the lossless PGs)
      f.add("    dynamic-threshold: " + buffer.dynamicTh());
    }
    if (!plan.pcpToPriority().isEmpty()) {
      // the ports classify by the VLAN tag's 802.1p priority (NVUE trust l2, its default), not DSCP
      f.add("  trust: pcp");
      f.add(
          "  pcp-map: "
              + YamlText.list(plan.pcpToPriority().stream().map(String::valueOf).toList()));
    }
    String cc =
        plan.congestionControl() != null
            ? plan.congestionControl()
            : ReadBack.congestionControl(plan.losslessPriorities(), plan.queues());
    f.add("  congestion-control: " + (cc == null ? "pfc-only" : cc));
    if (!plan.ecmpHashFields().isEmpty()) {
      f.add("  ecmp:");
      f.add(
          "    hash-fields: "
              + YamlText.list(ReadBack.hashFields(plan.ecmpHashFields(), plan.ecmpHashFields())));
    }
    Versions v = facts.versions();
    if (v != null && (!v.switchOs().isEmpty() || !v.nicFirmware().isEmpty())) {
      f.add("  versions:");
      if (!v.switchOs().isEmpty()) {
        f.add("    switch-os: " + YamlText.flow(quoted(v.switchOs())));
      }
      if (!v.nicFirmware().isEmpty()) {
        f.add("    nic-firmware: " + YamlText.flow(quoted(v.nicFirmware())));
      }
    }
    files.put(f.path(), f.text());
  }

  private static Map<String, String> quoted(Map<String, String> m) {
    Map<String, String> out = new LinkedHashMap<>();
    new TreeMap<>(m)
        .forEach(
            (k, val) -> out.put(k, "\"" + val.replace("\\", "\\\\").replace("\"", "\\\"") + "\""));
    return out;
  }

  void profiles(PortPlan ports) {
    YamlFile f =
        new YamlFile(
            "profiles.yaml",
            header
                + "\nPort profiles: the settings ports share, grouped by role (from the cabling) or speed.");
    // a fabric whose configs name no port has no profile: an empty mapping, not a key without one
    f.add(ports.profiles().isEmpty() ? "profiles: {}" : "profiles:");
    for (PortPlan.ProfileSpec p : ports.profiles().values()) {
      Map<String, String> m = new LinkedHashMap<>();
      if (p.speed() != null) {
        m.put("speed", p.speed());
      }
      if (p.mtu() != null) {
        m.put("mtu", String.valueOf(p.mtu()));
      }
      if (p.role() != null) {
        m.put("role", p.role());
      }
      if (p.headroom() != null) {
        // the devices' own headroom, which Weft would compute otherwise (HeadroomPins)
        m.put("headroom", p.headroom());
      }
      f.add("  " + p.name() + ": " + (m.isEmpty() ? "{}" : YamlText.flow(m)));
    }
    files.put(f.path(), f.text());
  }

  /** One file per role, switches in natural order of name. */
  void switches(
      Map<String, CompiledSwitch> devices,
      Map<String, String> roles,
      Map<String, DeviceConfig> configs,
      PortPlan ports,
      Facts facts,
      Map<String, Hardware> hardware) {
    Map<String, List<String>> byRole = new TreeMap<>();
    devices.keySet().stream()
        .sorted(NaturalOrder.INSTANCE)
        .forEach(d -> byRole.computeIfAbsent(roles.get(d), k -> new ArrayList<>()).add(d));
    for (Map.Entry<String, List<String>> r : byRole.entrySet()) {
      String role = r.getKey();
      String plural =
          role.equals("super-spine") ? "super-spines" : role.equals("spine") ? "spines" : "leaves";
      YamlFile f =
          new YamlFile(
              "switches/" + plural + ".yaml",
              header
                  + "\nThe "
                  + plural
                  + ": ports follow their profile unless"
                  + " marked 'reason: "
                  + REASON
                  + "'.");
      f.add("switches:");
      for (String d : r.getValue()) {
        writeSwitch(
            f,
            devices.get(d),
            role,
            configs.get(d),
            ports,
            facts.skeletonSwitches().get(d),
            hardware.getOrDefault(d, new Hardware(null, null)));
      }
      files.put(f.path(), f.text());
    }
  }

  private void writeSwitch(
      YamlFile f,
      CompiledSwitch sw,
      String role,
      DeviceConfig config,
      PortPlan ports,
      Switch known,
      Hardware read) {
    f.add("  - name: " + YamlText.text(sw.name()));
    f.add("    role: " + role);
    f.add("    platform: " + sw.platform());
    // the skeleton's facts win; the config's SKU (and its profile's ASIC) fill what it leaves out
    String asic = known != null && known.asic() != null ? known.asic() : read.asic();
    String hwsku = known != null && known.hwsku() != null ? known.hwsku() : read.hwsku();
    if (asic != null) {
      f.add("    asic: " + YamlText.text(asic));
    }
    if (hwsku != null) {
      f.add("    hwsku: " + YamlText.text(hwsku));
    }
    if (known != null && known.osVersion() != null) {
      f.add("    os-version: \"" + known.osVersion() + "\"");
    }
    if (known != null && known.management() != null) {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("host", YamlText.text(known.management().host()));
      m.put("port", String.valueOf(known.management().port()));
      if (known.management().credentials() != null) {
        m.put("credentials", YamlText.text(known.management().credentials()));
      }
      f.add("    management: " + YamlText.flow(m));
    }
    if (ports.ports(sw.name()).isEmpty()) {
      return; // no port in the config: no ports key (an empty one is not a list)
    }
    f.add("    ports:");
    for (PortPlan.PortSpec p : ports.ports(sw.name())) {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("name", YamlText.text(p.name()));
      m.put("profile", p.profile());
      if (p.lag() != null) {
        // membership as the device has it, so drift compares it from the first run
        m.put("lag", YamlText.text(p.lag()));
      }
      List<String> what = new ArrayList<>();
      if (p.speed() != null) {
        m.put("speed", p.speed());
        what.add(
            "speed "
                + p.speed()
                + " (profile "
                + p.profile()
                + ": "
                + (p.profileSpeed() == null ? "none" : p.profileSpeed())
                + ")");
      }
      if (p.mtu() != null) {
        m.put("mtu", String.valueOf(p.mtu()));
        what.add("MTU " + p.mtu() + " (plan: " + p.planMtu() + ")");
      }
      if (p.cable() != null) {
        m.put("cable-length", p.cable());
      }
      if (p.headroom() != null) {
        m.put("headroom", p.headroom());
      }
      if (p.exception()) {
        m.put("reason", YamlText.text(REASON));
        f.add("      # " + config.file() + ": " + String.join(", ", what));
      }
      int line = f.add("      - " + YamlText.flow(m));
      if (p.exception()) {
        findings.add(
            Finding.of(
                    ImportIds.EXCEPTION,
                    Severity.INFO,
                    sw.name()
                        + " "
                        + p.name()
                        + ": "
                        + String.join(", ", what)
                        + " differs from the fabric plan; kept as an exception")
                .at(new Location(shown(f.path()), line, 9))
                .onDevice(sw.name())
                .onPort(p.name())
                .withValues(expected(p), actual(p)));
      }
    }
  }

  private static String expected(PortPlan.PortSpec p) {
    List<String> e = new ArrayList<>();
    if (p.speed() != null) {
      e.add("speed " + (p.profileSpeed() == null ? "none" : p.profileSpeed()));
    }
    if (p.mtu() != null) {
      e.add("mtu " + p.planMtu());
    }
    return String.join(", ", e);
  }

  private static String actual(PortPlan.PortSpec p) {
    List<String> a = new ArrayList<>();
    if (p.speed() != null) {
      a.add("speed " + p.speed());
    }
    if (p.mtu() != null) {
      a.add("mtu " + p.mtu());
    }
    return String.join(", ", a);
  }

  void links(LinkPlan links) {
    YamlFile fabric =
        new YamlFile(
            "links/fabric.yaml",
            header + "\nSwitch-to-switch cables, from port descriptions or LLDP and the skeleton.");
    YamlFile hosts =
        new YamlFile(
            "links/hosts.yaml",
            header + "\nSwitch-to-host cables, from port descriptions or LLDP and the skeleton.");
    fabric.add("links:");
    hosts.add("links:");
    int[] count = new int[2];
    for (LinkPlan.Cable c : links.cables()) {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("a", YamlText.text(c.a()));
      m.put("b", YamlText.text(c.b()));
      if (c.metres() != null) {
        m.put("cable-length", YamlText.metres(c.metres()));
      }
      (c.toHost() ? hosts : fabric).add("  - " + YamlText.flow(m));
      count[c.toHost() ? 1 : 0]++;
    }
    if (count[0] > 0) {
      files.put(fabric.path(), fabric.text());
    }
    if (count[1] > 0) {
      files.put(hosts.path(), hosts.text());
    }
  }

  /**
   * The skeleton's hosts, plus a host for every cable end that names none (one NIC per cabled
   * port).
   */
  void hosts(List<Host> known, LinkPlan links, Map<String, CompiledSwitch> devices) {
    Map<String, Map<String, Integer>> nics = new TreeMap<>(NaturalOrder.INSTANCE);
    Map<String, Host> byName = new TreeMap<>();
    known.forEach(h -> byName.put(h.name(), h));
    for (LinkPlan.Cable c : links.cables()) {
      if (!c.toHost()) {
        continue;
      }
      String host = c.b().substring(0, c.b().indexOf(':'));
      if (byName.containsKey(host)) {
        continue;
      }
      String sw = c.a().substring(0, c.a().indexOf(':'));
      CompiledSwitch s = devices.get(sw);
      Integer speed =
          s == null || s.port(c.a().substring(sw.length() + 1)) == null
              ? null
              : s.port(c.a().substring(sw.length() + 1)).speedGbps();
      nics.computeIfAbsent(host, k -> new TreeMap<>(NaturalOrder.INSTANCE))
          .put(c.b().substring(host.length() + 1), speed);
    }
    if (byName.isEmpty() && nics.isEmpty()) {
      return;
    }
    YamlFile f =
        new YamlFile(
            "hosts.yaml",
            header
                + "\nHosts: from the skeleton, and one NIC per cabled host port the configs name.");
    f.add("hosts:");
    List<String> names = new ArrayList<>(byName.keySet());
    names.addAll(nics.keySet());
    names.sort(NaturalOrder.INSTANCE);
    for (String name : names) {
      f.add("  - name: " + YamlText.text(name));
      Host h = byName.get(name);
      if (h != null && h.gidIndex() != null) {
        f.add("    gid-index: " + h.gidIndex());
      }
      f.add("    nics:");
      if (h != null) {
        for (Nic n : h.nics()) {
          f.add("      - " + YamlText.flow(nic(n)));
        }
      } else {
        nics.get(name)
            .forEach(
                (nic, speed) -> {
                  Map<String, String> m = new LinkedHashMap<>();
                  m.put("name", YamlText.text(nic));
                  if (speed != null) {
                    m.put("speed", YamlText.gbps(speed));
                  } else {
                    // the switch port fixes no speed (speed: auto), so nothing says the NIC's:
                    // validate asks for it at this line rather than import inventing one
                    f.add("      # speed unknown: its switch port negotiates; write it here");
                  }
                  f.add("      - " + YamlText.flow(m));
                });
      }
    }
    files.put(f.path(), f.text());
  }

  private static Map<String, String> nic(Nic n) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("name", YamlText.text(n.name()));
    if (n.rdmaDevice() != null) {
      m.put("rdma-device", YamlText.text(n.rdmaDevice()));
    }
    if (n.model() != null) {
      m.put("model", YamlText.text(n.model()));
    }
    if (n.firmware() != null) {
      m.put("firmware", "\"" + n.firmware() + "\"");
    }
    if (n.speed() != null) {
      m.put("speed", YamlText.gbps((int) n.speed().gbps()));
    }
    return m;
  }

  /** Says what import filled in that no config carries. */
  void assumed(String what, String expected, String actual) {
    findings.add(
        Finding.of(ImportIds.ASSUMED, Severity.INFO, what)
            .at(Location.ofFile(shown("fabric.yaml")))
            .withValues(expected, actual));
  }
}
