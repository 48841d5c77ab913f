package dev.weft.rules.compiled;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.compile.PriorityGroupHeadroom;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.model.CongestionControl;
import dev.weft.model.Ecn;
import dev.weft.model.Endpoint;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Host;
import dev.weft.model.Link;
import dev.weft.model.Nic;
import dev.weft.model.Pfc;
import dev.weft.model.PinnedHeadroom;
import dev.weft.model.Port;
import dev.weft.model.Provenance;
import dev.weft.model.RoceMtu;
import dev.weft.model.Scheduler;
import dev.weft.model.Sourced;
import dev.weft.model.Switch;
import dev.weft.model.TrafficClass;
import dev.weft.model.Transport;
import dev.weft.model.Watchdog;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import dev.weft.units.Length;
import dev.weft.units.Size;
import dev.weft.units.Speed;
import dev.weft.units.TimeSpan;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each compiled-config rule against the §0 plan compiled from a hand-built model (must pass),
 * against a broken intent (must fire at the owning line), and against a compiled config as a live
 * or rendered reader would produce it (no provenance, origin {@code device}).
 */
class CompiledRulesTest {

  private static Location at(int line) {
    return new Location("fabric.yaml", line, 3);
  }

  private static Provenance prov(int line, String... fields) {
    Map<String, Location> m = new LinkedHashMap<>();
    for (int i = 0; i < fields.length; i++) {
      m.put(fields[i], at(line + i + 1));
    }
    return new Provenance(at(line), m);
  }

  private static TrafficClass rdma(int queue, boolean queueWritten) {
    return new TrafficClass(
        "rdma",
        List.of(26),
        false,
        3,
        queue,
        true,
        new Ecn(new Size(150_000), new Size(1_500_000), 100, prov(16)),
        new Scheduler(Scheduler.Type.DWRR, 50, prov(17)),
        null,
        queueWritten
            ? prov(10, "name", "dscp", "priority", "queue", "lossless")
            : prov(10, "name", "dscp", "priority", "lossless"));
  }

  private static Fabric fabric(List<TrafficClass> classes, boolean watchdog) {
    return Fabric.builder("f", Transport.ROCE_V2)
        .mtu(new RoceMtu(9216, 4200, 4096, prov(4, "switch", "nic", "roce")))
        .trafficClasses(classes)
        .pfc(
            new Pfc(
                new Watchdog(
                    watchdog,
                    TimeSpan.ofMillis(200),
                    TimeSpan.ofMillis(400),
                    Watchdog.Action.DROP,
                    TimeSpan.ofMillis(200),
                    prov(29, "enabled")),
                false,
                prov(28, "watchdog", "link-pause")))
        .congestionControl(CongestionControl.DCQCN)
        .at(prov(2, "name", "transport", "mtu", "traffic-classes", "pfc"))
        .build();
  }

  private static List<TrafficClass> plan(boolean withDefault) {
    TrafficClass cnp =
        new TrafficClass(
            "cnp",
            List.of(48),
            false,
            6,
            6,
            false,
            null,
            new Scheduler(Scheduler.Type.STRICT, null, prov(22)),
            "cnp",
            prov(18, "name", "dscp", "priority"));
    TrafficClass dflt =
        new TrafficClass(
            "default",
            withDefault ? List.of() : List.of(0),
            withDefault,
            0,
            0,
            false,
            null,
            new Scheduler(Scheduler.Type.DWRR, 50, prov(27)),
            null,
            prov(24, "name", "dscp", "priority"));
    return List.of(rdma(3, false), cnp, dflt);
  }

  private static FabricModel model(Fabric fabric, String asic, int ports) {
    List<Port> ps = new ArrayList<>();
    List<Host> hosts = new ArrayList<>();
    List<Link> links = new ArrayList<>();
    for (int i = 0; i < ports; i++) {
      ps.add(
          new Port(
              "Ethernet" + i,
              null,
              new Speed(400),
              null,
              null,
              null,
              new Provenance(
                  new Location("sw.yaml", 10 + i, 9),
                  Map.of(
                      "name",
                      new Location("sw.yaml", 10 + i, 15),
                      "speed",
                      new Location("sw.yaml", 10 + i, 40)))));
      hosts.add(
          new Host(
              "gpu-" + i,
              List.of(
                  new Nic(
                      "eth0",
                      null,
                      null,
                      null,
                      new Speed(400),
                      Provenance.at(new Location("hosts.yaml", i + 1, 1)))),
              List.of(),
              Provenance.at(new Location("hosts.yaml", i + 1, 1))));
      links.add(
          new Link(
              new Endpoint("leaf-01", "Ethernet" + i, null),
              new Endpoint("gpu-" + i, "eth0", null),
              new Length(5),
              new Provenance(
                  new Location("links.yaml", i + 1, 5),
                  Map.of("cable-length", new Location("links.yaml", i + 1, 60)))));
    }
    Switch s =
        new Switch(
            "leaf-01",
            "leaf",
            "sonic",
            asic,
            null,
            null,
            ps,
            null,
            new Provenance(
                new Location("sw.yaml", 3, 5), Map.of("asic", new Location("sw.yaml", 6, 11))));
    return FabricModel.of("inv", fabric, Map.of(), List.of(s), hosts, links, null, List.of());
  }

  private static List<Finding> run(Rule rule, FabricModel model, CompiledFabric compiled) {
    return rule.check(new RuleInput(model, compiled, LocalDate.of(2026, 11, 30)));
  }

  private static List<Finding> runOnIntent(Rule rule, FabricModel model) {
    return run(rule, model, Compiler.compile(model, AsicProfiles.builtIn()).fabric());
  }

  private static final List<Rule> ALL =
      List.of(
          new AsicProfileMissing(),
          new DscpMapIncomplete(),
          new HeadroomInsufficient(),
          new HeadroomUncomputable(),
          new PfcQueueMismatch(),
          new WatchdogQueueMismatch());

  @Test
  void canonicalPlanPassesEveryRule() {
    FabricModel model = model(fabric(plan(true), true), "spectrum-4", 4);
    for (Rule r : ALL) {
      assertEquals(List.of(), runOnIntent(r, model), r.id());
    }
  }

  @Test
  void withoutCompiledConfigRulesSayNothing() {
    FabricModel model = model(fabric(plan(false), false), "tomahawk-9", 1);
    for (Rule r : ALL) {
      assertEquals(List.of(), run(r, model, null), r.id());
    }
  }

  @Test
  void unknownAsicIsReportedAtItsLine() {
    List<Finding> f =
        runOnIntent(new AsicProfileMissing(), model(fabric(plan(true), true), "tomahawk-9", 2));
    assertEquals(1, f.size());
    assertEquals("asic-profile-missing", f.get(0).rule());
    assertEquals("sw.yaml:6:11", f.get(0).location().toString());
    assertEquals("leaf-01", f.get(0).device());
    assertTrue(
        runOnIntent(new AsicProfileMissing(), model(fabric(plan(true), true), null, 1)).isEmpty(),
        "a switch without asic is not reported");
  }

  @Test
  void incompleteDscpMapListsTheHoles() {
    List<Finding> f =
        runOnIntent(new DscpMapIncomplete(), model(fabric(plan(false), true), "spectrum-4", 1));
    assertEquals(1, f.size());
    assertEquals(
        "switch leaf-01 maps 3 of 64 DSCP code points; unmapped: 1-25, 27-47, 49-63",
        f.get(0).message());
    assertEquals(
        "fabric.yaml:6:3", f.get(0).location().toString(), "the traffic-classes line owns the map");
  }

  @Test
  void lossyClassStealingThePfcPriorityIsAQueueMismatch() {
    TrafficClass bulk =
        new TrafficClass(
            "bulk",
            List.of(10),
            false,
            3,
            4,
            false,
            null,
            new Scheduler(Scheduler.Type.DWRR, 10, prov(40)),
            null,
            prov(35, "name", "dscp", "priority", "queue"));
    List<TrafficClass> classes = new ArrayList<>(List.of(bulk));
    classes.addAll(plan(true));
    List<Finding> f =
        runOnIntent(new PfcQueueMismatch(), model(fabric(classes, true), "spectrum-4", 3));
    assertEquals(1, f.size(), "one finding for the switch, not one per port");
    assertEquals(
        "switch leaf-01: lossless class rdma uses queue 3 but switch priority 3 → queue is 4",
        f.get(0).message());
    assertEquals(
        "fabric.yaml:13:3",
        f.get(0).location().toString(),
        "rdma's priority line (queue not written)");
  }

  @Test
  void liveConfigWithWrongPfcQueueOnOnePortIsReportedOnThatPort() {
    FabricModel model = model(fabric(plan(true), true), "spectrum-4", 3);
    CompiledFabric intended = Compiler.compile(model, AsicProfiles.builtIn()).fabric();
    CompiledFabric live =
        replacePort(
            intended,
            "Ethernet1",
            p ->
                p.toBuilder()
                    .pfcPriorityToQueue(List.of(0, 1, 2, 4, 4, 5, 6, 7))
                    .watchdogQueues(List.of(4))
                    .build());
    List<Finding> f = run(new PfcQueueMismatch(), model, live);
    assertEquals(1, f.size());
    assertEquals("Ethernet1", f.get(0).port());
    assertEquals(
        "leaf-01:Ethernet1: lossless class rdma uses queue 3 but PFC priority 3 → queue is 4",
        f.get(0).message());
    assertEquals(
        List.of(),
        run(new WatchdogQueueMismatch(), model, live),
        "watching queue 4 while PFC pauses queue 4 is consistent (the wrong queue is pfc-queue-mismatch's)");
  }

  @Test
  void disabledWatchdogIsOneFindingPerSwitch() {
    List<Finding> f =
        runOnIntent(new WatchdogQueueMismatch(), model(fabric(plan(true), false), "spectrum-4", 4));
    assertEquals(1, f.size());
    assertEquals(
        "on all 4 PFC ports of switch leaf-01 the PFC watchdog watches queues [] but PFC pauses queues [3]",
        f.get(0).message());
    assertEquals(null, f.get(0).port());
    assertEquals("fabric.yaml:29:3", f.get(0).location().toString(), "the watchdog mapping");
  }

  @Test
  void liveWatchdogMissingOnOnePort() {
    FabricModel model = model(fabric(plan(true), true), "spectrum-4", 3);
    CompiledFabric live =
        replacePort(
            Compiler.compile(model, AsicProfiles.builtIn()).fabric(),
            "Ethernet2",
            p -> p.toBuilder().watchdog(false).watchdogQueues(List.of()).build());
    List<Finding> f = run(new WatchdogQueueMismatch(), model, live);
    assertEquals(1, f.size());
    assertEquals("Ethernet2", f.get(0).port());
    assertEquals("watchdog queues [3]", f.get(0).expected());
    assertEquals("watchdog queues []", f.get(0).actual());
  }

  @Test
  void overriddenXoffBelowMinimumIsInsufficient() {
    FabricModel model = model(fabric(plan(true), true), "spectrum-4", 2);
    CompiledFabric compiled =
        Compiler.compile(
                model,
                AsicProfiles.builtIn(),
                ep ->
                    ep.portName().equals("Ethernet0")
                        ? Optional.of(
                            new Sourced<>(
                                PinnedHeadroom.xoffOnly(new Size(50_000)),
                                new Location("sw.yaml", 10, 50),
                                "port"))
                        : Optional.of(
                            new Sourced<>(
                                PinnedHeadroom.xoffOnly(new Size(200_000)),
                                new Location("sw.yaml", 11, 50),
                                "port")))
            .fabric();
    List<Finding> f = run(new HeadroomInsufficient(), model, compiled);
    assertEquals(1, f.size(), "200 KB on Ethernet1 is above the 145 408 B minimum");
    assertEquals("Ethernet0", f.get(0).port());
    assertEquals("sw.yaml:10:50", f.get(0).location().toString());
    assertEquals(
        "leaf-01:Ethernet0 PG 3 xoff is 50000 B but 400G over 5 m with MTU 9216 on spectrum-4 needs at"
            + " least 145408 B (weft explain-headroom leaf-01 Ethernet0)",
        f.get(0).message());
  }

  @Test
  void unsourcedSpeedIsUncomputableAtTheSpeedLine() {
    FabricModel model = model(fabric(plan(true), true), "spectrum-4", 1);
    Switch s = model.switches().get(0);
    Port p = s.ports().get(0);
    Port fast = new Port(p.name(), null, new Speed(1600), null, null, null, p.at());
    FabricModel changed =
        FabricModel.of(
            "inv",
            model.fabric(),
            Map.of(),
            List.of(
                new Switch(
                    s.name(),
                    s.role(),
                    s.platform(),
                    s.asic(),
                    null,
                    null,
                    List.of(fast),
                    null,
                    s.at())),
            model.hosts(),
            model.links(),
            null,
            List.of());
    List<Finding> f = runOnIntent(new HeadroomUncomputable(), changed);
    assertEquals(1, f.size());
    assertEquals("sw.yaml:10:40", f.get(0).location().toString());
    assertTrue(
        f.get(0)
            .message()
            .startsWith(
                "leaf-01:Ethernet0 runs at 1600G, for which no sourced pause-quanta value exists"),
        f.get(0).message());
    assertEquals(List.of(), runOnIntent(new HeadroomUncomputable(), model), "400G has a value");
  }

  @Test
  void deviceValueGetsOneCellOfTolerance() {
    FabricModel model = model(fabric(plan(true), true), "spectrum-4", 1);
    CompiledFabric intended = Compiler.compile(model, AsicProfiles.builtIn()).fabric();
    CompiledFabric roundedDown = withXoff(intended, 145_408 - 192);
    CompiledFabric tooLow = withXoff(intended, 145_408 - 193);
    assertEquals(List.of(), run(new HeadroomInsufficient(), model, roundedDown));
    assertEquals(1, run(new HeadroomInsufficient(), model, tooLow).size());
  }

  private static CompiledFabric withXoff(CompiledFabric f, long xoff) {
    return replacePort(
        f,
        "Ethernet0",
        p ->
            p.toBuilder()
                .headroom(
                    List.of(
                        new PriorityGroupHeadroom(
                            3,
                            List.of(3),
                            xoff,
                            19_456,
                            xoff + 19_456,
                            p.headroom().get(0).requiredXoff(),
                            PriorityGroupHeadroom.DEVICE)))
                .build());
  }

  private static CompiledFabric replacePort(
      CompiledFabric f, String port, java.util.function.UnaryOperator<CompiledPort> change) {
    List<dev.weft.compile.CompiledDevice> devices = new ArrayList<>();
    for (dev.weft.compile.CompiledDevice d : f.devices()) {
      if (d instanceof CompiledSwitch s) {
        List<CompiledPort> ports =
            s.ports().stream().map(p -> p.name().equals(port) ? change.apply(p) : p).toList();
        devices.add(
            new CompiledSwitch(
                s.name(),
                s.role(),
                s.platform(),
                s.asic(),
                s.asicProfileVersion(),
                s.thresholdRoundingBytes(),
                s.osVersion(),
                s.managementHost(),
                s.managementPort(),
                s.congestionControl(),
                s.dscpToPriority(),
                s.priorityToQueue(),
                s.priorityToPriorityGroup(),
                s.losslessPriorities(),
                s.cnpPriority(),
                s.cnpDscp(),
                s.queues(),
                s.ecnProfiles(),
                s.watchdog(),
                s.linkPause(),
                s.ecmpHashFields(),
                ports,
                s.provenance()));
      } else {
        devices.add(d);
      }
    }
    return new CompiledFabric(f.fabric(), devices);
  }
}
