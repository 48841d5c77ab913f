package dev.weft.compile;

import java.util.Comparator;

/**
 * Orders port names the way engineers read them: {@code Ethernet2} before {@code Ethernet10},
 * {@code swp1s2} before {@code swp1s10}. Digit runs compare by value, everything else by character;
 * ties (e.g. leading zeros) fall back to plain string order so the order is total.
 */
public final class NaturalOrder implements Comparator<String> {

    public static final NaturalOrder INSTANCE = new NaturalOrder();

    private NaturalOrder() {}

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

    /** Compares two digit runs by value without parsing (runs may exceed a long); leading zeros ignored. */
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
