package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.Compiler;
import dev.weft.compile.EcnProfile;
import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.model.FabricModel;
import dev.weft.rules.RuleMetaLoader;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.TestYaml;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Drift can bring back what validate forbids: the new compiled-config rules judge a live switch too
 * (its own watchdog, PFC and ECN, with the cabling and ASIC facts of the intent), and report only
 * what the intent has not.
 */
class LiveRulesTest {

  private static FabricModel model;
  private static CompiledFabric intended;
  private static CompiledSwitch leaf;

  @BeforeAll
  static void compilePodA() throws Exception {
    IntentResult r =
        TestPlatforms.intentReader()
            .read(
                new WorkingTreeSource(
                    TestYaml.projectDir(),
                    TestYaml.projectDir().resolve("inventories/roce-pod-a")));
    model = r.model();
    intended = Compiler.compile(model, AsicProfiles.builtIn()).fabric();
    leaf = (CompiledSwitch) intended.device("leaf-01").orElseThrow();
  }

  private static List<Finding> live(CompiledSwitch device) {
    return LiveRules.liveOnly(
        model,
        intended,
        Map.of(device.name(), device),
        new RuleMetaLoader().load(dev.weft.rules.builtin.BuiltInRules.catalog(), List.of()).meta(),
        LocalDate.of(2026, 6, 1));
  }

  /** What a reader returns: the device's values, no roles, no cabling, no provenance. */
  private static CompiledSwitch.Builder asRead(CompiledSwitch s) {
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : s.ports()) {
      ports.add(p.toBuilder().role(null).peer(null).provenance(Map.of()).build());
    }
    return s.toBuilder().ports(ports).provenance(Map.of()).hashSeed(null).buffer(null);
  }

  @Test
  void theIntendedConfigReadBackAddsNothing() {
    assertEquals(List.of(), live(asRead(leaf).build()));
  }

  @Test
  void aLiveWatchdogThatForwardsOnHostPortsIsCaught() {
    CompiledWatchdog wd = leaf.watchdog();
    CompiledSwitch device =
        asRead(leaf)
            .watchdog(
                new CompiledWatchdog(
                    true, "forward", wd.detectionMs(), wd.restorationMs(), wd.pollMs()))
            .build();
    List<Finding> found = live(device);
    assertEquals(
        List.of("watchdog-not-mitigating"),
        found.stream().map(Finding::rule).toList(),
        found.toString());
    assertTrue(found.get(0).message().startsWith("live config: "), found.get(0).message());
    assertEquals("leaf-01", found.get(0).device());
  }

  @Test
  void aLivePortThatDroppedPfcMakesItsLinkAsymmetric() {
    List<CompiledPort> ports = new ArrayList<>();
    for (CompiledPort p : asRead(leaf).build().ports()) {
      ports.add(
          p.name().equals("Ethernet256") ? p.toBuilder().pfcPriorities(List.of()).build() : p);
    }
    List<Finding> found = live(asRead(leaf).ports(ports).build());
    assertTrue(
        found.stream()
            .anyMatch(
                f -> f.rule().equals("pfc-link-asymmetric") && "Ethernet256".equals(f.port())),
        found.toString());
  }

  @Test
  void liveEcnThresholdsAboveTheXoffPointAreCaught() {
    List<EcnProfile> ecn =
        leaf.ecnProfiles().stream()
            .map(e -> new EcnProfile(e.name(), 100_000_000L, 200_000_000L, e.probability()))
            .toList();
    List<Finding> found = live(asRead(leaf).ecnProfiles(ecn).build());
    assertTrue(found.stream().anyMatch(f -> f.rule().equals("ecn-after-pfc")), found.toString());
  }

  @Test
  void aLiveStrictRdmaQueueIsCaughtAndTheStrictCnpQueueIsNot() {
    List<CompiledQueue> queues =
        leaf.queues().stream()
            .map(
                q ->
                    q.lossless()
                        ? new CompiledQueue(
                            q.queue(), null, CompiledQueue.STRICT, null, q.ecnProfile(), true)
                        : new CompiledQueue(
                            q.queue(),
                            null,
                            q.scheduler(),
                            q.weight(),
                            q.ecnProfile(),
                            q.lossless()))
            .toList();
    List<Finding> found = live(asRead(leaf).queues(queues).build());
    List<Finding> strict =
        found.stream().filter(f -> f.rule().equals("lossless-strict-priority")).toList();
    assertEquals(1, strict.size(), found.toString());
    int rdmaQueue = leaf.priorityToQueue().get(3);
    assertTrue(
        strict.get(0).message().contains("lossless queue " + rdmaQueue + " "),
        strict.get(0).message());
  }

  @Test
  void aLiveRemapOfTheRdmaPriorityIntoTheStrictCnpQueueIsCaught() {
    int cnpQueue = leaf.priorityToQueue().get(leaf.cnpPriority());
    List<Integer> toQueue = new ArrayList<>(leaf.priorityToQueue());
    toQueue.set(3, cnpQueue);
    List<CompiledQueue> queues =
        leaf.queues().stream()
            .map(
                q ->
                    new CompiledQueue(
                        q.queue(),
                        null,
                        q.scheduler(),
                        q.weight(),
                        q.ecnProfile(),
                        q.queue() == cnpQueue || q.lossless()))
            .toList();
    List<Finding> found = live(asRead(leaf).priorityToQueue(toQueue).queues(queues).build());
    assertTrue(
        found.stream()
            .anyMatch(
                f ->
                    f.rule().equals("lossless-strict-priority")
                        && f.message().contains("lossless queue " + cnpQueue + " ")),
        found.toString());
  }
}
