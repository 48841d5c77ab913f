package dev.weft.units;

import dev.weft.accel.Accelerators;
import dev.weft.accel.Divergence;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Exact parsing of "number + unit" strings (spec §2). A bare number is in the base unit; decimals
 * are allowed only when the result is a whole number of base units; there is never a space before
 * the unit.
 */
final class Quantity {

  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final Pattern FORM = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)([A-Za-z]*)");

  private Quantity() {}

  /**
   * @param what the quantity's name for messages ("size", "time", ...)
   * @param raw the written value: a Number or a String
   * @param multipliers unit suffix to its size in base units (the empty suffix must be present:
   *     base unit)
   * @param accepted the accepted suffixes as shown in messages
   * @return the value in base units
   */
  static long parse(
      String what,
      Object raw,
      Map<String, BigDecimal> multipliers,
      String accepted,
      Range range,
      Accelerators accelerators) {
    long v = parse(what, raw, multipliers, accepted, accelerators);
    if (v > range.max()) {
      throw new UnitException(
          what + " must be at most " + range.maxText() + ", found " + written(raw));
    }
    if (v < range.min()) {
      throw new UnitException(
          what + " must be at least " + range.minText() + ", found " + written(raw));
    }
    return v;
  }

  /**
   * The largest value of a quantity that Weft accepts, in base units, and how messages write it.
   * Every quantity is bounded before any arithmetic sees it: headroom multiplies speed by cable
   * length, and {@code 10000000000000000G} once overflowed a long there. The lower end keeps out
   * what the arithmetic divides by or cannot mean: a {@code 0G} port once ended the compile in an
   * IllegalArgumentException.
   */
  record Range(long min, String minText, long max, String maxText) {

    /** Zero up to {@code max}. */
    Range(long max, String maxText) {
      this(0, "0", max, maxText);
    }
  }

  /** The name the digits-and-whole-unit fast path is counted under ({@link Accelerators}). */
  static final String FAST_PATH = "units";

  private static long parse(
      String what,
      Object raw,
      Map<String, BigDecimal> multipliers,
      String accepted,
      Accelerators accelerators) {
    if (raw instanceof Long || raw instanceof Integer) {
      long v = ((Number) raw).longValue();
      if (v < 0) {
        throw new UnitException(what + " must not be negative, found " + v);
      }
      return v;
    }
    if (raw instanceof BigInteger big) {
      return beyondLong(what, big.signum(), raw);
    }
    if (raw instanceof BigDecimal d && d.signum() != 0 && (long) d.precision() - d.scale() > 19) {
      return beyondLong(what, d.signum(), raw); // 1e309, -1e309, a 37-digit length
    }
    String text = raw instanceof BigDecimal d ? d.toPlainString() : String.valueOf(raw);
    if (text.length() > MAX_TEXT) {
      throw new UnitException(
          what
              + " is too long to be a "
              + what
              + " ("
              + text.length()
              + " characters), found "
              + written(raw));
    }
    if (accelerators == null) {
      long quick = wholeDigitsTimesWholeUnit(text, multipliers);
      return quick >= 0 ? quick : general(what, text, multipliers, accepted);
    }
    if (!accelerators.tryFast()) {
      return general(what, text, multipliers, accepted);
    }
    long quick = wholeDigitsTimesWholeUnit(text, multipliers);
    if (quick < 0) {
      accelerators.declined(FAST_PATH);
      return general(what, text, multipliers, accepted);
    }
    accelerators.took(FAST_PATH);
    if (accelerators.verify()) {
      String library;
      try {
        long exact = general(what, text, multipliers, accepted);
        if (exact == quick) {
          return quick;
        }
        library = String.valueOf(exact);
      } catch (UnitException e) {
        library = e.getMessage();
      }
      accelerators.diverged(
          new Divergence(
              FAST_PATH,
              "",
              what
                  + " '"
                  + dev.weft.finding.Excerpt.cut(text)
                  + "': fast path "
                  + quick
                  + ", library "
                  + library));
      return general(what, text, multipliers, accepted);
    }
    return quick;
  }

  /** No quantity needs more characters; a longer text is refused before BigDecimal sees it. */
  private static final int MAX_TEXT = 64;

  /**
   * A number beyond a long: negative is refused here, positive answers a value every range refuses.
   */
  private static long beyondLong(String what, int signum, Object raw) {
    if (signum < 0) {
      throw new UnitException(what + " must not be negative, found " + written(raw));
    }
    return Long.MAX_VALUE;
  }

  /** A written value for a message: as the YAML number or text, cut. */
  private static String written(Object raw) {
    String text = raw instanceof BigDecimal d ? d.toString() : String.valueOf(raw);
    return dev.weft.finding.Excerpt.cut(text);
  }

  /**
   * The common case without a regular expression or BigDecimal: digits, then a unit whose
   * multiplier is a whole number ({@code 400G}, {@code 3m}, {@code 150KB}). Large inventories write
   * 100,000+ of these (a generated 131,072-GPU fabric: one cable length per link). Measured
   * 2026-12-02 on the loaded 2-core machine, 1e6 calls of each: 0.3 to 0.6 µs here against 1.7 to
   * 2.0 µs for the regular expression and BigDecimal of {@link #general}, so it stays, behind
   * {@code WEFT_FAST} ({@code off}: always the general path). Answers -1 for anything else (a
   * decimal point, an unknown or fractional unit, overflow), which {@link #general} then decides
   * exactly as before, messages included.
   */
  static long wholeDigitsTimesWholeUnit(String text, Map<String, BigDecimal> multipliers) {
    int n = text.length();
    int digits = 0;
    long value = 0;
    while (digits < n && text.charAt(digits) >= '0' && text.charAt(digits) <= '9') {
      if (value > (Long.MAX_VALUE - 9) / 10) {
        return -1;
      }
      value = value * 10 + (text.charAt(digits) - '0');
      digits++;
    }
    if (digits == 0) {
      return -1;
    }
    for (int i = digits; i < n; i++) {
      char c = text.charAt(i);
      if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z')) {
        return -1;
      }
    }
    BigDecimal unit = multipliers.get(digits == n ? "" : text.substring(digits));
    if (unit == null
        || unit.scale() > 0
        || unit.signum() < 0
        || unit.precision() - unit.scale() > 18) {
      return -1;
    }
    long factor = unit.longValue();
    if (factor != 0 && value > Long.MAX_VALUE / factor) {
      return -1;
    }
    return value * factor;
  }

  /** Any "number + unit" text, with the exact messages of spec §2. */
  static long general(
      String what, String text, Map<String, BigDecimal> multipliers, String accepted) {
    Matcher m = FORM.matcher(text);
    if (!m.matches()) {
      throw new UnitException(
          what
              + " must be a number with one of the units "
              + accepted
              + " and no space before the unit, found '"
              + dev.weft.finding.Excerpt.cut(text)
              + "'");
    }
    BigDecimal unit = multipliers.get(m.group(2));
    if (unit == null) {
      throw new UnitException(
          "unknown "
              + what
              + " unit '"
              + dev.weft.finding.Excerpt.cut(m.group(2))
              + "' in '"
              + dev.weft.finding.Excerpt.cut(text)
              + "'; expected one of "
              + accepted);
    }
    BigDecimal value = new BigDecimal(m.group(1)).multiply(unit);
    try {
      return value.stripTrailingZeros().toBigIntegerExact().longValueExact();
    } catch (ArithmeticException notWhole) {
      if (value.signum() > 0 && value.compareTo(LONG_MAX) > 0) {
        return Long.MAX_VALUE; // refused by every range, with the range in the message
      }
      throw new UnitException(
          what
              + " '"
              + dev.weft.finding.Excerpt.cut(text)
              + "' is not a whole number of "
              + baseName(multipliers));
    }
  }

  private static String baseName(Map<String, BigDecimal> multipliers) {
    return multipliers.entrySet().stream()
        .filter(e -> e.getValue().compareTo(BigDecimal.ONE) == 0 && !e.getKey().isEmpty())
        .map(Map.Entry::getKey)
        .findFirst()
        .orElse("base units");
  }
}
