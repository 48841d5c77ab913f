package dev.weft.compile;

import dev.weft.finding.Location;
import dev.weft.model.CongestionControl;
import dev.weft.model.Ecmp;
import dev.weft.model.Ecn;
import dev.weft.model.Endpoint;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Management;
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
import dev.weft.model.Watchdog;
import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;
import dev.weft.units.TimeSpan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds models of the domain.md §0 plan in code, with a distinct line per written field. */
final class TestFabrics {

  private TestFabrics() {}

  static Location at(String file, int line) {
    return new Location(file, line, 3);
  }

  static Provenance prov(String file, int line, String... fields) {
    Map<String, Location> m = new LinkedHashMap<>();
    for (int i = 0; i < fields.length; i++) {
      m.put(fields[i], at(file, line + i + 1));
    }
    return new Provenance(at(file, line), m);
  }

  static Fabric canonicalFabric() {
    TrafficClass rdma =
        new TrafficClass(
            "rdma",
            List.of(26),
            false,
            3,
            3,
            true,
            new Ecn(new Size(150_000), new Size(1_500_000), 100, prov("fabric.yaml", 16)),
            new Scheduler(Scheduler.Type.DWRR, 50, prov("fabric.yaml", 17)),
            null,
            prov("fabric.yaml", 10, "name", "dscp", "priority", "queue", "lossless"));
    TrafficClass cnp =
        new TrafficClass(
            "cnp",
            List.of(48),
            false,
            6,
            6,
            false,
            null,
            new Scheduler(Scheduler.Type.STRICT, null, prov("fabric.yaml", 22)),
            "cnp",
            prov("fabric.yaml", 18, "name", "dscp", "priority"));
    TrafficClass dflt =
        new TrafficClass(
            "default",
            List.of(),
            true,
            0,
            0,
            false,
            null,
            new Scheduler(Scheduler.Type.DWRR, 50, prov("fabric.yaml", 27)),
            null,
            prov("fabric.yaml", 24, "name", "dscp", "priority"));
    return Fabric.builder("roce-pod-a", Transport.ROCE_V2)
        .mtu(new RoceMtu(9216, 4200, 4096, prov("fabric.yaml", 4, "switch", "nic", "roce")))
        .trafficClasses(List.of(rdma, cnp, dflt))
        .pfc(
            new Pfc(
                new Watchdog(
                    true,
                    TimeSpan.ofMillis(200),
                    TimeSpan.ofMillis(400),
                    Watchdog.Action.DROP,
                    TimeSpan.ofMillis(200),
                    prov("fabric.yaml", 29)),
                false,
                prov("fabric.yaml", 28, "watchdog", "link-pause")))
        .congestionControl(CongestionControl.DCQCN)
        .ecmp(
            new Ecmp(
                List.of("src-ip", "dst-ip", "ip-protocol", "l4-src-port", "l4-dst-port"),
                prov("fabric.yaml", 32, "hash-fields")))
        .versions(new Versions(Map.of(), Map.of(), prov("fabric.yaml", 34)))
        .at(
            prov(
                "fabric.yaml",
                2,
                "name",
                "transport",
                "mtu",
                "traffic-classes",
                "pfc",
                "congestion-control",
                "ecmp"))
        .build();
  }

  /**
   * {@code leaves} leaf switches (asic {@code asic}), each with host ports Ethernet0..Ethernet{n-1}
   * in scrambled order, one 400G host per port with a 5 m cable; plus one 100 m fabric port
   * Ethernet256.
   */
  static FabricModel model(Fabric fabric, int leaves, int hostPorts, String asic) {
    Map<String, Profile> profiles = new LinkedHashMap<>();
    profiles.put(
        "host-400g",
        new Profile(
            "host-400g",
            new Speed(400),
            null,
            PortRole.HOST_FACING,
            null,
            prov("profiles.yaml", 2, "speed", "role")));
    profiles.put(
        "fabric-400g",
        new Profile(
            "fabric-400g",
            new Speed(400),
            null,
            PortRole.FABRIC,
            null,
            prov("profiles.yaml", 3, "speed", "role")));
    List<Switch> switches = new ArrayList<>();
    List<Host> hosts = new ArrayList<>();
    List<Link> links = new ArrayList<>();
    int line = 1;
    for (int l = 1; l <= leaves; l++) {
      String name = String.format("leaf-%02d", l);
      List<Port> ports = new ArrayList<>();
      for (int i = hostPorts - 1;
          i >= 0;
          i--) { // reverse order: compiled ports must come out sorted
        ports.add(
            new Port(
                "Ethernet" + i * 8,
                "host-400g",
                null,
                null,
                null,
                null,
                prov("switches.yaml", line++, "name", "profile")));
        String host = String.format("gpu-%s-%03d", name, i);
        hosts.add(
            new Host(
                host,
                List.of(
                    new Nic(
                        "eth0",
                        "mlx5_0",
                        "connectx-7",
                        "28.43.1014",
                        new Speed(400),
                        prov(
                            "hosts.yaml",
                            line++,
                            "name",
                            "rdma-device",
                            "model",
                            "firmware",
                            "speed"))),
                List.of(),
                prov("hosts.yaml", line++, "name")));
        links.add(
            new Link(
                new Endpoint(name, "Ethernet" + i * 8, at("links.yaml", line)),
                new Endpoint(host, "eth0", at("links.yaml", line)),
                new Length(5),
                prov("links.yaml", line++, "a", "b", "cable-length")));
      }
      ports.add(
          new Port(
              "Ethernet256",
              "fabric-400g",
              null,
              9216,
              null,
              null,
              prov("switches.yaml", line++, "name", "profile", "mtu")));
      links.add(
          new Link(
              new Endpoint(name, "Ethernet256", at("links.yaml", line)),
              new Endpoint("spine-01", "Ethernet" + l, at("links.yaml", line)),
              new Length(100),
              prov("links.yaml", line++, "a", "b", "cable-length")));
      switches.add(
          new Switch(
              name,
              "leaf",
              "sonic",
              asic,
              "202411",
              new Management(
                  "127.0.0.1",
                  18300 + l,
                  "lab",
                  prov("switches.yaml", line++, "host", "port", "credentials")),
              ports,
              null,
              prov("switches.yaml", line++, "name", "role", "platform", "asic", "os-version")));
    }
    return FabricModel.of(
        "inventories/test", fabric, profiles, switches, hosts, links, null, List.of());
  }
}
