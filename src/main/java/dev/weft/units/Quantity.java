package dev.weft.units;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Exact parsing of "number + unit" strings (spec §2). A bare number is in the base unit; decimals are
 * allowed only when the result is a whole number of base units; there is never a space before the unit.
 */
final class Quantity {

    private static final Pattern FORM = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)([A-Za-z]*)");

    private Quantity() {}

    /**
     * @param what        the quantity's name for messages ("size", "time", ...)
     * @param raw         the written value: a Number or a String
     * @param multipliers unit suffix to its size in base units (the empty suffix must be present: base unit)
     * @param accepted    the accepted suffixes as shown in messages
     * @return the value in base units
     */
    static long parse(String what, Object raw, Map<String, BigDecimal> multipliers, String accepted) {
        if (raw instanceof Long || raw instanceof Integer) {
            long v = ((Number) raw).longValue();
            if (v < 0) {
                throw new UnitException(what + " must not be negative, found " + v);
            }
            return v;
        }
        if (raw instanceof BigInteger big) {
            throw new UnitException(what + " is too large, found " + big);
        }
        String text = raw instanceof BigDecimal d ? d.toPlainString() : String.valueOf(raw);
        long quick = wholeDigitsTimesWholeUnit(text, multipliers);
        return quick >= 0 ? quick : general(what, text, multipliers, accepted);
    }

    /**
     * The common case without a regular expression or BigDecimal: digits, then a unit whose multiplier is a whole
     * number ({@code 400G}, {@code 3m}, {@code 150KB}). Large inventories write 100,000+ of these. Answers -1 for
     * anything else (a decimal point, an unknown or fractional unit, overflow), which {@link #general} then decides
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
        if (unit == null || unit.scale() > 0 || unit.signum() < 0 || unit.precision() - unit.scale() > 18) {
            return -1;
        }
        long factor = unit.longValue();
        if (factor != 0 && value > Long.MAX_VALUE / factor) {
            return -1;
        }
        return value * factor;
    }

    /** Any "number + unit" text, with the exact messages of spec §2. */
    static long general(String what, String text, Map<String, BigDecimal> multipliers, String accepted) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new UnitException(what + " must be a number with one of the units " + accepted
                    + " and no space before the unit, found '" + text + "'");
        }
        BigDecimal unit = multipliers.get(m.group(2));
        if (unit == null) {
            throw new UnitException("unknown " + what + " unit '" + m.group(2) + "' in '" + text
                    + "'; expected one of " + accepted);
        }
        BigDecimal value = new BigDecimal(m.group(1)).multiply(unit);
        try {
            return value.stripTrailingZeros().toBigIntegerExact().longValueExact();
        } catch (ArithmeticException notWhole) {
            throw new UnitException(what + " '" + text + "' is not a whole number of " + baseName(multipliers));
        }
    }

    private static String baseName(Map<String, BigDecimal> multipliers) {
        return multipliers.entrySet().stream()
                .filter(e -> e.getValue().compareTo(BigDecimal.ONE) == 0 && !e.getKey().isEmpty())
                .map(Map.Entry::getKey).findFirst().orElse("base units");
    }
}
