package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * The standard DSCP names, checked against the RFCs' formulas rather than a second copy of the
 * table.
 */
class DscpNamesTest {

  @Test
  void classSelectorsAreEightTimesTheClass() {
    for (int c = 0; c <= 7; c++) {
      assertEquals(8 * c, DscpNames.codePoint("cs" + c));
      assertEquals(8 * c, DscpNames.codePoint("CS" + c));
    }
  }

  @Test
  void assuredForwardingIsClassAndDropPrecedence() {
    for (int c = 1; c <= 4; c++) {
      for (int d = 1; d <= 3; d++) {
        assertEquals(8 * c + 2 * d, DscpNames.codePoint("af" + c + d), "RFC 2597: AF" + c + d);
      }
    }
  }

  @Test
  void expeditedAndLowerEffortAndNothingElse() {
    assertEquals(46, DscpNames.codePoint("EF"));
    assertEquals(1, DscpNames.codePoint("le"));
    assertNull(DscpNames.codePoint("af14"));
    assertNull(DscpNames.codePoint("be"));
    assertNull(DscpNames.codePoint(null));
  }
}
