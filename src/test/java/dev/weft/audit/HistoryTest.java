package dev.weft.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.health.CounterSnapshot;
import dev.weft.platform.Counters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryTest {

  @TempDir Path dir;

  private static Finding drift(String device) {
    return Finding.of("drift-mtu", Severity.ERROR, device + ": MTU")
        .onDevice(device)
        .onPort("Ethernet8")
        .withPath("mtu");
  }

  @Test
  void aFolderWithoutAnAuditIsTheFirstNight() throws Exception {
    History.Previous p = History.read(dir);
    assertEquals(History.Previous.NONE, p);
    assertEquals(Comparison.FIRST_NIGHT, Comparison.of(p, List.of(drift("leaf-01")), List.of()));
  }

  @Test
  void tonightAgainstThePreviousNightNamesNewFixedPersistingAndStatusChanges() throws Exception {
    Files.createDirectories(dir.resolve("audit"));
    Files.writeString(
        dir.resolve(History.REPORT),
        """
                {"command": "audit", "audit": {"started": "2026-12-01T02:00:00Z"},
                 "findings": [{"rule": "drift-mtu", "severity": "error", "device": "leaf-01", "port": "Ethernet8", "path": "mtu", "message": "m"},
                              {"rule": "device-unreachable", "severity": "error", "device": "spine-02", "port": null, "path": null, "message": "u"}],
                 "devices": [{"name": "leaf-01", "status": "drift"}, {"name": "spine-02", "status": "unreachable"}]}
                """);
    Map<String, byte[]> files =
        History.files(
            "{}",
            new CounterSnapshot(
                100,
                Map.of("leaf-01", new Counters(Map.of("Ethernet0", Map.of("wd-storm:3", 4L))))),
            List.of());
    Files.write(dir.resolve(History.COUNTERS), files.get(History.COUNTERS));
    History.Previous p = History.read(dir);
    assertEquals(4L, p.counters().devices().get("leaf-01").get("Ethernet0", Counters.WD_STORM, 3));
    assertEquals(100, p.counters().takenAt());
    Finding unreachable =
        Finding.of("device-unreachable", Severity.ERROR, "u2").onDevice("spine-02");
    Finding storm =
        Finding.of("health-pfc-storm", Severity.ERROR, "s").onDevice("leaf-02").onPort("Ethernet0");
    Comparison c =
        Comparison.of(
            p,
            List.of(unreachable, storm),
            List.of(
                DeviceStatus.ok("leaf-01"),
                new DeviceStatus("spine-02", DeviceStatus.Status.UNREACHABLE, "refused"),
                DeviceStatus.ok("leaf-02")));
    assertEquals("2026-12-01T02:00:00Z", c.previousStarted());
    assertEquals(List.of("health-pfc-storm"), c.added().stream().map(Night.Seen::rule).toList());
    assertEquals(List.of("drift-mtu"), c.fixed().stream().map(Night.Seen::rule).toList());
    assertEquals(
        List.of("device-unreachable"), c.persisting().stream().map(Night.Seen::rule).toList());
    assertEquals(
        List.of(
            new Night.StatusChange("leaf-01", "drift", "ok"),
            new Night.StatusChange("leaf-02", null, "ok")),
        c.statusChanges());
  }

  @Test
  void aBrokenHistoryFileIsNamedNotACrash() throws Exception {
    Files.createDirectories(dir.resolve("audit"));
    Files.writeString(dir.resolve(History.REPORT), "[1, 2");
    History.HistoryException e =
        assertThrows(History.HistoryException.class, () -> History.read(dir));
    assertTrue(e.getMessage().contains("audit/report.json"), e.getMessage());
  }

  @Test
  void theTrendKeepsTheLastThirtyNights() {
    History.Previous p = History.Previous.NONE;
    for (int i = 0; i < 40; i++) {
      p =
          new History.Previous(
              "n" + i,
              List.of(),
              Map.of(),
              CounterSnapshot.EMPTY,
              History.trend(p, new Night.TrendPoint("n" + i, i, 0, 0, 0, 0, 0)));
    }
    assertEquals(30, p.trend().size());
    assertEquals("n39", p.trend().get(29).started());
    assertEquals(p.trend(), History.trend(History.trendTree(p.trend())));
  }
}
