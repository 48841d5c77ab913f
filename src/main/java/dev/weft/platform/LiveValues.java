package dev.weft.platform;

import java.math.BigDecimal;

/**
 * Reads the values a NETCONF server returns by value, the way a YANG type defines them, not by how
 * they are printed: {@code 0100}, {@code +100} and {@code 100.000000000} (a decimal64 with trailing
 * zeros) are all 100; a boolean is {@code true} or {@code false}. Every problem is a {@link
 * ReadException} naming the source ({@code what}), the path in the vendor's model and the text
 * found, never another exception.
 */
public final class LiveValues {
  private LiveValues() {}

  /**
   * A whole number in {@code min..max}: decimal digits, an optional sign, a zero fraction allowed.
   */
  public static long whole(String text, String what, String path, long min, long max)
      throws ReadException {
    BigDecimal value = decimal(text, what, path);
    try {
      long whole = value.stripTrailingZeros().longValueExact();
      if (whole >= min && whole <= max) {
        return whole;
      }
    } catch (ArithmeticException e) {
      // a fraction or out of long's range: reported below
    }
    throw new ReadException(
        what
            + ": "
            + path
            + ": expected a whole number "
            + min
            + ".."
            + max
            + ", found '"
            + text.strip()
            + "'");
  }

  public static int integer(String text, String what, String path, int min, int max)
      throws ReadException {
    return (int) whole(text, what, path, min, max);
  }

  /**
   * {@link #whole} when present, else {@code absent} (the value the vendor's model defaults to).
   */
  public static long wholeOr(String text, long absent, String what, String path, long min, long max)
      throws ReadException {
    return text == null ? absent : whole(text, what, path, min, max);
  }

  /** A YANG decimal64 (or integer) by value: {@code 1.536000000} equals {@code 1.536}. */
  public static BigDecimal decimal(String text, String what, String path) throws ReadException {
    if (text == null) {
      throw new ReadException(what + ": " + path + ": expected a number, found nothing");
    }
    String t = text.strip();
    if (t.length() > 40 || !t.matches("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)")) {
      throw new ReadException(
          what + ": " + path + ": expected a number, found '" + shorten(t) + "'");
    }
    return new BigDecimal(t.startsWith("+") ? t.substring(1) : t);
  }

  /** A decimal64 by value within the model's range {@code min..max}. */
  public static BigDecimal decimal(
      String text, String what, String path, BigDecimal min, BigDecimal max) throws ReadException {
    BigDecimal value = decimal(text, what, path);
    if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw new ReadException(
          what
              + ": "
              + path
              + ": expected a number "
              + min.toPlainString()
              + ".."
              + max.toPlainString()
              + ", found '"
              + text.strip()
              + "'");
    }
    return value;
  }

  /** A YANG boolean; {@code absent} when the leaf is not there (the model's default). */
  public static boolean bool(String text, boolean absent, String what, String path)
      throws ReadException {
    if (text == null) {
      return absent;
    }
    return switch (text.strip()) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw new ReadException(
              what
                  + ": "
                  + path
                  + ": expected true or false, found '"
                  + shorten(text.strip())
                  + "'");
    };
  }

  /** The text of a key or mandatory leaf; its absence is a located error. */
  public static String required(String text, String what, String path) throws ReadException {
    if (text == null || text.isBlank()) {
      throw new ReadException(what + ": " + path + ": expected a value, found nothing");
    }
    return text.strip();
  }

  private static String shorten(String text) {
    return text.length() <= 60 ? text : text.substring(0, 57) + "...";
  }
}
