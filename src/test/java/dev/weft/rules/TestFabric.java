package dev.weft.rules;

import dev.weft.finding.Location;
import dev.weft.model.CongestionControl;
import dev.weft.model.Ecmp;
import dev.weft.model.Ecn;
import dev.weft.model.Endpoint;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Nic;
import dev.weft.model.Pfc;
import dev.weft.model.Port;
import dev.weft.model.PortRole;
import dev.weft.model.Profile;
import dev.weft.model.Provenance;
import dev.weft.model.RoceMtu;
import dev.weft.model.Scheduler;
import dev.weft.model.Switch;
import dev.weft.model.TrafficClass;
import dev.weft.model.Transport;
import dev.weft.model.Versions;
import dev.weft.model.Waiver;
import dev.weft.model.Watchdog;
import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;
import dev.weft.units.TimeSpan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Hand-built models for unit tests: a clean RoCE fabric (one leaf, one spine, one host) in which
 * every object sits on its own made-up line of {@code inv/fabric.yaml}, so tests can assert exact
 * locations.
 */
final class TestFabric {

  static final String FILE = "inv/fabric.yaml";

  private TestFabric() {}

  static Location line(int n) {
    return new Location(FILE, n, 1);
  }

  /**
   * Provenance whose object is on {@code line} and whose fields are on the following lines, in
   * order.
   */
  static Provenance at(int line, String... fields) {
    Map<String, Location> map = new java.util.HashMap<>();
    for (int i = 0; i < fields.length; i++) {
      map.put(fields[i], line(line + 1 + i));
    }
    return new Provenance(line(line), map);
  }

  static TrafficClass rdma() {
    return new TrafficClass(
        "rdma",
        List.of(26),
        false,
        3,
        3,
        true,
        new Ecn(new Size(150_000), new Size(1_500_000), 100, at(20, "min", "max", "probability")),
        new Scheduler(Scheduler.Type.DWRR, 50, at(25, "type", "weight")),
        null,
        at(10, "name", "dscp", "priority", "queue", "lossless", "ecn", "scheduler"));
  }

  static TrafficClass cnp() {
    return new TrafficClass(
        "cnp",
        List.of(48),
        false,
        6,
        6,
        false,
        null,
        new Scheduler(Scheduler.Type.STRICT, null, at(45, "type")),
        "cnp",
        at(30, "name", "dscp", "priority", "lossless", "scheduler", "role"));
  }

  static TrafficClass defaultClass() {
    return new TrafficClass(
        "default",
        List.of(),
        true,
        0,
        0,
        false,
        null,
        new Scheduler(Scheduler.Type.DWRR, 50, at(65, "type", "weight")),
        null,
        at(50, "name", "dscp", "priority", "scheduler"));
  }

  static Fabric fabric(List<TrafficClass> classes) {
    return fabric(
        classes,
        CongestionControl.DCQCN,
        new RoceMtu(9216, 4200, 4096, at(80, "switch", "nic", "roce")),
        new Pfc(
            new Watchdog(
                true,
                TimeSpan.ofMillis(200),
                TimeSpan.ofMillis(400),
                Watchdog.Action.DROP,
                TimeSpan.ofMillis(200),
                at(90, "enabled", "detection", "restoration", "action")),
            false,
            at(88, "watchdog", "link-pause")));
  }

  static Fabric fabric(List<TrafficClass> classes, CongestionControl cc, RoceMtu mtu, Pfc pfc) {
    return Fabric.builder("pod", Transport.ROCE_V2)
        .mtu(mtu)
        .trafficClasses(classes)
        .pfc(pfc)
        .congestionControl(cc)
        .ecmp(
            new Ecmp(
                List.of("src-ip", "dst-ip", "l4-src-port", "l4-dst-port"), at(100, "hash-fields")))
        .versions(
            new Versions(Map.of("sonic", "202411"), Map.of("connectx-7", "28.43.1014"), at(105)))
        .at(
            at(
                1,
                "name",
                "transport",
                "mtu",
                "traffic-classes",
                "pfc",
                "congestion-control",
                "ecmp",
                "versions"))
        .build();
  }

  static Fabric cleanFabric() {
    return fabric(List.of(rdma(), cnp(), defaultClass()));
  }

  static FabricModel model(Fabric fabric) {
    return model(fabric, List.of(), List.of());
  }

  static FabricModel model(Fabric fabric, List<Link> extraLinks, List<Waiver> waivers) {
    Map<String, Profile> profiles =
        Map.of(
            "host",
                new Profile(
                    "host",
                    new Speed(400),
                    null,
                    PortRole.HOST_FACING,
                    null,
                    at(200, "speed", "role")),
            "fabric",
                new Profile(
                    "fabric",
                    new Speed(400),
                    null,
                    PortRole.FABRIC,
                    null,
                    at(210, "speed", "role")));
    Switch leaf =
        new Switch(
            "leaf-01",
            "leaf",
            "sonic",
            "spectrum-4",
            "202411",
            null,
            List.of(
                new Port("Ethernet0", "host", null, null, null, null, at(310, "name", "profile")),
                new Port(
                    "Ethernet256", "fabric", null, null, null, null, at(320, "name", "profile"))),
            null,
            at(300, "name", "role", "platform", "asic", "os-version"));
    Switch spine =
        new Switch(
            "spine-01",
            "spine",
            "sonic",
            "spectrum-4",
            "202411",
            null,
            List.of(
                new Port(
                    "Ethernet0", "fabric", null, null, null, null, at(410, "name", "profile"))),
            null,
            at(400, "name", "role", "platform", "asic", "os-version"));
    Host host =
        new Host(
            "gpu-001",
            List.of(
                new Nic(
                    "eth0",
                    "mlx5_0",
                    "connectx-7",
                    "28.43.1014",
                    new Speed(400),
                    at(510, "name", "rdma-device", "model", "firmware", "speed"))),
            List.of(),
            at(500, "name", "nics"));
    List<Link> links =
        new ArrayList<>(
            List.of(
                link(600, "leaf-01", "Ethernet0", "gpu-001", "eth0", 3),
                link(610, "leaf-01", "Ethernet256", "spine-01", "Ethernet0", 30)));
    links.addAll(extraLinks);
    return FabricModel.of(
        "inv", fabric, profiles, List.of(leaf, spine), List.of(host), links, null, waivers);
  }

  static Link link(int line, String dA, String pA, String dB, String pB, Integer metres) {
    return new Link(
        new Endpoint(dA, pA, line(line + 1)),
        new Endpoint(dB, pB, line(line + 2)),
        metres == null ? null : new Length(metres),
        at(line, "a", "b", "cable-length"));
  }

  static Waiver waiver(
      int line,
      String rule,
      String expires,
      List<String> devices,
      List<String> ports,
      List<String> files) {
    return new Waiver(
        rule,
        "vendor case 1234",
        expires == null ? null : java.time.LocalDate.parse(expires),
        devices,
        ports,
        files,
        at(line, "rule", "reason", "expires", "devices", "ports", "files"));
  }
}
