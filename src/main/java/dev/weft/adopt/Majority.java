package dev.weft.adopt;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The value most items have; ties go to the larger value (a higher MTU or speed is the plan, the
 * smaller the exception).
 */
final class Majority {

  private Majority() {}

  /** The most frequent value, or null for no values. */
  static <T extends Comparable<T>> T of(List<T> values) {
    Map<T, Integer> counts = new TreeMap<>();
    values.forEach(v -> counts.merge(v, 1, Integer::sum));
    T best = null;
    int most = 0;
    for (Map.Entry<T, Integer> e : counts.entrySet()) {
      if (e.getValue() >= most) {
        most = e.getValue();
        best = e.getKey();
      }
    }
    return best;
  }
}
