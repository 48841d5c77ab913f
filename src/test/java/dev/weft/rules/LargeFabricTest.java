package dev.weft.rules;

import static dev.weft.rules.TestFabric.at;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.finding.Finding;
import dev.weft.model.Endpoint;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Nic;
import dev.weft.model.Port;
import dev.weft.model.Switch;
import dev.weft.units.Length;
import dev.weft.units.Speed;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A fabric at the size the brief names (1,024 leaves, 32,768 NICs, 64 spines) with two planted
 * defects: the rules must find exactly those. Rules that scanned lists inside loops would make this
 * test run for minutes instead of about a second; the test asserts results only.
 */
class LargeFabricTest {

  @Test
  void findsExactlyThePlantedDefectsAmongThousandsOfDevices() {
    int leaves = 1024;
    int hostsPerLeaf = 32;
    int spines = 64;
    List<Switch> switches = new ArrayList<>();
    List<Host> hosts = new ArrayList<>();
    List<Link> links = new ArrayList<>();
    int line = 1000;
    for (int s = 0; s < spines; s++) {
      List<Port> ports = new ArrayList<>();
      for (int l = 0; l < leaves; l += 16) {
        ports.add(new Port("Ethernet" + l, "fabric", null, null, null, null, at(line++)));
      }
      switches.add(
          new Switch(
              "spine-" + s, "spine", "sonic", null, "202411", null, ports, null, at(line++)));
    }
    for (int l = 0; l < leaves; l++) {
      List<Port> ports = new ArrayList<>();
      for (int h = 0; h < hostsPerLeaf; h++) {
        String host = "gpu-" + l + "-" + h;
        ports.add(new Port("Ethernet" + h, "host", null, null, null, null, at(line++)));
        hosts.add(
            new Host(
                host,
                List.of(
                    new Nic(
                        "eth0",
                        null,
                        "connectx-7",
                        "28.43.1014",
                        new Speed(400),
                        at(line++, "firmware"))),
                List.of(),
                at(line++)));
        links.add(
            new Link(
                new Endpoint("leaf-" + l, "Ethernet" + h, TestFabric.line(line++)),
                new Endpoint(host, "eth0", TestFabric.line(line++)),
                new Length(3),
                at(line++)));
      }
      Integer odd = l == 700 ? 9100 : null; // planted: mtu-link-mismatch on leaf-700's uplink
      ports.add(
          new Port(
              "Ethernet64", "fabric", null, odd, null, null, at(line++, "name", "profile", "mtu")));
      switches.add(
          new Switch("leaf-" + l, "leaf", "sonic", null, "202411", null, ports, null, at(line++)));
      links.add(
          new Link(
              new Endpoint("leaf-" + l, "Ethernet64", TestFabric.line(line++)),
              new Endpoint(
                  "spine-" + (l % spines),
                  "Ethernet" + (l / spines * 16 % leaves),
                  TestFabric.line(line++)),
              l == 900 ? null : new Length(30),
              at(line++))); // planted: cable-length-missing
    }
    FabricModel base = TestFabric.model(TestFabric.cleanFabric());
    FabricModel model =
        FabricModel.of(
            "inv", base.fabric(), base.profiles(), switches, hosts, links, null, List.of());
    assertEquals(leaves * hostsPerLeaf, hosts.size());

    List<Finding> findings =
        new RuleEngine(dev.weft.rules.builtin.BuiltInRules.catalog(), Map.of())
            .run(new RuleInput(model, null, LocalDate.of(2026, 6, 1)));

    assertEquals(
        List.of("mtu-link-mismatch leaf-700", "cable-length-missing leaf-900"),
        findings.stream().map(f -> f.rule() + " " + f.device()).toList(),
        findings.toString());
  }
}
