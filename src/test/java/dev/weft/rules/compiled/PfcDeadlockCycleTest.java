package dev.weft.rules.compiled;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.rules.RuleInput;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The buffer-dependency analysis on cabling built in code: which topologies loop, and what a cycle
 * says.
 */
class PfcDeadlockCycleTest {

  /** Cables between switches; each link gets its own line in a pretend links.yaml. */
  private static final class Cabling {
    final Map<String, String> roles = new LinkedHashMap<>();
    final Map<String, List<CompiledPort>> ports = new HashMap<>();
    final Map<String, Integer> nextPort = new HashMap<>();
    int line = 1;

    Cabling sw(String name, String role) {
      roles.put(name, role);
      ports.put(name, new ArrayList<>());
      return this;
    }

    Cabling link(String a, String b) {
      return link(a, b, List.of(3), List.of(3));
    }

    Cabling link(String a, String b, List<Integer> pfcA, List<Integer> pfcB) {
      Location at = new Location("links.yaml", line++, 5);
      String pa = "Ethernet" + nextPort.merge(a, 1, Integer::sum);
      String pb = "Ethernet" + nextPort.merge(b, 1, Integer::sum);
      ports.get(a).add(port(pa, b + ":" + pb, pfcA, at));
      ports.get(b).add(port(pb, a + ":" + pa, pfcB, at));
      return this;
    }

    private static CompiledPort port(String name, String peer, List<Integer> pfc, Location link) {
      return CompiledPort.builder()
          .name(name)
          .peer(peer)
          .pfcPriorities(pfc)
          .provenance(Map.of("peer", link))
          .build();
    }

    CompiledFabric fabric() {
      List<CompiledDevice> devices = new ArrayList<>();
      roles.forEach(
          (name, role) ->
              devices.add(
                  CompiledSwitch.builder().name(name).role(role).ports(ports.get(name)).build()));
      return new CompiledFabric("test", devices);
    }
  }

  /** A two-tier Clos: every leaf to every spine. */
  private static Cabling clos(int leaves, int spines) {
    Cabling c = new Cabling();
    for (int l = 1; l <= leaves; l++) {
      c.sw("leaf-" + l, "leaf");
    }
    for (int s = 1; s <= spines; s++) {
      c.sw("spine-" + s, "spine");
    }
    for (int l = 1; l <= leaves; l++) {
      for (int s = 1; s <= spines; s++) {
        c.link("leaf-" + l, "spine-" + s);
      }
    }
    return c;
  }

  @Test
  void aClosRoutedUpDownHasNoCycle() {
    assertEquals(List.of(), PfcDeadlockCycle.cycles(clos(4, 2).fabric()));
  }

  @Test
  void aLeafToLeafLinkClosesALoopInEachDirection() {
    CompiledFabric f = clos(4, 2).link("leaf-1", "leaf-2").fabric();
    List<PfcDeadlockCycle.Cycle> cycles = PfcDeadlockCycle.cycles(f);
    assertEquals(2, cycles.size(), cycles.toString());
    for (PfcDeadlockCycle.Cycle c : cycles) {
      assertEquals(List.of(3), c.priorities());
      assertEquals("lateral", c.hops().get(0).direction());
      assertEquals(new Location("links.yaml", 9, 5), c.hops().get(0).link());
      assertClosed(c);
      assertEquals(3, c.hops().size(), "the shortest loop: lateral, up, down");
    }
    // one finding for the cable, not one per direction
    List<Finding> findings =
        new PfcDeadlockCycle().check(new RuleInput(null, f, LocalDate.of(2026, 6, 1)));
    assertEquals(1, findings.size());
    assertEquals(new Location("links.yaml", 9, 5), findings.get(0).location());
    assertTrue(findings.get(0).message().contains("mirror loop"), findings.get(0).message());
  }

  @Test
  void aSpineToSpineLinkLoopsThroughTheSuperSpines() {
    Cabling c =
        new Cabling()
            .sw("leaf-1", "leaf")
            .sw("leaf-2", "leaf")
            .sw("spine-1", "spine")
            .sw("spine-2", "spine")
            .sw("super-1", "super-spine");
    c.link("leaf-1", "spine-1")
        .link("leaf-2", "spine-2")
        .link("spine-1", "super-1")
        .link("spine-2", "super-1")
        .link("spine-1", "spine-2");
    List<PfcDeadlockCycle.Cycle> cycles = PfcDeadlockCycle.cycles(c.fabric());
    assertEquals(2, cycles.size());
    cycles.forEach(PfcDeadlockCycleTest::assertClosed);
    assertTrue(cycles.get(0).hops().stream().anyMatch(h -> h.toRole().equals("super-spine")));
  }

  @Test
  void twoLeavesCabledOnlyToEachOtherDoNotLoop() {
    // no route turns back over the link it came in on, so a single lateral link alone waits on
    // nothing
    assertEquals(
        List.of(),
        PfcDeadlockCycle.cycles(
            new Cabling()
                .sw("leaf-1", "leaf")
                .sw("leaf-2", "leaf")
                .link("leaf-1", "leaf-2")
                .fabric()));
  }

  @Test
  void aLateralLinkLossyAtEitherEndBreaksTheLoop() {
    assertEquals(
        List.of(),
        PfcDeadlockCycle.cycles(
            clos(2, 1).link("leaf-1", "leaf-2", List.of(), List.of()).fabric()));
    assertEquals(
        List.of(),
        PfcDeadlockCycle.cycles(
            clos(2, 1).link("leaf-1", "leaf-2", List.of(3), List.of()).fabric()));
  }

  @Test
  void eachLosslessPriorityIsItsOwnGraph() {
    Cabling c = new Cabling().sw("leaf-1", "leaf").sw("leaf-2", "leaf").sw("spine-1", "spine");
    c.link("leaf-1", "spine-1", List.of(3, 4), List.of(3, 4))
        .link("leaf-2", "spine-1", List.of(3, 4), List.of(3, 4))
        .link("leaf-1", "leaf-2", List.of(4), List.of(4));
    List<PfcDeadlockCycle.Cycle> cycles = PfcDeadlockCycle.cycles(c.fabric());
    assertEquals(2, cycles.size());
    cycles.forEach(cy -> assertEquals(List.of(4), cy.priorities()));
  }

  @Test
  void aLargeFabricWithLateralLinksIsOneCyclicRegionPerDirection() {
    // 256 leaves x 32 spines (8,192 cables), every leaf pair cabled sideways: the search visits the
    // whole
    // channel graph (about 270,000 turns) and still reports one region per direction
    Cabling c = clos(256, 32);
    for (int l = 1; l <= 256; l += 2) {
      c.link("leaf-" + l, "leaf-" + (l + 1));
    }
    List<PfcDeadlockCycle.Cycle> cycles = PfcDeadlockCycle.cycles(c.fabric());
    assertTrue(cycles.size() >= 1, "cycles found");
    for (PfcDeadlockCycle.Cycle cy : cycles) {
      assertClosed(cy);
      assertEquals("lateral", cy.hops().get(0).direction());
    }
    int regionChannels = cycles.stream().mapToInt(PfcDeadlockCycle.Cycle::regionLinks).sum();
    assertTrue(regionChannels > 256, "the regions span the fabric: " + regionChannels);
  }

  /**
   * Each hop starts on the switch where the previous one ended, and the last ends where the first
   * starts.
   */
  private static void assertClosed(PfcDeadlockCycle.Cycle c) {
    List<PfcDeadlockCycle.Hop> hops = c.hops();
    for (int i = 0; i < hops.size(); i++) {
      PfcDeadlockCycle.Hop h = hops.get(i);
      PfcDeadlockCycle.Hop next = hops.get((i + 1) % hops.size());
      assertEquals(h.toDevice(), next.fromDevice(), "hop " + (i + 1) + " of " + hops);
    }
  }
}
