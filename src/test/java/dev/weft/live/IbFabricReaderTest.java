package dev.weft.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Parsing of infiniband-diags output as printed by infiniband-diags 44 (captured from the simulated
 * fabric).
 */
class IbFabricReaderTest {

  @Test
  void pkeyTableSkipsEmptySlots() throws Exception {
    String out =
        "   0: 0x7fff 0x8101 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000\n"
            + "   8: 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000\n"
            + "64 pkeys capacity for this port\n";
    assertEquals(new TreeSet<>(List.of(0x7fff, 0x8101)), IbFabricReader.pkeys(out));
  }

  @Test
  void sl2vlRow() throws Exception {
    String out =
        "# SL2VL table: Lid 4\n"
            + "#                 SL: | 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|10|11|12|13|14|15|\n"
            + "ports: in  0, out  0: | 0| 1| 2| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0|\n";
    assertEquals(
        List.of(0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), IbFabricReader.sl2vl(out, "g"));
    assertThrows(IbReadException.class, () -> IbFabricReader.sl2vl("ibwarn: no reply\n", "g"));
  }

  @Test
  void vlarbTables() throws Exception {
    String out =
        "# VLArbitration tables: Lid 4 port 1 LowCap 8 HighCap 8\n"
            + "# Low priority VL Arbitration Table:\n"
            + "VL    : |0x0 |0x1 |0x2 |0x0 |0x0 |0x0 |0x0 |0x0 |\n"
            + "WEIGHT: |0x40|0x40|0x40|0x0 |0x0 |0x0 |0x0 |0x0 |\n"
            + "# High priority VL Arbitration Table:\n"
            + "VL    : |0x0 |0x1 |0x0 |0x0 |0x0 |0x0 |0x0 |0x0 |\n"
            + "WEIGHT: |0x40|0x40|0x0 |0x0 |0x0 |0x0 |0x0 |0x0 |\n";
    assertEquals(
        List.of(List.of("0:64", "1:64"), List.of("0:64", "1:64", "2:64")),
        IbFabricReader.vlarb(out));
  }

  /** Found by IbOutputFuzzTest: a cell that is not a number was a NumberFormatException. */
  @Test
  void aCellThatIsNotANumberIsAReadErrorNamingTheTool() {
    IbReadException pkeys =
        assertThrows(IbReadException.class, () -> IbFabricReader.pkeys("   0: 0x7fff 0xzz\n"));
    assertEquals("smpquery pkeys printed '0xzz' where a number belongs", pkeys.getMessage());
    assertThrows(
        IbReadException.class, () -> IbFabricReader.sl2vl("ports: in  0, out  0: | 0| x|\n", "g"));
    assertThrows(
        IbReadException.class,
        () -> IbFabricReader.vlarb("VL    : |0x0 |zz |\nWEIGHT: |0x99999999999|\n"));
  }

  @Test
  void guidsAreWidenedToSixteenDigits() {
    assertEquals("0x0002c90300b00021", IbFabricReader.guid("0x2c90300b00021"));
  }
}
