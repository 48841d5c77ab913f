package dev.weft.platform.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledSwitch;
import dev.weft.health.CounterReaders;
import dev.weft.platform.CounterProblem;
import dev.weft.platform.Counters;
import dev.weft.platform.TextTables;
import dev.weft.render.Examples;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SonicCountersTest {

  static final String PFC =
      """
              Port Rx    PFC0    PFC1    PFC2       PFC3    PFC4    PFC5    PFC6    PFC7
            -----------  ------  ------  ------  ---------  ------  ------  ------  ------
              Ethernet0       0       0       0  1,234,567       0       0       0       0
              Ethernet4       0       0       0         12       0       0       0     N/A

              Port Tx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7
            -----------  ------  ------  ------  ------  ------  ------  ------  ------
              Ethernet0       0       0       0       7       0       0       0       0
            """;
  static final String QUEUE =
      """
                 Port    TxQ    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes
            ---------  -----  --------------  ---------------  -----------  ------------
            Ethernet0    UC3          10,000        9,000,000            5          4500
            Ethernet0    MC3              99               99           99            99
            """;
  static final String PFCWD =
      """
                  QUEUE       STATUS    STORM DETECTED/RESTORED    TX OK/DROP    RX OK/DROP    TX LAST OK/DROP    RX LAST OK/DROP
            -----------  -----------  -------------------------  ------------  ------------  -----------------  -----------------
            Ethernet0:3      stormed                        2/1        100/40           0/0                0/0                0/0
            """;

  static CompiledSwitch leaf() throws Exception {
    return (CompiledSwitch) Examples.compile("roce-pod-a").device("leaf-01").orElseThrow();
  }

  @Test
  void theThreeCommandsTablesBecomePerPortCounters() throws Exception {
    CounterReaders.Read read =
        CounterReaders.parse(
            leaf(),
            Map.of(SonicCounters.PFC, PFC, SonicCounters.QUEUE, QUEUE, SonicCounters.PFCWD, PFCWD),
            Map.of());
    assertEquals(List.of(), read.problems());
    Counters c = read.counters();
    assertEquals(1_234_567L, c.get("Ethernet0", Counters.PFC_RX, 3));
    assertEquals(12L, c.get("Ethernet4", Counters.PFC_RX, 3));
    assertNull(c.get("Ethernet4", Counters.PFC_RX, 7), "N/A is no value");
    assertEquals(7L, c.get("Ethernet0", Counters.PFC_TX, 3));
    assertEquals(10_000L, c.get("Ethernet0", Counters.QUEUE_TX, 3));
    assertEquals(
        5L, c.get("Ethernet0", Counters.QUEUE_DROP, 3), "multicast queue 3 is not unicast queue 3");
    assertEquals(2L, c.get("Ethernet0", Counters.WD_STORM, 3));
    assertEquals(40L, c.get("Ethernet0", Counters.WD_DROP, 3));
  }

  @Test
  void aCommandTheDeviceDidNotAnswerGivesNoCounters() throws Exception {
    assertEquals(Counters.NONE, CounterReaders.parse(leaf(), Map.of(), Map.of()).counters());
    CompiledSwitch junos = leaf().toBuilder().platform("junos").build();
    assertEquals(
        Counters.NONE,
        CounterReaders.parse(junos, Map.of(SonicCounters.PFC, PFC), Map.of()).counters());
    assertEquals(List.of(), CounterReaders.commands(junos));
  }

  @Test
  void anOversizeOrUntakenAnswerIsAProblemNamingTheCommandNotACrash() throws Exception {
    String huge = "x".repeat(TextTables.MAX_CHARS + 1);
    CounterReaders.Read read =
        CounterReaders.parse(
            leaf(),
            Map.of(SonicCounters.PFC, huge),
            Map.of(SonicCounters.QUEUE, "the output exceeds the limit of 1000 bytes"));
    assertEquals(Counters.NONE, read.counters());
    assertEquals(
        List.of(SonicCounters.PFC, SonicCounters.QUEUE),
        read.problems().stream().map(CounterProblem::command).sorted().toList());
    assertTrue(
        read.problems().stream()
            .anyMatch(p -> p.message().contains("more than the " + TextTables.MAX_CHARS)),
        read.problems().toString());
  }
}
