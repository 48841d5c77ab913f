package dev.weft.policy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * CEL values as they read in a finding: {@code 400G}, {@code 200ms}, {@code [3, 4]}, {@code leaf-01
 * Ethernet0}.
 */
final class ValueText {

  private static final int MAX_ITEMS = 20;

  private ValueText() {}

  static String of(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Optional<?> o) {
      return o.map(ValueText::of).orElse("none");
    }
    if (v instanceof Duration d) {
      return duration(d);
    }
    if (v instanceof Instant i) {
      return i.atOffset(ZoneOffset.UTC).toLocalTime().toSecondOfDay() == 0
          ? i.atOffset(ZoneOffset.UTC).toLocalDate().toString()
          : i.toString();
    }
    if (v instanceof View view) {
      return view.toString();
    }
    if (v instanceof List<?> list) {
      StringJoiner j = new StringJoiner(", ", "[", "]");
      for (int i = 0; i < list.size() && i < MAX_ITEMS; i++) {
        j.add(of(list.get(i)));
      }
      if (list.size() > MAX_ITEMS) {
        j.add("… " + (list.size() - MAX_ITEMS) + " more");
      }
      return j.toString();
    }
    if (v instanceof Map<?, ?> map) {
      StringJoiner j = new StringJoiner(", ", "{", "}");
      int n = 0;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (n++ == MAX_ITEMS) {
          j.add("… " + (map.size() - MAX_ITEMS) + " more");
          break;
        }
        j.add(of(e.getKey()) + ": " + of(e.getValue()));
      }
      return j.toString();
    }
    return String.valueOf(v);
  }

  /**
   * A value with the unit of the field it was read from: {@code 400G}, {@code 150000B}, {@code
   * 30m}.
   */
  static String withUnit(Object v, String unit) {
    if (!(v instanceof Long) || unit == null) {
      return of(v);
    }
    return switch (unit) {
      case "Gb/s" -> v + "G";
      case "bytes" -> v + "B";
      case "metres" -> v + "m";
      case "milliseconds" -> v + "ms";
      default -> of(v);
    };
  }

  private static String duration(Duration d) {
    long micros = d.toNanos() / 1000;
    if (micros % 1_000_000 == 0) {
      return micros / 1_000_000 + "s";
    }
    return micros % 1000 == 0 ? micros / 1000 + "ms" : micros + "us";
  }
}
