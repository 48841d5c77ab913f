package dev.weft.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
  @Test
  void parsesKeepingDocumentOrderAndWritesSorted() throws JsonException {
    Object value =
        Json.parse("{\"b\": [1, -2.5, true, null], \"a\": {\"y\": \"\\u0041\\n\", \"x\": {}}}");
    assertEquals(List.of("b", "a"), List.copyOf(((Map<?, ?>) value).keySet()));
    assertEquals(
        "{\n    \"a\": {\n        \"x\": {},\n        \"y\": \"A\\n\"\n    },\n"
            + "    \"b\": [\n        1,\n        -2.5,\n        true,\n        null\n    ]\n}\n",
        Json.write(value));
  }

  @Test
  void writeOfParseIsAFixedPoint() throws JsonException {
    String once = Json.write(Json.parse("{\"z\":\"1\",\"a\":[{\"q\":\"\\\"\"}]}"));
    assertEquals(once, Json.write(Json.parse(once)));
  }

  @Test
  void errorsNameLineAndColumn() {
    JsonException trailingComma =
        assertThrows(JsonException.class, () -> Json.parse("{\n  \"a\": \"1\",\n}"));
    assertEquals(3, trailingComma.line());
    JsonException duplicate =
        assertThrows(JsonException.class, () -> Json.parse("{\"a\": 1,\n \"a\": 2}"));
    assertEquals(2, duplicate.line());
    assertEquals(2, duplicate.column());
    assertTrue(duplicate.getMessage().contains("duplicate key \"a\""), duplicate.getMessage());
    assertThrows(JsonException.class, () -> Json.parse("{\"a\": 01}"));
    assertThrows(JsonException.class, () -> Json.parse("{\"a\": \"x\"} extra"));
    assertThrows(JsonException.class, () -> Json.parse("[".repeat(100) + "]".repeat(100)));
    assertThrows(JsonException.class, () -> Json.parse("{\"a\": \"unterminated"));
    JsonException huge = assertThrows(JsonException.class, () -> Json.parse("[\n 1e99999999999]"));
    assertEquals(2, huge.line());
    assertEquals(2, huge.column());
  }

  /**
   * The hand-written number check accepts exactly what the JSON number grammar (as a regex)
   * accepts.
   */
  @Test
  void numberCheckAgreesWithTheGrammarOnEveryShortString() {
    java.util.regex.Pattern grammar =
        java.util.regex.Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    String alphabet = "01.eE+-9";
    List<String> strings = new java.util.ArrayList<>(List.of(""));
    int checked = 0;
    for (int length = 1; length <= 6; length++) {
      List<String> longer = new java.util.ArrayList<>();
      for (String prefix : strings) {
        for (char c : alphabet.toCharArray()) {
          String raw = prefix + c;
          longer.add(raw);
          assertEquals(grammar.matcher(raw).matches(), CanonicalJson.validNumber(raw) >= 0, raw);
          checked++;
        }
      }
      strings = longer;
    }
    assertTrue(checked > 250_000, "checked " + checked);
  }

  @Test
  void numbersKeepTheirType() throws JsonException {
    assertEquals(
        List.of(
            0L,
            -12L,
            123456789012345678L,
            new java.math.BigDecimal("1234567890123456789"),
            new java.math.BigDecimal("-1.5e3"),
            new java.math.BigDecimal("2.50")),
        Json.parse("[0, -12, 123456789012345678, 1234567890123456789, -1.5e3, 2.50]"));
  }

  @Test
  void stringsWithAndWithoutEscapesRoundTrip() throws JsonException {
    assertEquals(
        List.of("plain", "", "a\"b\\c/\b\f\n\r\tA", "tab\there", "\u0001"),
        Json.parse(
            "[\"plain\", \"\", \"a\\\"b\\\\c\\/\\b\\f\\n\\r\\t\\u0041\", \"tab\\there\", \"\\u0001\"]"));
    assertEquals(
        "[\n    \"q\\\"\\\\\\n\\r\\t\\u0001\",\n    \"plain\"\n]\n",
        Json.write(List.of("q\"\\\n\r\t\u0001", "plain")));
    JsonException control =
        assertThrows(JsonException.class, () -> Json.parse("{\n  \"a\": \"x\ty\u0001\"}"));
    assertEquals(2, control.line());
    assertEquals(10, control.column()); // the raw tab after x is the first control character
  }

  @Test
  void unsortedKeysAreSortedAndSortedKeysKept() {
    Map<String, Object> unsorted = new java.util.LinkedHashMap<>();
    unsorted.put("b", "2");
    unsorted.put("a", "1");
    unsorted.put("Ethernet104", "x");
    unsorted.put("Ethernet12", "y");
    assertEquals(
        "{\n    \"Ethernet104\": \"x\",\n    \"Ethernet12\": \"y\",\n    \"a\": \"1\",\n    \"b\": \"2\"\n}\n",
        Json.write(unsorted));
  }
}
