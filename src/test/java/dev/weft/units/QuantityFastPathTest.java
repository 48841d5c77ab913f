package dev.weft.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.accel.Accelerators;
import dev.weft.accel.FastMode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The regex-free path for "digits + whole unit" must answer exactly what the general parser
 * answers, or stand aside.
 */
class QuantityFastPathTest {

  private static final List<Map<String, BigDecimal>> UNIT_TABLES =
      List.of(
          Map.of("", BigDecimal.ONE, "G", BigDecimal.ONE, "T", BigDecimal.valueOf(1000)),
          Map.of(
              "",
              BigDecimal.ONE,
              "B",
              BigDecimal.ONE,
              "KB",
              BigDecimal.valueOf(1000),
              "KiB",
              BigDecimal.valueOf(1024),
              "MB",
              BigDecimal.valueOf(1_000_000),
              "MiB",
              BigDecimal.valueOf(1_048_576)),
          Map.of(
              "",
              BigDecimal.ONE,
              "us",
              BigDecimal.ONE,
              "ms",
              BigDecimal.valueOf(1000),
              "s",
              BigDecimal.valueOf(1_000_000)),
          Map.of(
              "",
              BigDecimal.ONE,
              "m",
              BigDecimal.ONE,
              "mm",
              new BigDecimal("0.001"),
              "x",
              new BigDecimal("1.0"),
              "E",
              new BigDecimal("1E+18"),
              "neg",
              BigDecimal.valueOf(-1)));

  @Test
  void agreesWithTheGeneralParserWheneverItAnswers() {
    List<String> texts =
        new ArrayList<>(
            List.of(
                "0",
                "7",
                "007",
                "400",
                "400G",
                "1T",
                "1.6T",
                "150KB",
                "150kb",
                "1KiB",
                "3m",
                "3 m",
                "3mm",
                "3000mm",
                "1x",
                "2E",
                "10E",
                "200ms",
                "1s",
                "5us",
                "m",
                "",
                "G400",
                "4-00G",
                "9223372036854775807",
                "9223372036854775808",
                "99999999999999999999G",
                "9223372036854775807T",
                "9223372036854775T",
                "12neg",
                "0neg",
                "1.0",
                "1.5KB",
                "400g",
                "4OO"));
    int answered = 0;
    for (Map<String, BigDecimal> units : UNIT_TABLES) {
      for (String text : texts) {
        long quick = Quantity.wholeDigitsTimesWholeUnit(text, units);
        if (quick < 0) {
          continue;
        }
        answered++;
        assertEquals(
            Quantity.general("size", text, units, "units"),
            quick,
            text + " with " + units.keySet());
      }
    }
    assertTrue(answered >= 20, "fast path answered " + answered);
  }

  @Test
  void theCommonInventoryValuesTakeTheFastPath() {
    assertEquals(400, Quantity.wholeDigitsTimesWholeUnit("400G", UNIT_TABLES.get(0)));
    assertEquals(150_000, Quantity.wholeDigitsTimesWholeUnit("150KB", UNIT_TABLES.get(1)));
    assertEquals(3, Quantity.wholeDigitsTimesWholeUnit("3m", UNIT_TABLES.get(3)));
    assertEquals(-1, Quantity.wholeDigitsTimesWholeUnit("1.6T", UNIT_TABLES.get(0)));
    assertEquals(-1, Quantity.wholeDigitsTimesWholeUnit("3000mm", UNIT_TABLES.get(3)));
  }

  @Test
  void publicParsersKeepTheirAnswersAndMessages() {
    assertEquals(new Speed(400), Speed.parse("400G"));
    assertEquals(new Speed(1600), Speed.parse("1.6T"));
    assertEquals(new Speed(400), Speed.parse(400L));
    UnitException unknown = assertThrows(UnitException.class, () -> Speed.parse("400X"));
    assertEquals("unknown speed unit 'X' in '400X'; expected one of G, T", unknown.getMessage());
    UnitException spaced = assertThrows(UnitException.class, () -> Speed.parse("400 G"));
    assertTrue(spaced.getMessage().contains("no space before the unit"), spaced.getMessage());
  }

  @Test
  void theSwitchDecidesWhoParses() {
    Accelerators off = new Accelerators(FastMode.OFF);
    Accelerators verify = new Accelerators(FastMode.VERIFY);
    for (String text : List.of("400G", "1.6T", "800G", "100")) {
      assertEquals(Speed.parse(text, off), Speed.parse(text, verify), text);
    }
    assertEquals(new Length(3), Length.parse("3m", verify));
    assertEquals(
        "weft fast paths (off): none used", off.summary(), "off never tries the fast path");
    assertTrue(verify.summary().contains("units 4 fast / 1 declined"), verify.summary());
    assertEquals(
        List.of(),
        verify.takeDivergences(),
        "verify compared every fast answer with the library's");
    UnitException same = assertThrows(UnitException.class, () -> Speed.parse("400 G", verify));
    assertTrue(same.getMessage().contains("no space before the unit"), same.getMessage());
  }
}
