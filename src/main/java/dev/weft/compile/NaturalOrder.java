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
                int c = compareDigits(a.substring(i, ei), b.substring(j, ej));
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

    private static int compareDigits(String x, String y) {
        String sx = x.replaceFirst("^0+(?=.)", "");
        String sy = y.replaceFirst("^0+(?=.)", "");
        if (sx.length() != sy.length()) {
            return Integer.compare(sx.length(), sy.length());
        }
        return sx.compareTo(sy);
    }
}
