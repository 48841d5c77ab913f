package dev.weft.compile;

import java.util.Comparator;
import java.util.List;

/**
 * Orders port names the way engineers read them: {@code Ethernet2} before {@code Ethernet10},
 * {@code swp1s2} before {@code swp1s10}. Digit runs compare by value, everything else by character;
 * ties (e.g. leading zeros) fall back to plain string order so the order is total.
 */
public final class NaturalOrder implements Comparator<String> {

  public static final NaturalOrder INSTANCE = new NaturalOrder();

  private NaturalOrder() {}

  /**
   * {@code items} in natural order of their names, as an unmodifiable list (the same stable order
   * as a sort).
   */
  static <T> List<T> sortedByName(List<T> items, java.util.function.Function<T, String> name) {
    return sorted(items, (a, b) -> INSTANCE.compare(name.apply(a), name.apply(b)));
  }

  /**
   * {@code items} sorted by {@code order}, as an unmodifiable list. Items usually arrive in order
   * already (inventories list ports and devices that way): one pass checks that before any sorting.
   */
  static <T> List<T> sorted(List<T> items, Comparator<? super T> order) {
    for (int i = 1; i < items.size(); i++) {
      if (order.compare(items.get(i - 1), items.get(i)) > 0) {
        List<T> copy = new java.util.ArrayList<>(items);
        copy.sort(order);
        return List.copyOf(copy);
      }
    }
    return List.copyOf(items);
  }

  @Override
  public int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char ca = a.charAt(i);
      char cb = b.charAt(j);
      if (Character.isDigit(ca) && Character.isDigit(cb)) {
        int ei = i;
        while (ei < a.length() && Character.isDigit(a.charAt(ei))) {
          ei++;
        }
        int ej = j;
        while (ej < b.length() && Character.isDigit(b.charAt(ej))) {
          ej++;
        }
        int c = compareDigits(a, i, ei, b, j, ej);
        if (c != 0) {
          return c;
        }
        i = ei;
        j = ej;
      } else {
        if (ca != cb) {
          return Character.compare(ca, cb);
        }
        i++;
        j++;
      }
    }
    int byLength = Integer.compare(a.length() - i, b.length() - j);
    return byLength != 0 ? byLength : a.compareTo(b);
  }

  /**
   * Compares two digit runs by value without parsing (runs may exceed a long); leading zeros
   * ignored.
   */
  private static int compareDigits(String a, int i, int ei, String b, int j, int ej) {
    while (i < ei - 1 && a.charAt(i) == '0') {
      i++;
    }
    while (j < ej - 1 && b.charAt(j) == '0') {
      j++;
    }
    int byLength = Integer.compare(ei - i, ej - j);
    if (byLength != 0) {
      return byLength;
    }
    for (; i < ei; i++, j++) {
      int c = Character.compare(a.charAt(i), b.charAt(j));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
