package dev.weft.yaml;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Resolves a plain scalar by the YAML 1.2 core schema, by hand rather than by regular expressions:
 * this runs once per scalar of a 14 MB inventory. Note what the core schema does NOT do, on
 * purpose: {@code yes}/{@code on} stay text, {@code 2027-03-31} stays text, {@code 1_000} stays
 * text.
 */
final class CoreScalars {

  /** Stands for YAML null while resolving, since {@code null} would be ambiguous. */
  static final Object NULL = new Object();

  /**
   * Numbers beyond this many digits (or this power of ten) stay text. No value in an inventory
   * comes near it, and it keeps a hostile file from costing quadratic time in {@link BigInteger} or
   * an enormous {@code 1e999999999} from exploding in whoever converts it to an integer later.
   */
  static final int MAX_DIGITS = 1000;

  private CoreScalars() {}

  /**
   * The value of a plain scalar: {@link #NULL}, Boolean, Long, BigInteger, BigDecimal, or the text
   * itself.
   */
  static Object resolve(String s) {
    int n = s.length();
    if (n == 0) {
      return NULL;
    }
    char c = s.charAt(0);
    switch (c) {
      case '~':
        return n == 1 ? NULL : s;
      case 'n':
      case 'N':
        return s.equals("null") || s.equals("Null") || s.equals("NULL") ? NULL : s;
      case 't':
      case 'T':
        return s.equals("true") || s.equals("True") || s.equals("TRUE") ? Boolean.TRUE : s;
      case 'f':
      case 'F':
        return s.equals("false") || s.equals("False") || s.equals("FALSE") ? Boolean.FALSE : s;
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9':
      case '-':
      case '+':
      case '.':
        return number(s);
      default:
        return s;
    }
  }

  /**
   * Integers: {@code [-+]?[0-9]+}, {@code 0o[0-7]+}, {@code 0x[0-9a-fA-F]+}; floats by the core
   * schema; else text.
   */
  private static Object number(String s) {
    int n = s.length();
    if (n > MAX_DIGITS) {
      return s;
    }
    if (n > 2 && s.charAt(0) == '0' && (s.charAt(1) == 'x' || s.charAt(1) == 'o')) {
      int radix = s.charAt(1) == 'x' ? 16 : 8;
      for (int i = 2; i < n; i++) {
        if (Character.digit(s.charAt(i), radix) < 0 || s.charAt(i) > 'f') {
          return s;
        }
      }
      return integer(s.substring(2), radix);
    }
    int i = 0;
    if (s.charAt(0) == '-' || s.charAt(0) == '+') {
      i = 1;
    }
    int intStart = i;
    while (i < n && isDigit(s.charAt(i))) {
      i++;
    }
    int intDigits = i - intStart;
    if (i == n) {
      return intDigits == 0 ? s : integer(s, 10);
    }
    // float: ( \.[0-9]+ | [0-9]+(\.[0-9]*)? ) ( [eE][-+]?[0-9]+ )?   or   [-+]?\.inf   or   \.nan
    if (intDigits == 0 && s.charAt(i) == '.' && i + 1 < n && !isDigit(s.charAt(i + 1))) {
      return s; // .inf / .nan stay text: no exact representation, and nothing in the format needs
      // them
    }
    int fractionDigits = 0;
    if (s.charAt(i) == '.') {
      i++;
      while (i < n && isDigit(s.charAt(i))) {
        i++;
        fractionDigits++;
      }
    }
    if (intDigits == 0 && fractionDigits == 0) {
      return s;
    }
    if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      i++;
      if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
        i++;
      }
      int expStart = i;
      while (i < n && isDigit(s.charAt(i))) {
        i++;
      }
      if (i == expStart) {
        return s;
      }
    }
    if (i != n) {
      return s;
    }
    try {
      BigDecimal d = new BigDecimal(s.charAt(0) == '+' ? s.substring(1) : s);
      boolean reasonable =
          Math.abs((long) d.precision() - d.scale()) <= MAX_DIGITS
              && Math.abs(d.scale()) <= MAX_DIGITS;
      return reasonable ? d : s;
    } catch (NumberFormatException | ArithmeticException e) {
      return s; // an exponent beyond BigDecimal's range: keep the text, the schema will say it is
      // not a number
    }
  }

  private static Object integer(String digits, int radix) {
    if (radix == 10 && digits.length() <= 18) {
      return Long.parseLong(digits.charAt(0) == '+' ? digits.substring(1) : digits);
    }
    BigInteger big = new BigInteger(digits.charAt(0) == '+' ? digits.substring(1) : digits, radix);
    return big.bitLength() < 64 ? (Object) big.longValue() : big;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
