package dev.weft.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Location;
import dev.weft.model.Health;
import dev.weft.model.Host;
import dev.weft.model.Nic;
import dev.weft.model.Provenance;
import dev.weft.platform.Counters;
import dev.weft.testing.HostCounterText;
import dev.weft.units.Speed;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A GPU host's {@code ethtool -S} and {@code rdma statistic} answers as counters, and the host
 * findings from their rise.
 */
class HostCountersTest {

  private static final Health LIMITS =
      Health.defaults(Provenance.at(new Location("fabric.yaml", 4, 1)));
  private static final Host HOST =
      new Host(
          "gpu-001",
          List.of(new Nic("eth0", "mlx5_0", "connectx-7", "28.43.1014", new Speed(400), null)),
          List.of(),
          null);

  private static Map<String, String> answers(HostCounterText.Nic n) {
    Map<String, String> out = new TreeMap<>();
    out.put("ethtool -S eth0", HostCounterText.ethtool(n));
    out.put("rdma statistic show link mlx5_0/1", HostCounterText.rdma(n));
    return out;
  }

  private static Counters read(HostCounterText.Nic n) {
    CounterReaders.Read r = CounterReaders.parse(HOST, answers(n), Map.of());
    assertEquals(List.of(), r.problems());
    return r.counters();
  }

  private static HostCounterText.Nic nic(
      long packets, long pauses, long discards, long cnps, long oos) {
    return new HostCounterText.Nic("eth0", "mlx5_0", 3, packets, pauses, discards, cnps, cnps, oos);
  }

  @Test
  void theHostIsAskedEthtoolAndTheRdmaCountersOfEachNic() {
    assertEquals(
        List.of("ethtool -S eth0", "rdma statistic show link mlx5_0/1"),
        CounterReaders.commands(HOST));
    Host noRdma =
        new Host(
            "gpu-002",
            List.of(new Nic("eth1", null, null, null, new Speed(400), null)),
            List.of(),
            null);
    assertEquals(List.of("ethtool -S eth1"), CounterReaders.commands(noRdma));
  }

  @Test
  void mlx5CountersBecomePerNicCounters() {
    Counters c = read(nic(5_000, 70, 2, 9, 4));
    assertEquals(70L, c.get("eth0", Counters.PFC_RX, 3));
    assertEquals(70L, c.get("eth0", Counters.PFC_TX, 3));
    assertEquals(0L, c.get("eth0", Counters.PFC_RX, 4));
    assertEquals(5_000L, c.get("eth0", HostCounters.PRIO_RX, 3));
    assertEquals(2L, c.get("eth0", HostCounters.RX_DISCARDS, 0));
    assertEquals(9L, c.get("eth0", HostCounters.CNP_SENT, 0));
    assertEquals(9L, c.get("eth0", HostCounters.CNP_HANDLED, 0));
    assertEquals(4L, c.get("eth0", HostCounters.OUT_OF_SEQUENCE, 0));
    assertEquals(0L, c.get("eth0", HostCounters.PACKET_SEQ_ERR, 0));
    assertNull(c.get("eth0", "rx_prio3_pause_duration", 0), "durations are not pause frames");
  }

  @Test
  void malformedAnswersAreProblemsNamingNicAndCommand() {
    Map<String, String> bad = answers(nic(1, 1, 1, 1, 1));
    bad.put("ethtool -S eth0", "NIC statistics:\n     rx_prio3_pause: lots\n");
    bad.put("rdma statistic show link mlx5_0/1", "error: unknown device\n");
    CounterReaders.Read r = CounterReaders.parse(HOST, bad, Map.of());
    List<String> got =
        r.problems().stream()
            .map(p -> p.port() + " | " + p.command() + " | " + p.message())
            .toList();
    assertTrue(
        got.contains(
            "eth0 | ethtool -S eth0 | line 2: rx_prio3_pause: expected a count (a whole number >= 0),"
                + " found \"lots\""),
        String.join("\n", got));
    assertTrue(
        got.contains(
            "eth0 | rdma statistic show link mlx5_0/1 | expected `link mlx5_0/1` and name-value pairs,"
                + " found \"error: unknown device\""),
        String.join("\n", got));
    Map<String, String> notMlx5 = answers(nic(1, 1, 1, 1, 1));
    notMlx5.put("ethtool -S eth0", "NIC statistics:\n     rx_packets: 5\n");
    assertTrue(
        CounterReaders.parse(HOST, notMlx5, Map.of())
            .problems()
            .get(0)
            .message()
            .contains("found none"));
    Map<String, String> garbage = answers(nic(1, 1, 1, 1, 1));
    garbage.put(
        "ethtool -S eth0", "Cannot get stats strings information: Operation not supported\n");
    assertTrue(
        CounterReaders.parse(HOST, garbage, Map.of())
            .problems()
            .get(0)
            .message()
            .startsWith("line 1: expected `name: value`"));
  }

  @Test
  void aNicNameTheHostShellWouldInterpretIsNeverPutInACommand() {
    Host hostile =
        new Host(
            "gpu-003",
            List.of(new Nic("eth0$(reboot)", "mlx5_0", null, null, new Speed(400), null)),
            List.of(),
            null);
    assertEquals(List.of("rdma statistic show link mlx5_0/1"), CounterReaders.commands(hostile));
    assertTrue(
        CounterReaders.parse(hostile, Map.of(), Map.of())
            .problems()
            .get(0)
            .message()
            .contains("shell"));
  }

  private static List<String> rules(HealthCheck.Result r) {
    return r.findings().stream()
        .map(f -> f.rule() + " " + f.port() + " " + f.path() + " " + f.actual())
        .toList();
  }

  @Test
  void aNightOfRoceWithoutCnpsReorderingDiscardsAndAPauseFloodAreEachNamed() {
    HostHealthCheck check = new HostHealthCheck(LIMITS, true, List.of(3));
    HealthCheck.Result r =
        check.check(
            "gpu-001", read(nic(0, 0, 0, 5, 0)), read(nic(3_000_000, 9_000_000, 8, 5, 12)), 60);
    assertEquals(HealthCheck.State.ALERT, r.state());
    assertEquals(
        List.of(
            "health-host-pause-rate eth0 pfc-rx:3 9000000",
            "health-host-pause-rate eth0 pfc-tx:3 9000000",
            "health-host-rx-discards eth0 rx-discards:0 8",
            "health-host-sequence-errors eth0 out-of-sequence:0 12",
            "health-host-no-cnp eth0 cnp-sent:0 0"),
        rules(r));
    assertEquals("gpu-001", r.findings().get(0).device());
    assertEquals(new Location("fabric.yaml", 4, 1), r.findings().get(0).location());
  }

  @Test
  void aQuietNightWithCnpsIsOkAndTheFirstIsTheBaseline() {
    HostHealthCheck check = new HostHealthCheck(LIMITS, true, List.of(3));
    assertEquals(
        HealthCheck.State.BASELINE,
        check.check("gpu-001", null, read(nic(1, 1, 1, 1, 1)), 60).state());
    HealthCheck.Result r =
        check.check(
            "gpu-001", read(nic(0, 0, 0, 0, 0)), read(nic(3_000_000, 10, 0, 40, 0)), 86_400);
    assertEquals(List.of(), rules(r));
    assertEquals(HealthCheck.State.OK, r.state());
    HealthCheck.Result pfcOnly =
        new HostHealthCheck(LIMITS, false, List.of(3))
            .check("gpu-001", read(nic(0, 0, 0, 0, 0)), read(nic(3_000_000, 10, 0, 0, 0)), 86_400);
    assertEquals(List.of(), rules(pfcOnly), "no CNPs are expected without DCQCN");
  }
}
