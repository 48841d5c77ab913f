package dev.weft.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.model.Health;
import dev.weft.model.Provenance;
import dev.weft.platform.Counters;
import dev.weft.render.Examples;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class HealthCheckTest {

  private static final Health LIMITS =
      Health.defaults(Provenance.at(new Location("fabric.yaml", 4, 1)));

  private static CompiledSwitch leaf() throws Exception {
    CompiledFabric fabric = Examples.compile("roce-pod-a");
    return (CompiledSwitch) fabric.device("leaf-01").orElseThrow();
  }

  /**
   * Counters of Ethernet0: lossless queue 3 (tx, drops, storms), CNP queue 6 (tx), PFC rx on
   * priority 3.
   */
  private static Counters counters(long roce, long drops, long storms, long cnps, long pauses) {
    Map<String, Long> c = new TreeMap<>();
    c.put(Counters.name(Counters.QUEUE_TX, 3), roce);
    c.put(Counters.name(Counters.QUEUE_DROP, 3), drops);
    c.put(Counters.name(Counters.WD_STORM, 3), storms);
    c.put(Counters.name(Counters.QUEUE_TX, 6), cnps);
    c.put(Counters.name(Counters.PFC_RX, 3), pauses);
    return new Counters(Map.of("Ethernet0", c));
  }

  private static List<String> rules(HealthCheck.Result r) {
    return r.findings().stream()
        .map(f -> f.rule() + " " + f.port() + " " + f.path() + " " + f.actual())
        .toList();
  }

  @Test
  void aFindingPointsAtItsThresholdsLineAndNamesTheLinksPeer() throws Exception {
    Location block = new Location("fabric.yaml", 20, 3);
    Location storms = new Location("fabric.yaml", 22, 22);
    Health written =
        new Health(
            0, 0, 1000, true, 1_000_000, new Provenance(block, Map.of("watchdog-storms", storms)));
    HealthCheck.Result r =
        new HealthCheck(written, true)
            .check(leaf(), counters(0, 0, 0, 0, 0), counters(5_000_000, 12, 3, 20_000, 0), 86_400);
    Finding storm = r.findings().get(0);
    Finding drops = r.findings().get(1);
    assertEquals("health-pfc-storm", storm.rule());
    assertEquals(storms, storm.location(), "the line of watchdog-storms, not the fabric's name");
    assertEquals(block, drops.location(), "lossless-drops is not written: the health block");
    String peer = leaf().port("Ethernet0").peer();
    assertTrue(
        peer != null && storm.message().contains("Ethernet0 (link to " + peer + ") queue 3"),
        storm.message());
    assertTrue(storm.message().endsWith("limit 0 (watchdog-storms)"), storm.message());
  }

  @Test
  void theFirstNightSetsTheBaseline() throws Exception {
    HealthCheck.Result r =
        new HealthCheck(LIMITS, true).check(leaf(), null, counters(5, 5, 5, 0, 5), 86_400);
    assertEquals(HealthCheck.State.BASELINE, r.state());
    assertEquals(List.of(), r.findings());
  }

  @Test
  void aQuietNightWithCnpsIsOk() throws Exception {
    HealthCheck.Result r =
        new HealthCheck(LIMITS, true)
            .check(
                leaf(), counters(0, 3, 1, 0, 0), counters(5_000_000, 3, 1, 20_000, 1_000), 86_400);
    assertEquals(HealthCheck.State.OK, r.state(), rules(r).toString());
  }

  @Test
  void stormDropsPauseFloodAndMissingCnpsAreEachNamedByPortAndCounter() throws Exception {
    HealthCheck.Result r =
        new HealthCheck(LIMITS, true)
            .check(leaf(), counters(0, 0, 0, 0, 0), counters(5_000_000, 12, 3, 0, 10_000_000), 100);
    assertEquals(HealthCheck.State.ALERT, r.state());
    assertEquals(
        List.of(
            "health-pfc-storm Ethernet0 wd-storm:3 3",
            "health-lossless-drops Ethernet0 queue-drop:3 12",
            "health-pause-rate Ethernet0 pfc-rx:3 10000000",
            "health-no-cnp null queue-tx:6 0"),
        rules(r));
    Finding storm = r.findings().get(0);
    assertEquals("leaf-01", storm.device());
    assertEquals(new Location("fabric.yaml", 4, 1), storm.location());
    assertEquals("<= 0", storm.expected());
  }

  @Test
  void thePauseCeilingCountsWholeHoursSoShardsStartedMinutesApartAgree() {
    assertEquals(1, HealthCheck.hours(5));
    assertEquals(24, HealthCheck.hours(24 * 3600 + 240));
    assertEquals(24, HealthCheck.hours(24 * 3600 - 240));
  }

  @Test
  void aCounterThatWentDownIsANewBaselineNotANegativeDelta() throws Exception {
    HealthCheck.Result r =
        new HealthCheck(LIMITS, false)
            .check(leaf(), counters(9, 9, 9, 9, 9), counters(1, 1, 1, 1, 1), 86_400);
    assertEquals(List.of(), r.findings());
    assertEquals(HealthCheck.State.OK, r.state());
  }

  @Test
  void pfcOnlyFabricsNeedNoCnps() throws Exception {
    HealthCheck.Result r =
        new HealthCheck(LIMITS, false)
            .check(leaf(), counters(0, 0, 0, 0, 0), counters(5_000_000, 0, 0, 0, 0), 86_400);
    assertEquals(List.of(), r.findings());
  }
}
