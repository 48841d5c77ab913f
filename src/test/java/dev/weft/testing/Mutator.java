package dev.weft.testing;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Byte- and text-level damage for the fuzzing suite and the malformed-inventory corpus: flips,
 * cuts, insertions of the characters a format gives meaning to, and the values that broke Weft
 * before (huge numbers, unit garbage, control characters). Deterministic for a given {@link
 * Random}.
 */
public final class Mutator {

  /**
   * Values that once crashed or hung a reader somewhere: out-of-range numbers, unit garbage, odd
   * text.
   */
  public static final List<String> HOSTILE_VALUES =
      List.of(
          "1e309",
          "-1e309",
          "2147483648",
          "-2147483649",
          "9223372036854775808",
          "10000000000000000G",
          "1000000000000000000000000000000000000",
          "0.1e-400",
          "1e999",
          ".inf",
          "-.inf",
          ".nan",
          "0x7fffffffffffffffffff",
          "0o777777777777777777777",
          "400Q",
          "3 m",
          "1.5.5G",
          "G400",
          "-3m",
          "400GG",
          "1.6TT",
          "150cells",
          "∞G",
          "\"\"",
          "~",
          "[]",
          "{}",
          "[1, 2]",
          "{a: 1}",
          "true",
          "\"\\u0000\"",
          "\"\\e[31m\"",
          "-0",
          "00000000000000000001");

  private static final byte[] SPECIAL =
      ":-[]{}&*!|>'\"%@`#,?\t\n\r\u0000\\".getBytes(StandardCharsets.ISO_8859_1);

  private Mutator() {}

  /**
   * One random mutation of {@code bytes}: flip, cut, insert a special byte, duplicate or delete a
   * span.
   */
  public static byte[] mutate(byte[] bytes, Random random) {
    if (bytes.length == 0) {
      return new byte[] {SPECIAL[random.nextInt(SPECIAL.length)]};
    }
    int at = random.nextInt(bytes.length);
    switch (random.nextInt(6)) {
      case 0 -> {
        byte[] out = bytes.clone();
        out[at] ^= (byte) (1 << random.nextInt(8));
        return out;
      }
      case 1 -> {
        return Arrays.copyOf(bytes, at);
      }
      case 2 -> {
        return insert(bytes, at, new byte[] {SPECIAL[random.nextInt(SPECIAL.length)]});
      }
      case 3 -> {
        int end = Math.min(bytes.length, at + 1 + random.nextInt(64));
        return insert(bytes, at, Arrays.copyOfRange(bytes, at, end));
      }
      case 4 -> {
        int end = Math.min(bytes.length, at + 1 + random.nextInt(64));
        byte[] out = new byte[bytes.length - (end - at)];
        System.arraycopy(bytes, 0, out, 0, at);
        System.arraycopy(bytes, end, out, at, bytes.length - end);
        return out;
      }
      default -> {
        byte[] out = bytes.clone();
        out[at] = (byte) random.nextInt(256);
        return out;
      }
    }
  }

  /** {@code rounds} mutations in a row. */
  public static byte[] mutate(byte[] bytes, Random random, int rounds) {
    byte[] out = bytes;
    for (int i = 0; i < rounds; i++) {
      out = mutate(out, random);
    }
    return out;
  }

  public static byte[] insert(byte[] bytes, int at, byte[] what) {
    byte[] out = new byte[bytes.length + what.length];
    System.arraycopy(bytes, 0, out, 0, at);
    System.arraycopy(what, 0, out, at, what.length);
    System.arraycopy(bytes, at, out, at + what.length, bytes.length - at);
    return out;
  }

  /**
   * Replaces the text of one XML element (the {@code n}-th start tag's text content, counted over
   * the elements that hold text) with {@code value}; answers the text unchanged when there are
   * fewer such elements.
   */
  public static String replaceXmlText(String xml, int n, String value) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(">([^<>]+)</").matcher(xml);
    int i = 0;
    while (m.find()) {
      if (i++ == n) {
        return xml.substring(0, m.start(1)) + value + xml.substring(m.end(1));
      }
    }
    return xml;
  }

  /**
   * Removes the {@code n}-th leaf element ({@code <x>text</x>}) entirely: a missing key, a missing
   * leaf.
   */
  public static String removeXmlLeaf(String xml, int n) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("<([A-Za-z][\\w.-]*)(\\s[^>]*)?>[^<>]*</\\1>").matcher(xml);
    int i = 0;
    while (m.find()) {
      if (i++ == n) {
        return xml.substring(0, m.start()) + xml.substring(m.end());
      }
    }
    return xml;
  }
}
