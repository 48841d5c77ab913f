package dev.weft.intent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Location;
import dev.weft.model.CongestionControl;
import dev.weft.model.EffectivePort;
import dev.weft.model.FabricModel;
import dev.weft.model.PortRole;
import dev.weft.model.Scheduler;
import dev.weft.model.TrafficClass;
import dev.weft.model.Transport;
import dev.weft.model.Watchdog;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.TestYaml;
import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;
import dev.weft.units.TimeSpan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The shipped example inventory: clean, and mapped to exactly the pod it describes. */
class ExampleInventoryTest {

  private static IntentResult result;
  private static FabricModel model;

  @BeforeAll
  static void read() throws Exception {
    Path root = TestYaml.projectDir();
    result =
        TestPlatforms.intentReader()
            .read(new WorkingTreeSource(root, root.resolve("inventories/roce-pod-a")));
    model = result.model();
  }

  @Test
  void loadsWithZeroFindings() {
    assertEquals(List.of(), result.findings());
    assertNotNull(model);
    assertEquals("inventories/roce-pod-a", model.inventory());
    assertEquals(8, result.loaded().files().size());
  }

  @Test
  void hasTheDevicesAndCablesOfTheDesign() {
    assertEquals(6, model.switches().size());
    assertEquals(4, model.switches().stream().filter(s -> s.role().equals("leaf")).count());
    assertEquals(16, model.hosts().size());
    assertEquals(40, model.links().size());
    long hostLinks = model.links().stream().filter(l -> l.b().device().startsWith("gpu-")).count();
    assertEquals(32, hostLinks);
    assertTrue(
        model.hosts().stream()
            .allMatch(
                h ->
                    h.nics().size() == 2
                        && h.nics().stream()
                            .allMatch(
                                n ->
                                    n.speed().equals(new Speed(400))
                                        && "28.43.1014".equals(n.firmware()))));
  }

  @Test
  void isRailOptimised() {
    // NIC n of every node of a scalable unit lands on one leaf per rail, 8 nodes per leaf.
    Map<String, Set<String>> leavesByRail =
        model.links().stream()
            .filter(l -> l.b().device().startsWith("gpu-"))
            .collect(
                Collectors.groupingBy(
                    l -> l.b().port(),
                    Collectors.mapping(l -> l.a().device(), Collectors.toSet())));
    assertEquals(Set.of("leaf-01", "leaf-03"), leavesByRail.get("eth0"));
    assertEquals(Set.of("leaf-02", "leaf-04"), leavesByRail.get("eth1"));
    for (String leaf : List.of("leaf-01", "leaf-02", "leaf-03", "leaf-04")) {
      for (String spine : List.of("spine-01", "spine-02")) {
        assertTrue(
            model.links().stream()
                .anyMatch(l -> l.a().device().equals(leaf) && l.b().device().equals(spine)),
            leaf + " to " + spine);
      }
    }
  }

  @Test
  void carriesNvidiasTrafficPlanWithDefaultsApplied() {
    assertEquals(Transport.ROCE_V2, model.fabric().transport());
    assertEquals(CongestionControl.DCQCN, model.fabric().congestionControl());
    TrafficClass rdma = model.fabric().trafficClasses().get(0);
    assertEquals(List.of(26), rdma.dscp());
    assertEquals(3, rdma.priority());
    assertEquals(3, rdma.queue(), "queue defaults to the priority");
    assertTrue(rdma.lossless());
    assertEquals(new Size(150_000), rdma.ecn().min());
    assertEquals(new Size(1_500_000), rdma.ecn().max());
    assertEquals(Scheduler.Type.DWRR, rdma.scheduler().type());
    assertEquals(50, rdma.scheduler().weight());
    TrafficClass cnp = model.fabric().trafficClasses().get(1);
    assertTrue(cnp.isCnp());
    assertFalse(cnp.lossless(), "lossless defaults to false");
    assertEquals(Scheduler.Type.STRICT, cnp.scheduler().type());
    TrafficClass best = model.fabric().trafficClasses().get(2);
    assertTrue(best.dscpDefault());
    assertEquals(List.of(), best.dscp());
    Watchdog wd = model.fabric().pfc().watchdog();
    assertTrue(wd.enabled());
    assertEquals(TimeSpan.ofMillis(200), wd.poll(), "poll defaults to 200ms");
    assertFalse(wd.at().written("poll"));
    assertFalse(model.fabric().pfc().linkPause());
    assertEquals(Map.of("sonic", "202411"), model.fabric().versions().switchOs());
    assertEquals(9216, model.fabric().mtu().switchMtu());
    assertEquals(4096, model.fabric().mtu().roce());
  }

  @Test
  void effectiveValuesPointAtTheLinesThatSetThem() {
    EffectivePort uplink =
        model.effectivePorts().stream()
            .filter(p -> p.deviceName().equals("leaf-03") && p.portName().equals("Ethernet264"))
            .findFirst()
            .orElseThrow();
    assertEquals(9216, uplink.mtu().value());
    assertEquals("fabric", uplink.mtu().layer());
    assertEquals(new Location("inventories/roce-pod-a/fabric.yaml", 9, 13), uplink.mtu().origin());
    assertEquals(new Speed(400), uplink.speed().value());
    assertEquals("profile:fabric-400g", uplink.speed().layer());
    assertEquals(
        new Location("inventories/roce-pod-a/profiles.yaml", 5, 25), uplink.speed().origin());
    assertEquals(PortRole.FABRIC, uplink.role().value());
    assertEquals("spine-02:Ethernet16", uplink.peer().toString());
    assertEquals(new Length(30), uplink.cableLength().value());
    assertEquals("inventories/roce-pod-a/links/fabric.yaml", uplink.cableLength().origin().file());
  }

  @Test
  void managementIsLoopbackOnlyWithNamedCredentials() {
    assertTrue(
        model.switches().stream()
            .allMatch(
                s ->
                    s.management().host().equals("127.0.0.1")
                        && s.management().port() >= 18301
                        && s.management().port() <= 18306
                        && s.management().credentials().equals("lab")));
    assertEquals(6, model.switches().stream().map(s -> s.management().port()).distinct().count());
  }

  @Test
  void everyShippedInventoryReadsWithoutYamlOrSchemaFindings() throws Exception {
    Path root = TestYaml.projectDir();
    List<Path> inventories;
    try (var dirs = java.nio.file.Files.list(root.resolve("inventories"))) {
      inventories = dirs.filter(java.nio.file.Files::isDirectory).sorted().toList();
    }
    assertTrue(inventories.size() >= 1);
    IntentReader reader = TestPlatforms.intentReader();
    for (Path inv : inventories) {
      IntentResult r = reader.read(new WorkingTreeSource(root, inv));
      assertEquals(List.of(), r.findings(), inv.toString());
      assertNotNull(r.model(), inv.toString());
    }
  }
}
