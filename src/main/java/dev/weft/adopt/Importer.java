package dev.weft.adopt;

import dev.weft.compile.AsicProfile;
import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.NaturalOrder;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Switch;
import dev.weft.platform.Feature;
import dev.weft.platform.LiveProfile;
import dev.weft.platform.PlatformPack;
import dev.weft.platform.Platforms;
import dev.weft.platform.ReadException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code weft import}'s use case up to the files: each device's config through its platform's
 * reader, the fabric plan voted out of the devices ({@link FabricPlan}), profiles and exceptions
 * ({@link PortPlan}), cabling ({@link LinkPlan}), then the inventory's text ({@link
 * InventoryWriter}). What no config carries (roles, management, ASIC, hosts' NIC details, NIC and
 * RoCE MTU) comes from the optional skeleton: the inventory the backup was taken with; without one,
 * import assumes and says so ({@code import-assumed}). A folder of subnet manager files (an
 * InfiniBand fabric) is imported into the subnet intent instead ({@link SubnetImport}).
 */
public final class Importer {

  /**
   * A NIC netdev MTU that carries a 4096-byte RoCE payload plus headers, when no skeleton gives
   * one.
   */
  static final int DEFAULT_NIC_MTU = 4200;

  static final int DEFAULT_ROCE_MTU = 4096;

  private final Platforms platforms;

  public Importer(Platforms platforms) {
    this.platforms = platforms;
  }

  /**
   * @param contents the folder's device files
   * @param skeleton the inventory the backup was taken with (facts no config carries), or null
   * @param source names the folder in the generated files' header
   * @param fallbackName the fabric's name when no skeleton gives one
   * @param outLabel the output folder as reports show it: findings name {@code
   *     outLabel/<file>:line}
   */
  public ImportResult run(
      ConfigFolder.Contents contents,
      FabricModel skeleton,
      String source,
      String fallbackName,
      String outLabel) {
    if (contents.configs().isEmpty() && !contents.subnetManagers().isEmpty()) {
      return SubnetImport.run(
          contents.subnetManagers(), skeleton, source, fallbackName, contents.findings());
    }
    List<Finding> findings = new ArrayList<>(contents.findings());
    Map<String, CompiledSwitch> devices = new TreeMap<>(NaturalOrder.INSTANCE);
    Map<String, LiveProfile> profiles = new TreeMap<>();
    Map<String, DeviceConfig> configs = new TreeMap<>();
    for (DeviceConfig c : contents.configs()) {
      Optional<LiveProfile> profile = platforms.live(c.platform());
      if (profile.isEmpty()) {
        findings.add(
            ConfigFolder.unreadable(
                c.device(),
                c.file(),
                "a platform with a reader",
                c.platform(),
                platforms.missingLive(c.platform())));
        continue;
      }
      try {
        devices.put(c.device(), profile.get().read(c.text(), c.device(), c.file()));
        profiles.put(c.device(), profile.get());
        configs.put(c.device(), c);
      } catch (ReadException e) {
        Finding refused =
            ConfigFolder.unreadable(
                    c.device(),
                    c.file(),
                    "a config the " + c.platform() + " reader accepts",
                    "refused",
                    "the " + c.platform() + " reader refused it: " + e.getMessage())
                .withPath(e.path());
        // a text config's reader knows the line and column it refused
        findings.add(
            e.line() > 0 ? refused.at(new Location(c.file(), e.line(), e.column())) : refused);
      }
    }
    if (devices.isEmpty()) {
      return new ImportResult(Map.of(), devices, configs, findings);
    }
    Map<String, CompiledSwitch> read =
        devices; // the round trip compares with everything the devices run
    devices = planned(read, configs, findings);
    Map<String, CompiledSwitch> declarable = new TreeMap<>(NaturalOrder.INSTANCE);
    devices.forEach((name, sw) -> declarable.put(name, nonEctAsDeclared(profiles.get(name), sw)));
    devices = declarable;
    InventoryWriter out = new InventoryWriter(source, outLabel);
    InventoryWriter.Facts facts = facts(skeleton, fallbackName, out);
    CompiledSwitch plan = FabricPlan.of(devices, profiles);
    unclassified(plan, profiles, outLabel).ifPresent(findings::add);
    Integer majority =
        Majority.of(
            devices.values().stream()
                .flatMap(s -> s.ports().stream())
                .map(CompiledPort::mtu)
                .filter(Objects::nonNull)
                .toList());
    int switchMtu = majority == null ? 9216 : majority;
    LinkPlan links = LinkPlan.of(devices, skeleton);
    Map<String, InventoryWriter.Hardware> hardware = hardware(configs, profiles, facts, findings);
    HeadroomPins pins =
        new HeadroomPins(
            device -> profiles.get(device).readsWholeHeadroom(),
            device -> asicProfile(device, facts, hardware),
            facts.nicMtu());
    PortPlan ports =
        PortPlan.of(
            devices,
            links,
            switchMtu,
            device -> profiles.get(device).leavesSpeedToNegotiation(),
            pins);
    out.fabric(plan, switchMtu, facts);
    out.profiles(ports);
    out.switches(devices, roles(devices, facts, out), configs, ports, facts, hardware);
    out.links(links);
    out.hosts(facts.skeletonHosts(), links, devices);
    findings.addAll(out.findings());
    findings.addAll(unlinked(devices, links, configs));
    findings.sort(Finding.ORDER);
    return new ImportResult(out.files(), read, configs, findings);
  }

  private static InventoryWriter.Facts facts(
      FabricModel skeleton, String fallbackName, InventoryWriter out) {
    Map<String, Switch> switches = new TreeMap<>();
    if (skeleton != null) {
      skeleton.switches().forEach(s -> switches.put(s.name(), s));
    }
    if (skeleton != null && skeleton.fabric() != null && skeleton.fabric().mtu() != null) {
      var f = skeleton.fabric();
      return new InventoryWriter.Facts(
          f.name(),
          f.description(),
          f.mtu().nic(),
          f.mtu().roce(),
          f.versions(),
          switches,
          skeleton.hosts());
    }
    String name =
        fallbackName
            .toLowerCase(Locale.ROOT)
            .replaceAll("[^a-z0-9-]+", "-")
            .replaceAll("^-+|-+$", "");
    name = name.isEmpty() ? "imported" : name;
    out.assumed(
        "no skeleton gives the fabric's name, NIC MTU and RoCE path MTU (switch configs do not carry them):"
            + " import writes name "
            + name
            + ", mtu.nic "
            + DEFAULT_NIC_MTU
            + " and mtu.roce "
            + DEFAULT_ROCE_MTU,
        "values from a skeleton inventory",
        "name " + name + ", nic " + DEFAULT_NIC_MTU + ", roce " + DEFAULT_ROCE_MTU);
    return new InventoryWriter.Facts(
        name,
        null,
        DEFAULT_NIC_MTU,
        DEFAULT_ROCE_MTU,
        null,
        switches,
        skeleton == null ? List.of() : skeleton.hosts());
  }

  /**
   * Says so when no imported device serves its DSCP classifier over its transport (an all-EOS
   * fabric: EOS serves it over gNMI and the CLI only), so the plan has no DSCP map and therefore no
   * traffic classes: a finding that says why and what to do, rather than only the schema's
   * complaint about an empty list.
   */
  private static Optional<Finding> unclassified(
      CompiledSwitch plan, Map<String, LiveProfile> profiles, String outLabel) {
    if (!plan.dscpToPriority().isEmpty()
        || !profiles.values().stream()
            .allMatch(p -> p.notAudited().containsKey(Feature.CLASSIFICATION))) {
      return Optional.empty();
    }
    LiveProfile first = profiles.values().iterator().next();
    return Optional.of(
        Finding.of(
                ImportIds.OUTSIDE_MODEL,
                Severity.WARNING,
                "no imported device serves its DSCP"
                    + " classification over its transport ("
                    + String.join(", ", profiles.keySet())
                    + "; "
                    + first.platform()
                    + ": "
                    + first.notAudited().get(Feature.CLASSIFICATION)
                    + "), so the fabric plan"
                    + " has only a default class (every DSCP to priority 0): write fabric.traffic-classes from the"
                    + " devices' own classifier, or import them together with a device that serves it")
            .at(Location.ofFile((outLabel.isEmpty() ? "" : outLabel + "/") + "fabric.yaml"))
            .withPath("/fabric/traffic-classes")
            .withValues("a DSCP map from at least one device", "none served"));
  }

  /**
   * The SKU each config names, for the switches the skeleton gives no {@code hwsku}: kept with its
   * profile's ASIC when the platform has a profile for it, else left out with a finding naming the
   * SKU and the profiles there are (a SKU without a profile would fail every render).
   */
  private Map<String, InventoryWriter.Hardware> hardware(
      Map<String, DeviceConfig> configs,
      Map<String, LiveProfile> profiles,
      InventoryWriter.Facts facts,
      List<Finding> findings) {
    Map<String, InventoryWriter.Hardware> out = new TreeMap<>();
    for (Map.Entry<String, DeviceConfig> e : configs.entrySet()) {
      String device = e.getKey();
      Switch known = facts.skeletonSwitches().get(device);
      if (known != null && known.hwsku() != null) {
        continue;
      }
      Optional<String> sku = profiles.get(device).savedHwsku(e.getValue().text());
      Optional<PlatformPack> pack = platforms.pack(e.getValue().platform());
      if (sku.isEmpty() || pack.isEmpty()) {
        continue;
      }
      List<String> withProfile = pack.get().hwskus();
      if (withProfile.contains(sku.get())) {
        out.put(
            device,
            new InventoryWriter.Hardware(sku.get(), pack.get().hwskuAsic(sku.get()).orElse(null)));
        continue;
      }
      findings.add(
          Finding.of(
                  ImportIds.OUTSIDE_MODEL,
                  Severity.WARNING,
                  device
                      + ": the config names hardware SKU "
                      + sku.get()
                      + ", which Weft has no "
                      + e.getValue().platform()
                      + " profile for, so the switch is imported without hwsku and asic (profiles: "
                      + String.join(", ", withProfile)
                      + "; add one with weft hwsku import, or give hwsku and asic in a skeleton)")
              .at(Location.ofFile(e.getValue().file()))
              .onDevice(device)
              .withPath("/DEVICE_METADATA/localhost/hwsku")
              .withValues(
                  "a SKU with a profile (" + String.join(", ", withProfile) + ")", sku.get()));
    }
    return out;
  }

  /**
   * The built-in ASIC profile of the ASIC the switch is imported with (the skeleton's, else its
   * SKU's), which sizes the headroom its intent would compute.
   */
  private static Optional<AsicProfile> asicProfile(
      String device, InventoryWriter.Facts facts, Map<String, InventoryWriter.Hardware> hardware) {
    Switch known = facts.skeletonSwitches().get(device);
    String asic =
        known != null && known.asic() != null
            ? known.asic()
            : hardware.containsKey(device) ? hardware.get(device).asic() : null;
    return asic == null ? Optional.empty() : AsicProfiles.builtIn().lookup(asic);
  }

  /** The skeleton's role of each switch, else one guessed from its name. */
  private static Map<String, String> roles(
      Map<String, CompiledSwitch> devices, InventoryWriter.Facts facts, InventoryWriter out) {
    Map<String, String> roles = new TreeMap<>();
    List<String> guessed = new ArrayList<>();
    for (String d : devices.keySet()) {
      Switch known = facts.skeletonSwitches().get(d);
      if (known != null && known.role() != null) {
        roles.put(d, known.role());
        continue;
      }
      String lower = d.toLowerCase(Locale.ROOT);
      roles.put(
          d, lower.contains("super") ? "super-spine" : lower.contains("spine") ? "spine" : "leaf");
      guessed.add(d + " → " + roles.get(d));
    }
    if (!guessed.isEmpty()) {
      out.assumed(
          "switch roles are not in the configs; guessed from the names: "
              + String.join(", ", guessed),
          "roles from a skeleton inventory",
          String.join(", ", guessed));
    }
    return roles;
  }

  /**
   * Each switch with only the ports that carry part of the RoCE plan (DSCP trust, PFC or a
   * scheduled queue): a SONiC switch lists every front-panel port of its SKU, most of them unused.
   * The others are left out of the intent, in one finding per device, unless no port of the switch
   * carries the plan (then all are kept).
   */
  private static Map<String, CompiledSwitch> planned(
      Map<String, CompiledSwitch> devices,
      Map<String, DeviceConfig> configs,
      List<Finding> findings) {
    Map<String, CompiledSwitch> out = new TreeMap<>(NaturalOrder.INSTANCE);
    for (CompiledSwitch sw : devices.values()) {
      if (sw.ports().isEmpty()) {
        // a configuration snippet (Juniper's CoS snips bind et-* but define no interface): its
        // plan is imported as it is, and no port is invented; the intent's roce-v2 switch needs
        // its ports, which schema says next, so the reason is said here once
        findings.add(
            Finding.of(
                    ImportIds.OUTSIDE_MODEL,
                    Severity.WARNING,
                    sw.name()
                        + ": the config defines no port (a snippet, or a QoS plan bound to"
                        + " interfaces the file does not hold), so the switch's plan is imported"
                        + " without ports: add them to the switch, or its intent stays invalid"
                        + " (a roce-v2 switch lists its ports) and its PFC watchdog runs on none")
                .at(Location.ofFile(configs.get(sw.name()).file()))
                .onDevice(sw.name())
                .withValues("ports", "none"));
        out.put(sw.name(), sw);
        continue;
      }
      List<CompiledPort> keep =
          sw.ports().stream()
              .filter(p -> p.trustDscp() || !p.pfcPriorities().isEmpty() || !p.queues().isEmpty())
              .toList();
      if (keep.isEmpty() || keep.size() == sw.ports().size()) {
        out.put(sw.name(), sw);
        continue;
      }
      List<String> left =
          sw.ports().stream().filter(p -> !keep.contains(p)).map(CompiledPort::name).toList();
      findings.add(
          Finding.of(
                  ImportIds.OUTSIDE_MODEL,
                  Severity.INFO,
                  sw.name()
                      + ": "
                      + left.size()
                      + (left.size() == 1 ? " port carries" : " ports carry")
                      + " no part of the RoCE plan (no DSCP trust,"
                      + " PFC or scheduled queue) and "
                      + (left.size() == 1 ? "is" : "are")
                      + " left out of the intent: "
                      + String.join(", ", left))
              .at(Location.ofFile(configs.get(sw.name()).file()))
              .onDevice(sw.name())
              .withValues("ports carrying the plan", left.size() + " without"));
      out.put(sw.name(), sw.toBuilder().ports(keep).build());
    }
    return out;
  }

  /** One finding per device listing the ports no cable names. */
  private static List<Finding> unlinked(
      Map<String, CompiledSwitch> devices, LinkPlan links, Map<String, DeviceConfig> configs) {
    List<Finding> out = new ArrayList<>();
    for (CompiledSwitch sw : devices.values()) {
      List<String> ports =
          sw.ports().stream()
              .map(CompiledPort::name)
              .filter(p -> !links.linked(sw.name() + ":" + p))
              .toList();
      if (!ports.isEmpty()) {
        out.add(
            Finding.of(
                    ImportIds.UNLINKED,
                    Severity.WARNING,
                    sw.name()
                        + ": "
                        + ports.size()
                        + (ports.size() == 1 ? " port names" : " ports name")
                        + " no neighbour and no skeleton link covers "
                        + (ports.size() == 1 ? "it" : "them")
                        + ": "
                        + String.join(", ", ports))
                .at(Location.ofFile(configs.get(sw.name()).file()))
                .onDevice(sw.name())
                .withValues("a link per port", String.join(",", ports)));
      }
    }
    return out;
  }

  /**
   * A device whose platform cannot keep non-ECT packets (its model has no such setting, so every
   * ECN profile drops them) is imported with the intent's default, keep: the drop is the
   * platform's, not a choice the intent could change, and the imported inventory then carries the
   * same {@code render-gap} as one written by hand instead of a {@code wred-drop-lossless} error it
   * cannot fix. Where the platform holds the choice, what the device does is what is imported.
   */
  private static CompiledSwitch nonEctAsDeclared(LiveProfile profile, CompiledSwitch read) {
    if (profile == null
        || read.ecnProfiles().isEmpty()
        || !read.ecnProfiles().stream().allMatch(EcnProfile::dropNonEct)) {
      return read;
    }
    CompiledSwitch keeping =
        read.toBuilder()
            .ecnProfiles(read.ecnProfiles().stream().map(e -> e.withDropNonEct(false)).toList())
            .build();
    boolean platformDrops =
        profile.expected(keeping).ecnProfiles().stream().allMatch(EcnProfile::dropNonEct);
    return platformDrops ? keeping : read;
  }
}
