package dev.weft.finding;

import java.util.Collection;

/**
 * "Did you mean" hints: the closest allowed word by edit distance, when it is close enough to be a
 * typo. One policy for every message that suggests a word (unknown keys, profiles, rule ids in
 * waivers and on the command line), so the same typo gets the same help everywhere.
 */
public final class DidYouMean {

  private DidYouMean() {}

  /**
   * The closest candidate within a typo's distance of {@code word}, or null; ties go to the first
   * in order.
   */
  public static String suggest(String word, Collection<String> candidates) {
    if (word == null) {
      return null;
    }
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String c : candidates) {
      int d =
          distance(word.toLowerCase(java.util.Locale.ROOT), c.toLowerCase(java.util.Locale.ROOT));
      if (d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    int allowed = Math.max(1, Math.min(3, word.length() / 3));
    return best != null && bestDistance <= allowed && !best.equals(word) ? best : null;
  }

  /**
   * Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps cost
   * 1.
   */
  public static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
