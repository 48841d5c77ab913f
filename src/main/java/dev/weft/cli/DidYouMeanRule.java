package dev.weft.cli;

import java.util.Comparator;
import java.util.List;

/** Suggests the closest rule id for a typo, as the schema does for unknown keys. */
final class DidYouMeanRule {

    private DidYouMeanRule() {}

    static String hint(String typed, List<String> ids) {
        return ids.stream()
                .min(Comparator.comparingInt((String id) -> distance(typed, id)).thenComparing(id -> id))
                .filter(id -> distance(typed, id) <= Math.max(2, typed.length() / 4))
                .map(id -> "; did you mean '" + id + "'?")
                .orElse("");
    }

    /** Levenshtein distance with two rows: ids are short. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
