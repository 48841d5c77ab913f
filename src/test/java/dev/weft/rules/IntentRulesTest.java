package dev.weft.rules;

import static dev.weft.rules.TestFabric.at;
import static dev.weft.rules.TestFabric.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.model.CongestionControl;
import dev.weft.model.Ecmp;
import dev.weft.model.Ecn;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Pfc;
import dev.weft.model.RoceMtu;
import dev.weft.model.Scheduler;
import dev.weft.model.TrafficClass;
import dev.weft.model.Watchdog;
import dev.weft.units.Size;
import dev.weft.units.TimeSpan;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each rule on a hand-built model: it fires on the broken variant, at the line that set the value.
 */
class IntentRulesTest {

  private static List<Finding> run(String rule, FabricModel model) {
    return new RuleEngine(dev.weft.rules.builtin.BuiltInRules.catalog(), Map.of())
        .run(new RuleInput(model, null, LocalDate.of(2026, 6, 1)), Set.of(rule));
  }

  private static List<Finding> run(String rule, Fabric fabric) {
    return run(rule, TestFabric.model(fabric));
  }

  private static void firesAt(List<Finding> findings, Location... where) {
    assertEquals(
        List.of(where), findings.stream().map(Finding::location).toList(), findings.toString());
  }

  private static TrafficClass rdma(
      List<Integer> dscp,
      int priority,
      int queue,
      boolean lossless,
      Ecn ecn,
      Scheduler scheduler,
      String role) {
    TrafficClass r = TestFabric.rdma();
    return new TrafficClass(
        r.name(), dscp, false, priority, queue, lossless, ecn, scheduler, role, r.at());
  }

  private static Scheduler dwrr(int weight) {
    return new Scheduler(Scheduler.Type.DWRR, weight, at(25, "type", "weight"));
  }

  @Test
  void losslessPriorityCount() {
    TrafficClass lossy = rdma(List.of(26), 3, 3, false, null, dwrr(50), null);
    firesAt(
        run(
            "lossless-priority-count",
            TestFabric.fabric(List.of(lossy, TestFabric.cnp(), TestFabric.defaultClass()))),
        line(5));
    Fabric ecnOnly =
        TestFabric.fabric(
            List.of(lossy, TestFabric.cnp(), TestFabric.defaultClass()),
            CongestionControl.ECN_ONLY,
            TestFabric.cleanFabric().mtu(),
            TestFabric.cleanFabric().pfc());
    firesAt(run("lossless-priority-count", ecnOnly));
    TrafficClass p4 =
        new TrafficClass(
            "b", List.of(27), false, 4, 4, true, null, dwrr(10), null, at(900, "lossless"));
    TrafficClass p5 =
        new TrafficClass(
            "c", List.of(28), false, 5, 5, true, null, dwrr(10), null, at(910, "lossless"));
    TrafficClass p5again =
        new TrafficClass(
            "d", List.of(29), false, 5, 5, true, null, dwrr(10), null, at(920, "lossless"));
    firesAt(
        run(
            "lossless-priority-count",
            TestFabric.fabric(List.of(TestFabric.rdma(), p4, TestFabric.cnp()))));
    firesAt(
        run(
            "lossless-priority-count",
            TestFabric.fabric(List.of(TestFabric.rdma(), p4, p5, p5again))),
        line(911));
  }

  @Test
  void dscpOverlapPointsAtTheLaterClass() {
    TrafficClass cnpWith26 =
        new TrafficClass(
            "cnp",
            List.of(48, 26),
            false,
            6,
            6,
            false,
            null,
            TestFabric.cnp().scheduler(),
            "cnp",
            TestFabric.cnp().at());
    List<Finding> f =
        run(
            "dscp-overlap",
            TestFabric.fabric(List.of(TestFabric.rdma(), cnpWith26, TestFabric.defaultClass())));
    firesAt(f, line(32));
    assertTrue(
        f.get(0).message().contains("DSCP 26") && f.get(0).message().contains("'rdma'"),
        f.get(0).message());
    assertEquals("/fabric/traffic-classes/1/dscp", f.get(0).path());
  }

  @Test
  void dscpUnmappedListsTheGaps() {
    List<Finding> f =
        run("dscp-unmapped", TestFabric.fabric(List.of(TestFabric.rdma(), TestFabric.cnp())));
    firesAt(f, line(5));
    assertEquals("unmapped 0-25, 27-47, 49-63", f.get(0).actual());
  }

  @Test
  void cnpRules() {
    TrafficClass cnp = TestFabric.cnp();
    TrafficClass bad =
        new TrafficClass(
            "cnp",
            List.of(48),
            false,
            6,
            6,
            true,
            null,
            new Scheduler(Scheduler.Type.DWRR, 10, at(45, "type", "weight")),
            "cnp",
            cnp.at());
    Fabric f = TestFabric.fabric(List.of(TestFabric.rdma(), bad, TestFabric.defaultClass()));
    firesAt(run("cnp-not-strict", f), line(46));
    firesAt(run("cnp-lossless", f), line(34));
  }

  @Test
  void ecnThresholds() {
    Ecn inverted =
        new Ecn(new Size(1_500_000), new Size(150_000), 0, at(20, "min", "max", "probability"));
    Fabric f =
        TestFabric.fabric(
            List.of(
                rdma(List.of(26), 3, 3, true, inverted, dwrr(50), null),
                TestFabric.cnp(),
                TestFabric.defaultClass()));
    firesAt(run("ecn-thresholds", f), line(21), line(23));
    Ecn equal =
        new Ecn(new Size(150_000), new Size(150_000), 100, at(20, "min", "max", "probability"));
    firesAt(
        run(
            "ecn-thresholds",
            TestFabric.fabric(
                List.of(
                    rdma(List.of(26), 3, 3, true, equal, dwrr(50), null),
                    TestFabric.cnp(),
                    TestFabric.defaultClass()))),
        line(21));
  }

  @Test
  void ecnMissingOnLosslessOnlyWithDcqcn() {
    List<TrafficClass> classes =
        List.of(
            rdma(List.of(26), 3, 3, true, null, dwrr(50), null),
            TestFabric.cnp(),
            TestFabric.defaultClass());
    firesAt(run("ecn-missing-on-lossless", TestFabric.fabric(classes)), line(15));
    Fabric pfcOnly =
        TestFabric.fabric(
            classes,
            CongestionControl.PFC_ONLY,
            TestFabric.cleanFabric().mtu(),
            TestFabric.cleanFabric().pfc());
    firesAt(run("ecn-missing-on-lossless", pfcOnly));
  }

  @Test
  void queueSharedLosslessLossy() {
    TrafficClass cnpOnQueue3 =
        new TrafficClass(
            "cnp",
            List.of(48),
            false,
            6,
            3,
            false,
            null,
            TestFabric.cnp().scheduler(),
            "cnp",
            at(30, "name", "dscp", "priority", "queue"));
    firesAt(
        run(
            "queue-shared-lossless-lossy",
            TestFabric.fabric(List.of(TestFabric.rdma(), cnpOnQueue3, TestFabric.defaultClass()))),
        line(34));
    // queue not written: the class's priority line is what put it on the queue
    TrafficClass cnpPrio3 =
        new TrafficClass(
            "cnp",
            List.of(48),
            false,
            3,
            3,
            false,
            null,
            TestFabric.cnp().scheduler(),
            "cnp",
            at(30, "name", "dscp", "priority"));
    firesAt(
        run(
            "queue-shared-lossless-lossy",
            TestFabric.fabric(List.of(TestFabric.rdma(), cnpPrio3, TestFabric.defaultClass()))),
        line(33));
  }

  @Test
  void schedulerWeights() {
    Fabric sum90 =
        TestFabric.fabric(
            List.of(
                rdma(List.of(26), 3, 3, true, TestFabric.rdma().ecn(), dwrr(40), null),
                TestFabric.cnp(),
                TestFabric.defaultClass()));
    List<Finding> f = run("scheduler-weights", sum90);
    firesAt(f, line(5));
    assertEquals("90", f.get(0).actual());
    Fabric zero =
        TestFabric.fabric(
            List.of(
                rdma(List.of(26), 3, 3, true, TestFabric.rdma().ecn(), dwrr(0), null),
                TestFabric.cnp(),
                TestFabric.defaultClass()));
    firesAt(run("scheduler-weights", zero), line(5), line(27));
  }

  @Test
  void schedulerWeightsLeaveAnUnsetWeightToThePlatform() {
    Scheduler unset = new Scheduler(Scheduler.Type.DWRR, null, at(25, "type"));
    // lossless with the platform's default share: a warning at its scheduler, and no zero-weight
    // or total finding (the default class's 50 leaves it the rest)
    Fabric lossless =
        TestFabric.fabric(
            List.of(
                rdma(List.of(26), 3, 3, true, TestFabric.rdma().ecn(), unset, null),
                TestFabric.cnp(),
                TestFabric.defaultClass()));
    List<Finding> f = run("scheduler-weights", lossless);
    firesAt(f, line(26));
    assertTrue(
        f.get(0).message().contains("lossless class 'rdma' has no DWRR weight"), f.toString());
    Fabric lossy =
        TestFabric.fabric(
            List.of(
                rdma(List.of(26), 3, 3, false, null, unset, null),
                TestFabric.cnp(),
                TestFabric.defaultClass()));
    firesAt(run("scheduler-weights", lossy));
    // the written weights leave nothing to the unweighted class: they total more than 100
    TrafficClass heavy =
        new TrafficClass(
            "bulk", List.of(10), false, 1, 1, false, null, dwrr(60), null, at(900, "lossless"));
    Fabric over =
        TestFabric.fabric(
            List.of(
                rdma(List.of(26), 3, 3, false, null, unset, null),
                heavy,
                TestFabric.cnp(),
                TestFabric.defaultClass()));
    List<Finding> total = run("scheduler-weights", over);
    firesAt(total, line(5));
    assertEquals("110", total.get(0).actual());
    assertEquals("<= 100", total.get(0).expected());
  }

  private static Fabric withMtu(int sw, int nic, int roce) {
    Fabric c = TestFabric.cleanFabric();
    return TestFabric.fabric(
        c.trafficClasses(),
        c.congestionControl(),
        new RoceMtu(sw, nic, roce, at(80, "switch", "nic", "roce")),
        c.pfc());
  }

  @Test
  void mtuNicRoceAtTheBoundary() {
    firesAt(run("mtu-nic-roce", withMtu(9216, 4192, 4096)));
    List<Finding> f = run("mtu-nic-roce", withMtu(9216, 4191, 4096));
    firesAt(f, line(82));
    assertEquals(">= 4192", f.get(0).expected());
  }

  @Test
  void mtuSwitchNicOnlyOnHostPorts() {
    List<Finding> f = run("mtu-switch-nic", withMtu(4000, 4200, 4096));
    firesAt(f, line(81));
    assertEquals("leaf-01", f.get(0).device());
    assertEquals("Ethernet0", f.get(0).port());
    assertEquals("/fabric/mtu/switch", f.get(0).path());
  }

  @Test
  void mtuLinkMismatchPointsAtTheOverride() {
    FabricModel base = TestFabric.model(TestFabric.cleanFabric());
    dev.weft.model.Switch spine = base.switchNamed("spine-01").orElseThrow();
    dev.weft.model.Switch spine9100 =
        new dev.weft.model.Switch(
            spine.name(),
            spine.role(),
            spine.platform(),
            spine.asic(),
            spine.osVersion(),
            null,
            List.of(
                new dev.weft.model.Port(
                    "Ethernet0",
                    "fabric",
                    null,
                    9100,
                    null,
                    null,
                    at(410, "name", "profile", "mtu"))),
            null,
            spine.at());
    FabricModel model =
        dev.weft.model.FabricModel.of(
            "inv",
            base.fabric(),
            base.profiles(),
            List.of(base.switches().get(0), spine9100),
            base.hosts(),
            base.links(),
            null,
            List.of());
    List<Finding> f = run("mtu-link-mismatch", model);
    firesAt(f, line(413));
    assertEquals("spine-01", f.get(0).device());
    assertEquals("9216", f.get(0).expected());
    assertEquals("9100", f.get(0).actual());
    assertEquals("/switches/1/ports/0/mtu", f.get(0).path());
  }

  private static Fabric withPfc(Watchdog wd, boolean linkPause) {
    Fabric c = TestFabric.cleanFabric();
    return TestFabric.fabric(
        c.trafficClasses(),
        c.congestionControl(),
        c.mtu(),
        new Pfc(wd, linkPause, at(88, "watchdog", "link-pause")));
  }

  private static Watchdog watchdog(boolean enabled, long detection, long restoration) {
    return new Watchdog(
        enabled,
        TimeSpan.ofMillis(detection),
        TimeSpan.ofMillis(restoration),
        Watchdog.Action.DROP,
        TimeSpan.ofMillis(200),
        at(90, "enabled", "detection", "restoration", "action"));
  }

  @Test
  void pfcRules() {
    firesAt(run("pfc-watchdog-disabled", withPfc(watchdog(false, 200, 400), false)), line(91));
    firesAt(run("pfc-watchdog-timers", withPfc(watchdog(true, 100, 60000), false)));
    firesAt(
        run("pfc-watchdog-timers", withPfc(watchdog(true, 99, 60001), false)), line(92), line(93));
    firesAt(run("pfc-watchdog-timers", withPfc(watchdog(true, 5001, 400), false)), line(92));
    firesAt(run("link-pause-with-pfc", withPfc(watchdog(true, 200, 400), true)), line(90));
  }

  @Test
  void ecmpHashNeedsSourcePortEntropy() {
    Fabric c = TestFabric.cleanFabric();
    for (List<String> fields :
        List.of(List.of("src-ip", "dst-ip", "l4-dst-port"), List.of("src-ip", "dst-ip"))) {
      Fabric f = c.toBuilder().ecmp(new Ecmp(fields, at(100, "hash-fields"))).build();
      firesAt(run("ecmp-hash-l4", f), line(101));
    }
    Fabric qp =
        c.toBuilder()
            .ecmp(new Ecmp(List.of("src-ip", "dst-ip", "roce-dest-qp"), at(100, "hash-fields")))
            .build();
    firesAt(run("ecmp-hash-l4", qp));
  }

  @Test
  void linkRules() {
    FabricModel model =
        TestFabric.model(
            TestFabric.cleanFabric(),
            List.of(
                TestFabric.link(700, "leaf-01", "Ethernet0", "gpu-002", "eth0", 3),
                TestFabric.link(710, "leaf-01", "Ethernet4", "gpu-001", "eth1", null)),
            List.of());
    firesAt(run("port-multiple-links", model), line(701));
    assertEquals("/links/2/a", run("port-multiple-links", model).get(0).path());
    firesAt(run("link-endpoint-unknown", model), line(702), line(711), line(712));
    firesAt(run("cable-length-missing", model), line(710));
  }

  @Test
  void versionPins() {
    FabricModel base = TestFabric.model(TestFabric.cleanFabric());
    dev.weft.model.Switch leaf = base.switches().get(0);
    dev.weft.model.Switch old =
        new dev.weft.model.Switch(
            leaf.name(),
            leaf.role(),
            leaf.platform(),
            leaf.asic(),
            "202405",
            null,
            leaf.ports(),
            null,
            leaf.at());
    dev.weft.model.Host h = base.hosts().get(0);
    dev.weft.model.Nic n = h.nics().get(0);
    dev.weft.model.Host oldFw =
        new dev.weft.model.Host(
            h.name(),
            List.of(
                new dev.weft.model.Nic(
                    n.name(), n.rdmaDevice(), n.model(), "28.39.1002", n.speed(), n.at())),
            List.of(),
            h.at());
    FabricModel model =
        FabricModel.of(
            "inv",
            base.fabric(),
            base.profiles(),
            List.of(old, base.switches().get(1)),
            List.of(oldFw),
            base.links(),
            null,
            List.of());
    List<Finding> f = run("version-pin-mismatch", model);
    firesAt(f, line(305), line(514));
    assertEquals("202411", f.get(0).expected());
    assertEquals("eth0", f.get(1).port());
  }
}
