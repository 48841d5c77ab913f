package dev.weft.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.model.PinnedHeadroom;
import dev.weft.model.Sourced;
import dev.weft.render.TemplateData;
import dev.weft.units.Size;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CompilerTest {

  private static CompileResult compileCanonical(int leaves, int ports) {
    return Compiler.compile(
        TestFabrics.model(TestFabrics.canonicalFabric(), leaves, ports, "spectrum-4"),
        AsicProfiles.builtIn());
  }

  @Test
  void dscpMapIsCompleteAndFollowsThePlan() {
    CompiledSwitch leaf = compileCanonical(1, 2).fabric().switches().get(0);
    assertEquals(64, leaf.dscpToPriority().size());
    assertEquals(3, leaf.dscpToPriority().get(26));
    assertEquals(6, leaf.dscpToPriority().get(48));
    assertEquals(0, leaf.dscpToPriority().get(0));
    assertEquals(0, leaf.dscpToPriority().get(63));
    assertEquals(List.of(3), leaf.losslessPriorities());
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), leaf.priorityToQueue());
    assertEquals(List.of(0, 0, 0, 3, 0, 0, 0, 0), leaf.priorityToPriorityGroup());
    assertEquals(6, leaf.cnpPriority());
    assertEquals(48, leaf.cnpDscp());
    assertEquals(
        "fabric.yaml:12:3",
        leaf.owner("dscp_to_priority.26").toString(),
        "26 comes from rdma's dscp line");
  }

  @Test
  void queuesCarrySchedulerAndEcn() {
    CompiledSwitch leaf = compileCanonical(1, 1).fabric().switches().get(0);
    assertEquals(
        List.of(
            new CompiledQueue(0, "default", "dwrr", 50, null, false),
            new CompiledQueue(3, "rdma", "dwrr", 50, "rdma", true),
            new CompiledQueue(6, "cnp", "strict", null, null, false)),
        leaf.queues());
    assertEquals(List.of(new EcnProfile("rdma", 150_000, 1_500_000, 100)), leaf.ecnProfiles());
    assertEquals(new CompiledWatchdog(true, "drop", 200, 400, 200), leaf.watchdog());
  }

  @Test
  void portsAreInNaturalOrderWithPfcWatchdogAndHeadroom() {
    CompiledSwitch leaf = compileCanonical(1, 3).fabric().switches().get(0);
    assertEquals(
        List.of("Ethernet0", "Ethernet8", "Ethernet16", "Ethernet256"),
        leaf.ports().stream().map(CompiledPort::name).toList());
    CompiledPort host = leaf.port("Ethernet0");
    assertEquals(400, host.speedGbps());
    assertEquals(9216, host.mtu());
    assertEquals(5, host.cableLengthMetres());
    assertEquals("host-facing", host.role());
    assertEquals(List.of(3), host.pfcPriorities());
    assertEquals(List.of(3), host.pfcQueues());
    assertEquals(List.of(3), host.watchdogQueues());
    assertTrue(host.watchdog());
    assertFalse(host.linkPause());
    // 400G x 5 m on spectrum-4: see HeadroomTest.fourHundredGigFiveMetres
    assertEquals(
        List.of(
            new PriorityGroupHeadroom(
                3, List.of(3), 145_408, 19_456, 164_864, 145_408L, "computed")),
        host.headroom());
    // 400G x 100 m: see HeadroomTest.fourHundredGigHundredMetres
    assertEquals(240_640, leaf.port("Ethernet256").headroom().get(0).xoff());
    assertEquals("links.yaml", host.owner("cable_length_m").file());
    assertEquals(
        "profiles.yaml:3:3", host.owner("speed_gbps").toString(), "speed comes from the profile");
  }

  @Test
  void nicCarriesTosPfcVectorAndCnp() {
    CompiledHost host = compileCanonical(1, 1).fabric().hosts().get(0);
    CompiledNic nic = host.nics().get(0);
    assertEquals(106, nic.roceTos(), "DSCP 26 << 2 | ECT(0)");
    assertEquals(26, nic.roceDscp());
    assertEquals(List.of(0, 0, 0, 1, 0, 0, 0, 0), nic.pfc());
    assertEquals(List.of(0, 0, 0, 1, 0, 0, 0, 0), nic.ecnReactionPoint());
    assertEquals(List.of(0, 0, 0, 1, 0, 0, 0, 0), nic.ecnNotificationPoint());
    assertEquals(48, nic.cnpDscp());
    assertEquals(6, nic.cnpPriority());
    assertEquals(4200, nic.mtu());
    assertEquals(4096, nic.roceMtu());
    assertEquals(5, nic.cableLengthMetres());
    assertEquals("leaf-01:Ethernet0", nic.peer());
    assertTrue(nic.trustDscp());
    assertEquals(64, nic.dscpToPriority().size());
  }

  @Test
  void compileIsDeterministic() {
    FabricModel model = TestFabrics.model(TestFabrics.canonicalFabric(), 20, 16, "spectrum-4");
    CompileResult a = Compiler.compile(model, AsicProfiles.builtIn());
    CompileResult b = Compiler.compile(model, AsicProfiles.builtIn());
    assertEquals(a, b);
    assertEquals(
        a.fabric().devices().stream().map(TemplateData::of).toList().toString(),
        b.fabric().devices().stream().map(TemplateData::of).toList().toString());
    assertEquals("leaf-01", a.fabric().devices().get(0).name());
    assertEquals(20 + 20 * 16, a.fabric().devices().size());
  }

  @Test
  void unknownAsicCompilesWithoutHeadroom() {
    CompileResult r =
        Compiler.compile(
            TestFabrics.model(TestFabrics.canonicalFabric(), 1, 1, "tomahawk-9"),
            AsicProfiles.builtIn());
    CompiledSwitch leaf = r.fabric().switches().get(0);
    assertNull(leaf.asicProfileVersion());
    assertTrue(leaf.port("Ethernet0").headroom().isEmpty());
    assertEquals(
        List.of(), r.findings(), "a missing profile is the asic-profile-missing rule's to report");
  }

  @Test
  void missingCableLengthIsAFindingNotAGuess() {
    FabricModel base = TestFabrics.model(TestFabrics.canonicalFabric(), 1, 1, "spectrum-4");
    List<Link> links =
        base.links().stream()
            .map(l -> l.a().port().equals("Ethernet0") ? new Link(l.a(), l.b(), null, l.at()) : l)
            .toList();
    FabricModel model =
        FabricModel.of(
            base.inventory(),
            base.fabric(),
            base.profiles(),
            base.switches(),
            base.hosts(),
            links,
            null,
            List.of());
    CompileResult r = Compiler.compile(model, AsicProfiles.builtIn());
    assertTrue(r.fabric().switches().get(0).port("Ethernet0").headroom().isEmpty());
    assertEquals(
        List.of(),
        r.findings(),
        "cable-length-missing reports it; the compiler only declines to guess");
    assertEquals(1, r.fabric().switches().get(0).port("Ethernet256").headroom().size());
  }

  @Test
  void speedWithoutPauseQuantaGetsNoHeadroom() {
    FabricModel base = TestFabrics.model(TestFabrics.canonicalFabric(), 1, 1, "spectrum-4");
    List<dev.weft.model.Port> ports =
        base.switches().get(0).ports().stream()
            .map(
                p ->
                    p.name().equals("Ethernet0")
                        ? new dev.weft.model.Port(
                            p.name(),
                            p.profile(),
                            new dev.weft.units.Speed(1600),
                            p.mtu(),
                            p.role(),
                            p.description(),
                            TestFabrics.prov("switches.yaml", 200, "name", "profile", "speed"))
                        : p)
            .toList();
    dev.weft.model.Switch s = base.switches().get(0);
    dev.weft.model.Switch changed =
        new dev.weft.model.Switch(
            s.name(),
            s.role(),
            s.platform(),
            s.asic(),
            s.osVersion(),
            s.management(),
            ports,
            s.nodeGuid(),
            s.at());
    FabricModel model =
        FabricModel.of(
            base.inventory(),
            base.fabric(),
            base.profiles(),
            List.of(changed),
            base.hosts(),
            base.links(),
            null,
            List.of());
    CompileResult r = Compiler.compile(model, AsicProfiles.builtIn());
    assertEquals(
        List.of(), r.findings(), "headroom-uncomputable reports it from the compiled port");
    assertTrue(
        r.fabric().switches().get(0).port("Ethernet0").headroom().isEmpty(),
        "refused, not guessed");
    assertEquals(1600, r.fabric().switches().get(0).port("Ethernet0").speedGbps());
    assertEquals(
        "switches.yaml:203:3",
        r.fabric().switches().get(0).port("Ethernet0").owner("speed_gbps").toString());
  }

  @Test
  void overrideKeepsTheComputedMinimum() {
    FabricModel model = TestFabrics.model(TestFabrics.canonicalFabric(), 1, 1, "spectrum-4");
    HeadroomOverrides overrides =
        ep ->
            ep.portName().equals("Ethernet0")
                ? Optional.of(
                    new Sourced<>(
                        PinnedHeadroom.xoffOnly(new Size(100_000)),
                        TestFabrics.at("switches.yaml", 99),
                        "port"))
                : Optional.empty();
    CompiledPort port =
        Compiler.compile(model, AsicProfiles.builtIn(), overrides)
            .fabric()
            .switches()
            .get(0)
            .port("Ethernet0");
    PriorityGroupHeadroom pg = port.headroom().get(0);
    assertEquals(100_000, pg.xoff());
    assertEquals(145_408L, pg.requiredXoff());
    assertEquals("override", pg.origin());
    assertEquals("switches.yaml:99:3", port.owner("headroom").toString());
  }

  @Test
  void templateMapHasPlainSortedValues() {
    Map<String, Object> view = TemplateData.of(compileCanonical(1, 1).fabric().switches().get(0));
    assertEquals("leaf-01", view.get("name"));
    assertEquals(List.copyOf(view.keySet()), view.keySet().stream().sorted().toList());
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> ports = (List<Map<String, Object>>) view.get("ports");
    assertEquals("Ethernet0", ports.get(0).get("name"));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> headroom = (List<Map<String, Object>>) ports.get(0).get("headroom");
    assertEquals(145_408L, headroom.get(0).get("xoff"));
    @SuppressWarnings("unchecked")
    Map<Integer, Integer> dscp = (Map<Integer, Integer>) view.get("dscp_to_priority");
    assertEquals(List.of(0, 1, 2), dscp.keySet().stream().limit(3).toList());
  }

  @Test
  void infinibandSwitchesHaveNoRoceParts() {
    FabricModel roce = TestFabrics.model(TestFabrics.canonicalFabric(), 1, 1, "spectrum-4");
    dev.weft.model.Fabric ib =
        new dev.weft.model.Fabric(
            "ib",
            dev.weft.model.Transport.INFINIBAND,
            null,
            null,
            List.of(),
            null,
            null,
            null,
            null,
            roce.fabric().at(),
            Map.of(),
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    FabricModel model =
        FabricModel.of(
            "inv",
            ib,
            roce.profiles(),
            roce.switches(),
            roce.hosts(),
            roce.links(),
            null,
            List.of());
    CompiledSwitch s = Compiler.compile(model, AsicProfiles.builtIn()).fabric().switches().get(0);
    assertTrue(s.dscpToPriority().isEmpty());
    assertTrue(s.port("Ethernet0").pfcPriorities().isEmpty());
  }

  /**
   * 1 000 switches with 32 host ports each (32 000 NICs): compiles with every device present and
   * the fabric-wide DSCP map shared, not copied per device (what keeps memory linear in the
   * inventory).
   */
  @Test
  void largeInventoryCompilesAndSharesTheFabricPlan() {
    FabricModel model = TestFabrics.model(TestFabrics.canonicalFabric(), 1000, 32, "spectrum-4");
    CompileResult r = Compiler.compile(model, AsicProfiles.builtIn());
    assertEquals(1000, r.fabric().switches().size());
    assertEquals(32_000, r.fabric().hosts().size());
    assertEquals(List.of(), r.findings());
    CompiledSwitch first = r.fabric().switches().get(0);
    CompiledSwitch last = r.fabric().switches().get(999);
    assertEquals("leaf-1000", last.name(), "natural order: leaf-1000 after leaf-999");
    assertTrue(
        first.dscpToPriority() == last.dscpToPriority(), "one DSCP map instance for every switch");
    assertTrue(
        first.dscpToPriority() == r.fabric().hosts().get(31_999).nics().get(0).dscpToPriority(),
        "and for every NIC");
    assertEquals(33, last.ports().size());
    assertEquals(145_408, last.port("Ethernet248").headroom().get(0).xoff());
  }

  @Test
  void pfcOnlyPlanTurnsDcqcnOffOnNics() {
    dev.weft.model.Fabric f = TestFabrics.canonicalFabric();
    dev.weft.model.Fabric pfcOnly =
        new dev.weft.model.Fabric(
            f.name(),
            f.transport(),
            f.description(),
            f.mtu(),
            f.trafficClasses(),
            f.pfc(),
            dev.weft.model.CongestionControl.PFC_ONLY,
            f.ecmp(),
            f.versions(),
            f.at(),
            Map.of(),
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    CompiledNic nic =
        Compiler.compile(TestFabrics.model(pfcOnly, 1, 1, "spectrum-4"), AsicProfiles.builtIn())
            .fabric()
            .hosts()
            .get(0)
            .nics()
            .get(0);
    assertEquals(List.of(0, 0, 0, 0, 0, 0, 0, 0), nic.ecnReactionPoint());
    assertEquals(List.of(0, 0, 0, 0, 0, 0, 0, 0), nic.ecnNotificationPoint());
    assertEquals(List.of(0, 0, 0, 1, 0, 0, 0, 0), nic.pfc(), "PFC stays on");
    assertEquals(106, nic.roceTos());
  }

  @Test
  void tosIsDscpShiftedWithEct0() {
    assertEquals(106, CompiledNic.tosOf(26));
    assertEquals(194, CompiledNic.tosOf(48));
    assertEquals(2, CompiledNic.tosOf(0));
    assertEquals(26, CompiledNic.tosOf(26) >> 2, "tos >> 2 gives the DSCP back");
  }
}
