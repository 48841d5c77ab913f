package dev.weft.render;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledHost;
import dev.weft.compile.CompiledNic;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledQueue;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.CompiledWatchdog;
import dev.weft.compile.EcnProfile;
import dev.weft.compile.NicKnobs;
import dev.weft.compile.PriorityGroupHeadroom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hand-made compiled devices for the §0 RoCE plan (DSCP 26 → TC 3 lossless with ECN, DSCP 48 → TC 6
 * strict CNP, everything else → TC 0), so render and reader tests do not depend on the compiler.
 */
public final class Fixtures {
  private Fixtures() {}

  public static CompiledSwitch leaf(String name, String platform) {
    return plan(name, platform, List.of(3));
  }

  /** A switch with the given lossless priorities (each p → queue p, PG p). */
  public static CompiledSwitch plan(String name, String platform, List<Integer> lossless) {
    Map<Integer, Integer> dscp = new TreeMap<>();
    for (int d = 0; d < 64; d++) {
      dscp.put(d, 0);
    }
    dscp.put(26, 3);
    dscp.put(48, 6);
    if (lossless.contains(4)) {
      dscp.put(34, 4);
    }
    List<Integer> identity = List.of(0, 1, 2, 3, 4, 5, 6, 7);
    List<Integer> pg = new ArrayList<>();
    for (int p = 0; p < 8; p++) {
      pg.add(lossless.contains(p) ? p : 0);
    }
    List<CompiledQueue> queues = new ArrayList<>();
    queues.add(new CompiledQueue(0, "default", CompiledQueue.DWRR, 50, null, false));
    for (int p : lossless) {
      queues.add(
          new CompiledQueue(
              p,
              p == 3 ? "rdma" : "storage",
              CompiledQueue.DWRR,
              p == 3 ? 40 : 10,
              p == 3 ? "rdma" : "storage",
              true));
    }
    queues.add(new CompiledQueue(6, "cnp", CompiledQueue.STRICT, null, null, false));
    List<EcnProfile> ecn = new ArrayList<>();
    for (int p : lossless) {
      ecn.add(new EcnProfile(p == 3 ? "rdma" : "storage", 150_000, 1_500_000, 100));
    }
    CompiledWatchdog watchdog = new CompiledWatchdog(true, "drop", 200, 400, 200);
    List<CompiledPort> ports =
        List.of(
            port(
                "Ethernet0",
                400,
                9216,
                3,
                "host-facing",
                "gpu-001:eth0",
                lossless,
                identity,
                queues),
            port(
                "Ethernet8",
                400,
                9216,
                3,
                "host-facing",
                "gpu-002:eth0",
                lossless,
                identity,
                queues),
            port(
                "Ethernet256",
                400,
                9216,
                30,
                "fabric",
                "spine-01:Ethernet0",
                lossless,
                identity,
                queues));
    return new CompiledSwitch(
        name,
        "leaf",
        platform,
        "spectrum-4",
        "1",
        256,
        "202411",
        "127.0.0.1",
        18301,
        "dcqcn",
        dscp,
        identity,
        pg,
        lossless,
        6,
        48,
        queues,
        ecn,
        watchdog,
        false,
        List.of("src-ip", "dst-ip", "ip-protocol", "l4-src-port", "l4-dst-port"),
        ports,
        Map.of());
  }

  private static CompiledPort port(
      String name,
      int speed,
      int mtu,
      int cable,
      String role,
      String peer,
      List<Integer> lossless,
      List<Integer> identity,
      List<CompiledQueue> queues) {
    List<PriorityGroupHeadroom> headroom = new ArrayList<>();
    for (int p : lossless) {
      long xoff = cable > 10 ? 126_000 : 78_900;
      headroom.add(
          new PriorityGroupHeadroom(
              p, List.of(p), xoff, 18_432, xoff + 18_432, xoff, PriorityGroupHeadroom.COMPUTED));
    }
    return CompiledPort.builder()
        .name(name)
        .speedGbps(speed)
        .mtu(mtu)
        .cableLengthMetres(cable)
        .role(role)
        .peer(peer)
        .trustDscp(true)
        .pfcPriorities(lossless)
        .priorityToQueue(identity)
        .pfcPriorityToQueue(identity)
        .queues(queues)
        .watchdog(!lossless.isEmpty())
        .watchdogQueues(lossless)
        .headroom(headroom)
        .build();
  }

  public static CompiledHost host(String name) {
    List<Integer> pfc = List.of(0, 0, 0, 1, 0, 0, 0, 0);
    Map<Integer, Integer> dscp = new TreeMap<>();
    for (int d = 0; d < 64; d++) {
      dscp.put(d, d >> 3);
    }
    CompiledNic nic = nic("eth0", "mlx5_0", "leaf-01:Ethernet0", dscp, pfc);
    CompiledNic nic2 = nic("eth1", "mlx5_1", "leaf-02:Ethernet0", dscp, pfc);
    return new CompiledHost(name, List.of(nic, nic2), Map.of());
  }

  /** A ConnectX-7 NIC at 400G on a 3 m cable, trusting DSCP, RoCE on DSCP 26 and CNPs on 48. */
  private static CompiledNic nic(
      String name, String rdmaDevice, String peer, Map<Integer, Integer> dscp, List<Integer> pfc) {
    return new CompiledNic(
        name,
        rdmaDevice,
        "connectx-7",
        "28.43.1014",
        true,
        dscp,
        pfc,
        26,
        CompiledNic.tosOf(26),
        pfc,
        pfc,
        48,
        6,
        4200,
        4096,
        400,
        3,
        false,
        peer,
        Map.of(),
        null,
        2,
        null,
        null,
        NicKnobs.NONE);
  }

  /** The same switch with the given intent locations. */
  public static CompiledSwitch withProvenance(
      CompiledSwitch sw, Map<String, dev.weft.finding.Location> provenance) {
    return new CompiledSwitch(
        sw.name(),
        sw.role(),
        sw.platform(),
        sw.asic(),
        sw.asicProfileVersion(),
        sw.thresholdRoundingBytes(),
        sw.osVersion(),
        sw.managementHost(),
        sw.managementPort(),
        sw.congestionControl(),
        sw.dscpToPriority(),
        sw.priorityToQueue(),
        sw.priorityToPriorityGroup(),
        sw.losslessPriorities(),
        sw.cnpPriority(),
        sw.cnpDscp(),
        sw.queues(),
        sw.ecnProfiles(),
        sw.watchdog(),
        sw.linkPause(),
        sw.ecmpHashFields(),
        sw.ports(),
        provenance);
  }

  public static CompiledFabric fabric(CompiledDevice... devices) {
    return new CompiledFabric("roce-test", List.of(devices));
  }
}
