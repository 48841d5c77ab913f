package dev.weft.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Json#canonical} against the general path it replaces, {@code
 * write(parse(text)).getBytes(UTF_8)}: same bytes for every valid text, the same exception
 * (message, line, column) for every invalid one.
 */
class CanonicalJsonTest {

  /** The general path, as the renderer ran it before the fast path existed. */
  private static byte[] general(String text) throws JsonException {
    return Json.write(Json.parse(text)).getBytes(StandardCharsets.UTF_8);
  }

  /** Asserts both paths agree on {@code text}; returns whether the fast path handled it itself. */
  private static boolean agree(String text) {
    byte[] expected;
    try {
      expected = general(text);
    } catch (JsonException e) {
      JsonException got = null;
      try {
        Json.canonical(text);
      } catch (JsonException thrown) {
        got = thrown;
      }
      assertNotNull(got, "invalid JSON accepted: " + text);
      assertEquals(e.getMessage(), got.getMessage(), text);
      assertEquals(e.line(), got.line(), text);
      assertEquals(e.column(), got.column(), text);
      assertNull(CanonicalJson.rewrite(text), "fast path accepted invalid JSON: " + text);
      return false;
    }
    try {
      assertArrayEquals(expected, Json.canonical(text), text);
    } catch (JsonException e) {
      throw new AssertionError("valid JSON refused: " + text, e);
    }
    byte[] fast = CanonicalJson.rewrite(text);
    if (fast != null) {
      assertArrayEquals(expected, fast, text);
    }
    return fast != null;
  }

  @Test
  void plainDocumentsTakeTheFastPathWithTheSameBytes() {
    List<String> plain =
        List.of(
            "{}",
            "[]",
            "\"x\"",
            "0",
            "-0",
            "-12",
            "true",
            "false",
            "null",
            " \n\t\r{ } ",
            "{\"b\": [1, -2, true, null, false], \"a\": {\"y\": \"A\", \"x\": {}}, \"c\": []}",
            "{\"Ethernet8\": 1, \"Ethernet12\": 2, \"Ethernet104\": 3, \"Ethernet0\": 4, \"a\": 5, \"B\": 6, \"\": 7}",
            "{\"k\": \"a\\\"b\\\\c\\/\\b\\f\\n\\r\\t\\u0041\\u001f\\u007f\"}",
            "{\"esc\\naped\": 1, \"esc\": 2, \"esc\\u0000\": 3, \"esb\": {\"z\\\\\": [\"\\t\"]}}",
            "[1.5, -2.50, 1e3, 1E+3, -1.5e-3, 0.0, 1234567890123456789, -123456789012345678, 123456789012345678]",
            "[[[[[[]]]]], {\"a\": {\"b\": {\"c\": {}}}}]",
            "{\"z\":1,\"y\":2,\"x\":3,\"w\":4,\"v\":5,\"u\":6,\"t\":7,\"s\":8,\"r\":9,\"q\":10,\"p\":11,\"o\":12}");
    for (String text : plain) {
      assertTrue(agree(text), "expected the fast path for " + text);
    }
  }

  @Test
  void everythingElseFallsBackToTheGeneralPath() {
    List<String> other =
        List.of(
            "{\"caf\u00e9\": 1}",
            "[\"\u20ac\"]",
            "[\"\\u00e9\"]",
            "[\"\\ud83d\\ude00\"]",
            "[\"\ud83d\ude00\"]",
            "[\"\\u+041\"]",
            "[\"\\u-041\"]",
            // not Latin-1: the fast path reads a Latin-1 copy, where such a char is '?'
            "[\"\u4e2d\"]",
            "{\"\u4e2d\": 1, \"?\": 2}",
            "[\"why?\"]",
            "[\"\\n?\"]",
            "[1, ?]",
            "[\u4e2d]",
            // invalid: every error must come with the general reader's line and column
            "",
            " ",
            "{",
            "[",
            "{\n  \"a\": \"1\",\n}",
            "{\"a\": 1,\n \"a\": 2}",
            "{\"b\": 1, \"a\": 2, \"b\": 3}",
            "{\"Ethernet8\": 1, \"Ethernet0\": 2, \"Ethernet12\": 2, \"Ethernet8\": 3}",
            "{\"a\": 01}",
            "{\"a\": -}",
            "{\"a\": 1.}",
            "{\"a\": 1e}",
            "{\"a\": 1-2}",
            "{\"a\": --1}",
            "{\"a\": \"x\"} extra",
            "[".repeat(100) + "]".repeat(100),
            "[".repeat(65) + "]".repeat(65),
            "{\"a\": \"unterminated",
            "{\n  \"a\": \"x\ty\u0001\"}",
            "[\"\\x\"]",
            "[\"\\u12\"]",
            "[tru]",
            "[nul]",
            "{1: 2}",
            "{\"a\" 1}",
            "[1 2]",
            "[1e99999999999]",
            "{\"a\": 1 \"b\": 2}",
            "\"\\",
            "[\"a\"",
            "{\"a\":");
    for (String text : other) {
      agree(text);
    }
    assertTrue(agree("[".repeat(64) + "]".repeat(64)), "depth 64 is allowed on both paths");
  }

  /** Keys that share long prefixes, are prefixes of each other or differ only past eight bytes. */
  @Test
  void keysWithACommonPrefixSortAsStrings() {
    Random random = new Random(5);
    for (int round = 0; round < 200; round++) {
      List<String> keys = new java.util.ArrayList<>();
      for (int port = 0; port < 1 + random.nextInt(80); port++) {
        keys.add(
            "Ethernet"
                + port * 4
                + "|"
                + random.nextInt(8)
                + (random.nextBoolean() ? "" : "|suffix-" + port));
      }
      keys.add("Ethernet");
      keys.add("Ethernet1");
      keys.add("Ethernet1\\u0000");
      keys.add("Ethernet12345678|a");
      keys.add("Ethernet12345678|b");
      keys.add("Ethernet12345678");
      keys.add("Ethernet\\n");
      java.util.Collections.shuffle(keys, random);
      StringBuilder text = new StringBuilder("{");
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (String key : keys) {
        if (seen.add(key)) {
          text.append(text.length() > 1 ? ", " : "")
              .append('"')
              .append(key)
              .append("\": ")
              .append(seen.size());
        }
      }
      assertTrue(agree(text.append('}').toString()), text.toString());
    }
  }

  /**
   * Random documents with random key order, escapes, numbers and white space: byte for byte the
   * same.
   */
  @Test
  void randomDocumentsGiveTheSameBytes() {
    Random random = new Random(42);
    int fast = 0;
    for (int i = 0; i < 3000; i++) {
      String text = document(random, 0);
      if (agree(text)) {
        fast++;
      }
    }
    assertTrue(fast > 2000, "fast path used " + fast + " times");
  }

  /**
   * Random documents with one character dropped, doubled or changed: the same bytes or the same
   * error.
   */
  @Test
  void damagedDocumentsFailTheSameWay() {
    Random random = new Random(7);
    String alphabet = "{}[]\":,\\ \n0-1.eEtfnu\u00e9\u4e2d?";
    for (int i = 0; i < 3000; i++) {
      StringBuilder text = new StringBuilder(document(random, 0));
      int at = random.nextInt(text.length());
      switch (random.nextInt(3)) {
        case 0 -> text.deleteCharAt(at);
        case 1 -> text.insert(at, text.charAt(at));
        default -> text.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
      }
      agree(text.toString());
    }
  }

  private static String document(Random random, int depth) {
    StringBuilder out = new StringBuilder();
    value(random, depth, out);
    return out.toString();
  }

  private static void value(Random random, int depth, StringBuilder out) {
    int pick = depth > 3 ? 2 + random.nextInt(5) : random.nextInt(7);
    switch (pick) {
      case 0, 1 -> {
        boolean object = pick == 0;
        out.append(object ? '{' : '[');
        int n = random.nextInt(12);
        java.util.Set<String> keys = new java.util.HashSet<>();
        for (int i = 0; i < n; i++) {
          space(random, out);
          if (object) {
            String key = text(random);
            if (!keys.add(key)) {
              continue;
            }
            out.append(key);
            space(random, out);
            out.append(':');
            space(random, out);
          }
          value(random, depth + 1, out);
          space(random, out);
          if (i + 1 < n) {
            out.append(',');
          }
        }
        if (out.charAt(out.length() - 1) == ',') {
          out.setLength(out.length() - 1);
        }
        out.append(object ? '}' : ']');
      }
      case 2 -> out.append(text(random));
      case 3 ->
          out.append(
              List.of(
                      "0",
                      "-0",
                      "7",
                      "-42",
                      "1.25",
                      "-0.5e3",
                      "2E-2",
                      "99999999999999999999",
                      "1000000000000000000",
                      "123456789012345678")
                  .get(random.nextInt(10)));
      case 4 -> out.append(random.nextBoolean() ? "true" : "false");
      case 5 -> out.append("null");
      default -> out.append(random.nextInt(1000));
    }
  }

  private static String text(Random random) {
    String[] parts = {
      "a",
      "b",
      "Ethernet",
      "0",
      "12",
      "|",
      "_",
      "Z",
      "\\n",
      "\\\"",
      "\\\\",
      "\\/",
      "\\u0041",
      "\\u0007",
      "\\t",
      " ",
      "~",
      "\u00e9",
      "\u4e2d",
      "?"
    };
    StringBuilder out = new StringBuilder("\"");
    int n = random.nextInt(4);
    for (int i = 0; i < n; i++) {
      String part = parts[random.nextInt(parts.length)];
      if ((part.equals("\u00e9") || part.equals("\u4e2d") || part.equals("?"))
          && random.nextInt(10) != 0) {
        part = "x";
      }
      out.append(part);
    }
    return out.append('"').toString();
  }

  private static void space(Random random, StringBuilder out) {
    int n = random.nextInt(3);
    for (int i = 0; i < n; i++) {
      out.append(" \n\t\r".charAt(random.nextInt(4)));
    }
  }
}
