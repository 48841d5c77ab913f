package dev.weft.cabling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.platform.LldpdJson;
import dev.weft.platform.Neighbour;
import dev.weft.platform.ReadException;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.TestYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The comparison of neighbours with {@code inventories/roce-pod-a}'s declared links, from the
 * neighbour lists each device would report (the lab test {@code CablingOnLabTest} has real lldpd
 * report them): one finding per mistake, never one per port it touches.
 */
class CablingCheckTest {

  private static FabricModel model;

  @BeforeAll
  static void readPodA() throws Exception {
    model =
        TestPlatforms.intentReader()
            .read(
                new WorkingTreeSource(
                    TestYaml.projectDir(), TestYaml.projectDir().resolve("inventories/roce-pod-a")))
            .model();
  }

  /**
   * Every switch's neighbours as the declared cabling gives them, after {@code recable} moved some
   * ends.
   */
  private static List<Observation> switches(Map<String, String> recable) {
    Map<String, List<Neighbour>> by = new TreeMap<>();
    model.switches().forEach(s -> by.put(s.name(), new ArrayList<>()));
    for (Link l : model.links()) {
      String a = recable.getOrDefault(l.a().toString(), l.a().toString());
      String b = recable.getOrDefault(l.b().toString(), l.b().toString());
      if (a.isEmpty() || b.isEmpty()) {
        continue; // unplugged
      }
      add(by, a, b);
      add(by, b, a);
    }
    return by.entrySet().stream().map(e -> Observation.read(e.getKey(), e.getValue())).toList();
  }

  private static void add(Map<String, List<Neighbour>> by, String local, String peer) {
    String[] l = local.split(":");
    String[] p = peer.split(":");
    if (by.containsKey(l[0])) {
      by.get(l[0]).add(new Neighbour(l[1], p[0], p[1]));
    }
  }

  private static List<String> ids(List<Finding> findings) {
    return findings.stream().map(f -> f.rule() + " " + f.device() + " " + f.port()).toList();
  }

  @Test
  void cabledAsDeclaredNothingIsFoundAndEveryLinkIsOk() {
    CablingCheck.Result r = new CablingCheck(model).check(switches(Map.of()));
    assertEquals(List.of(), r.findings());
    assertTrue(
        r.links().stream().allMatch(s -> s.state() == LinkState.State.OK), r.links().toString());
  }

  @Test
  void twoNicsSwappedAreOneSwapNamingBothLinksTheirRailsAndTheExchange() {
    CablingCheck.Result r =
        new CablingCheck(model)
            .check(
                switches(Map.of("gpu-003:eth0", "gpu-003:eth1", "gpu-003:eth1", "gpu-003:eth0")));
    assertEquals(List.of("cabling-swap gpu-003 eth0"), ids(r.findings()));
    String m = r.findings().get(0).message();
    assertTrue(
        m.contains("leaf-01:Ethernet16 (rail 0)–gpu-003:eth0 (rail 0)")
            && m.contains("leaf-02:Ethernet16 (rail 1)–gpu-003:eth1 (rail 1)")
            && m.endsWith("exchange the cables at gpu-003:eth0 and gpu-003:eth1"),
        m);
    assertEquals(2, r.links().stream().filter(s -> s.state() == LinkState.State.SWAPPED).count());
  }

  @Test
  void anUplinkOnAnotherSpinePortIsOneWrongNeighbourWithTheMove() {
    CablingCheck.Result r =
        new CablingCheck(model)
            .check(switches(Map.of("spine-02:Ethernet8", "spine-02:Ethernet48")));
    assertEquals(List.of("cabling-wrong-neighbour leaf-02 Ethernet264"), ids(r.findings()));
    Finding f = r.findings().get(0);
    assertEquals("spine-02:Ethernet8", f.expected());
    assertEquals("spine-02:Ethernet48", f.actual());
    assertTrue(
        f.message().endsWith("move the cable at spine-02:Ethernet48 to spine-02:Ethernet8"),
        f.message());
  }

  @Test
  void anUnpluggedCableIsMissingAndACableOnTwoUndeclaredPortsUnknown() {
    List<Observation> seen = new ArrayList<>(switches(Map.of("gpu-010:eth1", "")));
    CablingCheck.Result r = new CablingCheck(model).check(seen);
    assertEquals(List.of("cabling-missing leaf-04 Ethernet8"), ids(r.findings()));
    List<Neighbour> leaf = new ArrayList<>(seen.get(0).neighbours());
    leaf.add(new Neighbour("Ethernet120", "lab-pc", "eno1"));
    seen.set(0, Observation.read("leaf-01", leaf));
    assertEquals(
        List.of(
            "cabling-missing leaf-04 Ethernet8", "cabling-unknown-neighbour leaf-01 Ethernet120"),
        ids(new CablingCheck(model).check(seen).findings()));
  }

  @Test
  void aDeviceThatServesNoNeighboursIsInformationAndItsLinksAreJudgedFromTheOtherEnd() {
    List<Observation> seen = new ArrayList<>(switches(Map.of()));
    seen.set(0, Observation.notServed("leaf-01", "the device does not answer `lldpctl -f json`"));
    CablingCheck.Result r = new CablingCheck(model).check(seen);
    assertEquals(List.of("cabling-not-served leaf-01 null"), ids(r.findings()));
    // leaf-01's host links have no other read end: not judged; its uplinks are seen from the spines
    assertEquals(8, r.links().stream().filter(s -> s.state() == LinkState.State.NOT_READ).count());
  }

  @Test
  void lldpdsJsonIsReadWithOneInterfaceAsAnObjectAndManyAsAList() throws ReadException {
    String one =
        """
        {"lldp": {"interface": {"Ethernet0": {"via": "LLDP", "chassis": {"gpu-001": {"id": {"type": "mac",
          "value": "fa:a4:a8:ad:1f:8b"}}}, "port": {"id": {"type": "ifname", "value": "eth0"}, "descr": "eth0"}}}}}
        """;
    assertEquals(
        List.of(new Neighbour("Ethernet0", "gpu-001", "eth0")),
        new LldpdJson().read(one, "leaf-01"));
    String many =
        """
        {"lldp": {"interface": [{"eth1": {"chassis": {"leaf-02": {}}, "port": {"id": {"type": "mac", "value":
          "d2:dc:bf:38:a8:a1"}, "descr": "Ethernet0"}}}, {"eth0": {"chassis": {"leaf-01": {}}, "port": {"id":
          {"type": "local", "value": "Ethernet0"}}}}]}}
        """;
    assertEquals(
        List.of(
            new Neighbour("eth0", "leaf-01", "Ethernet0"),
            new Neighbour("eth1", "leaf-02", "Ethernet0")),
        new LldpdJson().read(many, "gpu-001"));
    assertEquals(List.of(), new LldpdJson().read("{\"lldp\": {}}", "gpu-001"));
  }
}
