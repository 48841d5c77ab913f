package dev.weft.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Finding;
import dev.weft.intent.IntentResult;
import dev.weft.model.EffectivePort;
import dev.weft.model.FabricModel;
import dev.weft.model.Watchdog;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.TestYaml;
import dev.weft.units.TimeSpan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The intent real designs need, read and compiled: exceptions with reasons, ECN by port speed, NIC
 * models, minimum versions, hash seeds, buffer pools, the watchdog's poll default.
 */
class RuleDepthIntentTest {

  @TempDir Path dir;

  private static final String FABRIC =
      """
            version: 1
            fabric:
              name: pod
              transport: roce-v2
              mtu: { switch: 9216, nic: 4200, roce: 4096 }
              traffic-classes:
                - name: rdma
                  dscp: [26]
                  priority: 3
                  lossless: true
                  ecn:
                    min: 150KB
                    max: 1500KB
                    by-speed:
                      800G: { min: 300KB, max: 3MB, probability: 50 }
                  scheduler: { type: dwrr, weight: 50 }
                - name: storage
                  dscp: [34]
                  priority: 4
                  lossless: true
                  scheduler: { type: dwrr, weight: 20 }
                - name: cnp
                  dscp: [48]
                  priority: 6
                  role: cnp
                  scheduler: { type: strict }
                - name: default
                  dscp: default
                  priority: 0
                  scheduler: { type: dwrr, weight: 30 }
              pfc:
                watchdog: { enabled: true, detection: 150ms }
              congestion-control: dcqcn
              ecmp:
                hash-fields: [src-ip, dst-ip, l4-src-port, l4-dst-port]
                seeds: { leaf: 7, spine: 4000000000 }
              versions:
                nic-firmware-minimum: { connectx-7: "28.39.1002" }
                switch-os-minimum: { sonic: "202311" }
              buffer-pools: { roce-lossless: 60, default-lossy: 40 }
              nic-models:
                thor-2: { trust: dscp, dscp-map: nic-default, dcqcn: false, dcbx: firmware, roce-mode: v1, roce-tos: 104 }
            profiles:
              storage-400g:
                speed: 400G
                exception: { reason: "storage arrays run no PFC", pfc: false }
            switches:
              - name: leaf-01
                role: leaf
                platform: sonic
                asic: spectrum-4
                exception: { reason: "only RDMA is lossless on this leaf", pfc: [3] }
                ports:
                  - { name: Ethernet0, speed: 400G }
                  - { name: Ethernet8, speed: 800G }
                  - { name: Ethernet16, profile: storage-400g }
                  - name: Ethernet256
                    speed: 400G
                    exception: { reason: "uplinks forward on a storm", watchdog: { action: forward } }
              - name: spine-01
                role: spine
                platform: sonic
                asic: spectrum-4
                hash-seed: 11
                ports:
                  - { name: Ethernet0, speed: 400G }
            hosts:
              - name: gpu-001
                nics:
                  - { name: eth0, speed: 400G, model: connectx-7 }
                  - { name: eth1, speed: 800G, model: thor-2 }
                  - { name: eth2, speed: 400G }
            links:
              - { a: leaf-01:Ethernet0, b: gpu-001:eth0, cable-length: 3m }
              - { a: leaf-01:Ethernet8, b: gpu-001:eth1, cable-length: 3m }
              - { a: leaf-01:Ethernet16, b: gpu-001:eth2, cable-length: 3m, media: dac }
              - { a: leaf-01:Ethernet256, b: spine-01:Ethernet0, cable-length: 30m, media: sr }
            """;

  private IntentResult read(String yaml) throws Exception {
    return TestPlatforms.intentReader().read(TestYaml.inventory(dir, Map.of("pod.yaml", yaml)));
  }

  @Test
  void exceptionsLayerPortOverProfileOverSwitchAndTheCompiledConfigFollows() throws Exception {
    IntentResult r = read(FABRIC);
    assertEquals(List.of(), r.findings());
    FabricModel m = r.model();
    EffectivePort plain = m.effectivePortAt("leaf-01", "Ethernet0").orElseThrow();
    assertEquals(List.of(3), plain.pfc().value());
    assertEquals("switch", plain.pfc().layer());
    EffectivePort storage = m.effectivePortAt("leaf-01", "Ethernet16").orElseThrow();
    assertEquals(List.of(), storage.pfc().value());
    assertEquals("profile:storage-400g", storage.pfc().layer());
    EffectivePort uplink = m.effectivePortAt("leaf-01", "Ethernet256").orElseThrow();
    assertEquals(Watchdog.Action.FORWARD, uplink.watchdogAction().value());
    assertEquals(
        List.of(3),
        uplink.pfc().value(),
        "the switch's pfc still applies: exceptions layer field by field");
    assertNull(m.effectivePortAt("spine-01", "Ethernet0").orElseThrow().pfc());

    CompiledFabric c = Compiler.compile(m, AsicProfiles.builtIn()).fabric();
    CompiledSwitch leaf = (CompiledSwitch) c.device("leaf-01").orElseThrow();
    CompiledPort lossy = leaf.port("Ethernet16");
    assertEquals(List.of(), lossy.pfcPriorities());
    assertFalse(lossy.watchdog());
    assertEquals(List.of(), lossy.headroom());
    assertTrue(lossy.queues().stream().noneMatch(CompiledQueue::lossless));
    assertEquals(storage.pfc().origin(), lossy.owner("pfc_priorities"));
    CompiledPort rdmaOnly = leaf.port("Ethernet0");
    assertEquals(List.of(3), rdmaOnly.pfcPriorities());
    assertEquals(List.of(3), rdmaOnly.watchdogQueues());
    assertEquals(1, rdmaOnly.headroom().size());
    assertEquals("forward", leaf.port("Ethernet256").watchdogAction());
    assertNull(rdmaOnly.watchdogAction(), "null: the port takes the switch's action");
    CompiledSwitch spine = (CompiledSwitch) c.device("spine-01").orElseThrow();
    assertEquals(List.of(3, 4), spine.port("Ethernet0").pfcPriorities());

    CompiledHost host = (CompiledHost) c.device("gpu-001").orElseThrow();
    assertEquals(
        List.of(3), host.nics().get(0).pfcPriorities(), "a NIC follows its switch port's PFC set");
    assertEquals(List.of(), host.nics().get(2).pfcPriorities());
  }

  @Test
  void ecnThresholdsByPortSpeedBecomeTheirOwnProfileOnPortsOfThatSpeed() throws Exception {
    CompiledFabric c = Compiler.compile(read(FABRIC).model(), AsicProfiles.builtIn()).fabric();
    CompiledSwitch leaf = (CompiledSwitch) c.device("leaf-01").orElseThrow();
    EcnProfile fast =
        leaf.ecnProfiles().stream()
            .filter(e -> e.name().equals("rdma-800g"))
            .findFirst()
            .orElseThrow();
    assertEquals(300_000, fast.minBytes());
    assertEquals(3_000_000, fast.maxBytes());
    assertEquals(50, fast.probability());
    assertEquals("rdma-800g", queue(leaf.port("Ethernet8"), 3).ecnProfile());
    assertEquals("rdma", queue(leaf.port("Ethernet0"), 3).ecnProfile());
    assertTrue(leaf.owner("ecn_profiles.rdma-800g") != null);
  }

  @Test
  void aNicModelChangesOnlyWhatItSays() throws Exception {
    CompiledFabric c = Compiler.compile(read(FABRIC).model(), AsicProfiles.builtIn()).fabric();
    CompiledHost host = (CompiledHost) c.device("gpu-001").orElseThrow();
    CompiledNic cx7 = host.nics().get(0);
    CompiledNic thor = host.nics().get(1);
    assertTrue(cx7.trustDscp());
    assertEquals(106, cx7.roceTos());
    assertNull(cx7.dcbx());
    assertEquals(2, cx7.roceMode());
    assertEquals(104, thor.roceTos());
    assertEquals("firmware", thor.dcbx());
    assertEquals(1, thor.roceMode());
    assertEquals(List.of(0, 0, 0, 0, 0, 0, 0, 0), thor.ecnReactionPoint());
    assertEquals(3, thor.dscpToPriority().get(26), "the firmware map: DSCP >> 3");
    assertEquals(4, thor.dscpToPriority().get(34));
    assertEquals(64, thor.dscpToPriority().size());
    assertEquals("leaf-01", thor.peerDevice());
    assertEquals("Ethernet8", thor.peerPort());
  }

  @Test
  void seedsPoolsMinimumsAndThePollDefault() throws Exception {
    FabricModel m = read(FABRIC).model();
    assertEquals(Map.of("connectx-7", "28.39.1002"), m.fabric().versions().nicFirmwareMinimum());
    assertEquals(Map.of("sonic", "202311"), m.fabric().versions().switchOsMinimum());
    assertEquals(
        TimeSpan.ofMillis(150),
        m.fabric().pfc().watchdog().poll(),
        "poll defaults to the shorter detection");
    assertEquals("sr", m.links().get(3).media());
    CompiledFabric c = Compiler.compile(m, AsicProfiles.builtIn()).fabric();
    CompiledSwitch leaf = (CompiledSwitch) c.device("leaf-01").orElseThrow();
    CompiledSwitch spine = (CompiledSwitch) c.device("spine-01").orElseThrow();
    assertEquals(7L, leaf.hashSeed());
    assertEquals(11L, spine.hashSeed(), "a switch's own seed wins over its role's");
    assertEquals(Map.of("roce-lossless", 60, "default-lossy", 40), leaf.bufferPools());
    assertEquals(52_161_690L, leaf.buffer().ingressLosslessPoolBytes());
    assertEquals(800L, leaf.buffer().maxPortSpeedGbps());
    assertEquals(150, leaf.watchdog().pollMs());
  }

  @Test
  void anExceptionMustNarrowThePlanAndChangeSomething() throws Exception {
    IntentResult r =
        read(
            FABRIC
                .replace(
                    "exception: { reason: \"only RDMA is lossless on this leaf\", pfc: [3] }",
                    "exception: { reason: \"x\", pfc: [5] }")
                .replace(
                    "exception: { reason: \"storage arrays run no PFC\", pfc: false }",
                    "exception: { reason: \"y\", pfc: true }")
                .replace(
                    "exception: { reason: \"uplinks forward on a storm\", watchdog: { action: forward } }",
                    "exception: { reason: \"z\" }"));
    List<String> messages = r.findings().stream().map(Finding::message).toList();
    assertEquals(3, messages.size(), messages.toString());
    assertTrue(r.findings().stream().allMatch(f -> f.rule().equals("schema")));
    assertTrue(
        messages.stream().anyMatch(s -> s.contains("only narrow the lossless set; priority 5")),
        messages.toString());
    assertTrue(
        messages.stream().anyMatch(s -> s.contains("`pfc: true` in an exception changes nothing")),
        messages.toString());
    assertTrue(
        messages.stream().anyMatch(s -> s.contains("the exception changes nothing")),
        messages.toString());
  }

  @Test
  void anExceptionWithoutAReasonIsASchemaError() throws Exception {
    IntentResult r =
        read(
            FABRIC.replace(
                "exception: { reason: \"storage arrays run no PFC\", pfc: false }",
                "exception: { pfc: false }"));
    assertEquals(1, r.findings().size(), r.findings().toString());
    assertEquals("schema", r.findings().get(0).rule());
    assertTrue(r.findings().get(0).message().contains("reason"), r.findings().get(0).message());
  }

  private static CompiledQueue queue(CompiledPort p, int q) {
    return p.queues().stream().filter(x -> x.queue() == q).findFirst().orElseThrow();
  }
}
