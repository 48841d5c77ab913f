package dev.weft.render.fast;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;

/**
 * Jinjava's meaning of the plain template values (String, Number, Boolean, Map, List): truthiness
 * as {@code ObjectTruthValue}, printing as {@code JinjavaInterpreter.getAsString} ({@code
 * Objects.toString} for the types listed here), equality as JUEL's {@code BooleanOperations.eq} for
 * the types listed here. Any other type makes the caller bail.
 */
final class Values {
  private Values() {}

  /** {@code ObjectTruthValue.evaluate}. */
  static boolean truthy(Object value) {
    if (value == null) {
      return false;
    }
    if (value instanceof Boolean b) {
      return b;
    }
    if (value instanceof Number n) {
      return n.doubleValue() != 0;
    }
    if (value instanceof String s) {
      return !s.isEmpty() && !"false".equalsIgnoreCase(s);
    }
    if (value instanceof Collection<?> c) {
      return !c.isEmpty();
    }
    if (value instanceof Map<?, ?> m) {
      return !m.isEmpty();
    }
    if (value.getClass().isArray()) {
      throw new Bail("array value");
    }
    return true;
  }

  /**
   * The text Jinjava prints for a value: {@code Objects.toString} for strings, booleans and numbers
   * (Jinjava's default, the Pyish mapper being off). Maps, lists, null and anything else bail:
   * Jinjava prints its own wrappers or raises an error for them.
   */
  static String text(Object value) {
    if (value instanceof String s) {
      return s;
    }
    if (value instanceof Integer number && number >= 0 && number < SMALL.length) {
      return SMALL[
          number]; // "9100", "400000": printed once per port, the same few numbers every time
    }
    if (isPrintableScalar(value)) {
      return value.toString();
    }
    throw new Bail(
        value == null
            ? "undefined value printed"
            : "cannot print a " + value.getClass().getSimpleName());
  }

  /**
   * A map's entry by name, as Jinjava's map resolver reads it: null when absent. On a miss
   * Jinjava's TypeConvertingMapELResolver tries again with the name converted to the class of the
   * map's first non-null key; that second try can only find something when that class is not
   * String, so bail then.
   */
  /** The decimal text of 0..4095 (a constant table: never written after it is built). */
  private static final String[] SMALL = new String[4096];

  static {
    for (int i = 0; i < SMALL.length; i++) {
      SMALL[i] = Integer.toString(i);
    }
  }

  static Object entry(Map<?, ?> map, String name) {
    Object value = map.get(name);
    if (value == null && !map.isEmpty() && !TemplateKeys.onlyStrings(map)) {
      for (Object key : map.keySet()) {
        if (key != null) {
          if (!(key instanceof String)) {
            throw new Bail("lookup in a map with " + key.getClass().getSimpleName() + " keys");
          }
          break;
        }
      }
    }
    return value;
  }

  static boolean isPrintableScalar(Object value) {
    return value instanceof String
        || value instanceof Boolean
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof Byte
        || value instanceof Double
        || value instanceof Float
        || value instanceof BigInteger
        || value instanceof BigDecimal;
  }

  static boolean isIntegral(Object value) {
    return value instanceof Integer || value instanceof Long;
  }

  /** JUEL's {@code ==} for the cases checked here; anything else bails. */
  static boolean equal(Object a, Object b) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null) {
      return false;
    }
    if (a instanceof String sa && b instanceof String sb) {
      return sa.equals(sb);
    }
    if (isIntegral(a) && isIntegral(b)) {
      return ((Number) a).longValue() == ((Number) b).longValue();
    }
    if (a instanceof Boolean && b instanceof Boolean) {
      return a.equals(b);
    }
    throw new Bail(
        "comparison of " + a.getClass().getSimpleName() + " and " + b.getClass().getSimpleName());
  }
}
