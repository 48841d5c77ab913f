package dev.weft.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hand-written YAML 1.2 core schema, checked against the spec's own regular expressions' edge
 * cases.
 */
class CoreScalarsTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "-",
        "+",
        ".",
        "1e",
        "1e+",
        "0x",
        "0o",
        "0b101",
        "-0x1",
        "0xG",
        "0o8",
        "1.2.3",
        "1,000",
        "1_000",
        "12:30",
        "2027-03-31",
        "400G",
        ".inf",
        "-.Inf",
        ".NaN",
        "0x1.8p1",
        "Yes",
        "ON",
        "nulls",
        "TRUEish",
        "~~",
        "1 ",
        "e5"
      })
  void theseStayText(String text) {
    assertSame(text, CoreScalars.resolve(text));
  }

  @ParameterizedTest
  @CsvSource({
    "0,0",
    "-0,0",
    "+12,12",
    "007,7",
    "0x7fffffffffffffff,9223372036854775807",
    "0o777,511",
    "-9223372036854775808,-9223372036854775808",
    "999999999999999999,999999999999999999"
  })
  void integers(String text, long expected) {
    assertEquals(expected, CoreScalars.resolve(text));
  }

  @ParameterizedTest
  @CsvSource({
    "1.,1",
    ".5,0.5",
    "+.5,0.5",
    "-.5e-3,-0.0005",
    "1e3,1E+3",
    "1.6,1.6",
    "2.50,2.50",
    "6.02E23,6.02E+23"
  })
  void decimals(String text, String expected) {
    assertEquals(new BigDecimal(expected), CoreScalars.resolve(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "~", "null", "Null", "NULL"})
  void nulls(String text) {
    assertSame(CoreScalars.NULL, CoreScalars.resolve(text));
  }
}
