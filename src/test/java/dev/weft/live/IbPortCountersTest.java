package dev.weft.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The perfquery parser on text as infiniband-diags 44 prints it (recorded from the ibsim lab): the
 * kept fields of each {@code Lid L port P} block, a value that is not a count left unread, and an
 * answer without a block refused.
 */
class IbPortCountersTest {

  private static final String TWO_PORTS =
      """
      # Port counters: Lid 4 port 3 (CapMask: 0x1300)
      PortSelect:......................3
      SymbolErrorCounter:..............12
      LinkErrorRecoveryCounter:........0
      LinkDownedCounter:...............1
      PortRcvErrors:...................0
      PortXmitDiscards:................0
      PortXmitData:....................13824
      PortXmitWait:....................5000
      # Port counters: Lid 4 port 4 (CapMask: 0x1300)
      SymbolErrorCounter:..............N/A
      LinkDownedCounter:...............0
      """;

  @Test
  void eachBlockKeepsItsErrorCountersAndLeavesTheRestOut() throws Exception {
    Map<String, Map<String, Long>> out = new TreeMap<>();
    IbPortCounters.parse(TWO_PORTS, out);
    assertEquals(
        Map.of(
            "SymbolErrorCounter", 12L,
            "LinkErrorRecoveryCounter", 0L,
            "LinkDownedCounter", 1L,
            "PortRcvErrors", 0L,
            "PortXmitDiscards", 0L,
            "PortXmitWait", 5000L),
        out.get("4:3"));
    assertEquals(Map.of("LinkDownedCounter", 0L), out.get("4:4"), "N/A is unread, not zero");
    assertFalse(out.get("4:3").containsKey("PortXmitData"));
  }

  @Test
  void anAnswerWithoutACounterBlockIsRefused() {
    IbReadException e =
        assertThrows(
            IbReadException.class,
            () ->
                IbPortCounters.parse(
                    "ibwarn: [1234] mad_rpc: _do_madrpc failed\n", new TreeMap<>()));
    assertEquals("expected `# Port counters: Lid L port P` blocks, found none", e.getMessage());
  }

  /** Found by IbPortCountersFuzzTest: a port number past an int was a NumberFormatException. */
  @Test
  void aPortNumberPastAnIntIsAReadErrorNamingTheTool() {
    IbTools tools =
        args ->
            "CA     7  99999999999 0x0000000000100005 4x SDR - SW     6  1 0x0000000000200003"
                + " ( 'host-3 HCA-1' - 'leaf-2' )\n";
    IbReadException e = assertThrows(IbReadException.class, () -> new IbPortCounters(tools).read());
    assertEquals(
        "ibnetdiscover -p printed port '99999999999' where a port number belongs", e.getMessage());
  }
}
