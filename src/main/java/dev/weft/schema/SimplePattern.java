package dev.weft.schema;

/**
 * A regular expression of the shape the intent schema mostly uses, {@code
 * ^[A-Za-z0-9][A-Za-z0-9._-]*\z}, matched in one pass with no backtracking. Names, link ends and
 * versions are checked against such patterns hundreds of thousands of times in a large inventory;
 * the JDK engine spent most of that on its general machinery.
 *
 * <p>Understood: {@code ^}, then any number of pieces, each an ASCII literal (letters, digits,
 * {@code -:/_}, or one of {@code .-/_:} escaped) or a class of such characters and ranges ({@code
 * [a-z0-9._-]}, no negation), with an optional {@code * + ?}, {@code {n}} or {@code {m,n}}; then
 * {@code \z}. Anything else (groups, alternation, {@code .}, other escapes, lazy quantifiers) is
 * not compiled, and the caller keeps the JDK engine. A pattern is compiled only when greedy
 * matching is exact: every piece of variable length shares no character with what can come right
 * after it (the following pieces up to the first one that must match at least once). Then no match
 * can give that piece fewer characters than greedy takes, so "greedy fails" means "no match".
 */
final class SimplePattern {

  private static final int UNBOUNDED = Integer.MAX_VALUE;

  private final boolean[][] sets;
  private final int[] min;
  private final int[] max;

  private SimplePattern(boolean[][] sets, int[] min, int[] max) {
    this.sets = sets;
    this.min = min;
    this.max = max;
  }

  /** Whether {@code text} matches as a whole (what {@code find()} answers for {@code ^...\z}). */
  boolean matches(String text) {
    int i = 0;
    int n = text.length();
    for (int p = 0; p < sets.length; p++) {
      boolean[] set = sets[p];
      int limit = max[p];
      int count = 0;
      while (count < limit && i < n) {
        char c = text.charAt(i);
        if (c >= 128 || !set[c]) {
          break;
        }
        i++;
        count++;
      }
      if (count < min[p]) {
        return false;
      }
    }
    return i == n;
  }

  /**
   * The compiled pattern, or null when {@code regex} (as the JDK engine will see it) is outside the
   * shape.
   */
  static SimplePattern compile(String regex) {
    if (!regex.startsWith("^") || !regex.endsWith("\\z")) {
      return null;
    }
    String body = regex.substring(1, regex.length() - 2);
    java.util.List<boolean[]> sets = new java.util.ArrayList<>();
    java.util.List<int[]> counts = new java.util.ArrayList<>();
    int[] pos = {0};
    while (pos[0] < body.length()) {
      boolean[] set = atom(body, pos);
      if (set == null) {
        return null;
      }
      int[] count = quantifier(body, pos);
      if (count == null) {
        return null;
      }
      sets.add(set);
      counts.add(count);
    }
    int pieces = sets.size();
    int[] min = new int[pieces];
    int[] max = new int[pieces];
    for (int p = 0; p < pieces; p++) {
      min[p] = counts.get(p)[0];
      max[p] = counts.get(p)[1];
    }
    for (int p = 0; p < pieces; p++) {
      if (min[p] == max[p]) {
        continue;
      }
      for (int q = p + 1; q < pieces; q++) {
        if (overlap(sets.get(p), sets.get(q))) {
          return null;
        }
        if (min[q] > 0) {
          break;
        }
      }
    }
    return new SimplePattern(sets.toArray(boolean[][]::new), min, max);
  }

  private static boolean overlap(boolean[] a, boolean[] b) {
    for (int c = 0; c < 128; c++) {
      if (a[c] && b[c]) {
        return true;
      }
    }
    return false;
  }

  /** A literal or a class at pos[0] as a set of ASCII characters; null when it is anything else. */
  private static boolean[] atom(String s, int[] pos) {
    char c = s.charAt(pos[0]);
    boolean[] set = new boolean[128];
    if (c == '[') {
      int i = pos[0] + 1;
      if (i < s.length() && s.charAt(i) == '^') {
        return null;
      }
      boolean any = false;
      while (i < s.length() && s.charAt(i) != ']') {
        int from = classChar(s, i);
        if (from < 0) {
          return null;
        }
        i += s.charAt(i) == '\\' ? 2 : 1;
        if (i + 1 < s.length() && s.charAt(i) == '-' && s.charAt(i + 1) != ']') {
          int to = classChar(s, i + 1);
          if (to < from) {
            return null;
          }
          i += s.charAt(i + 1) == '\\' ? 3 : 2;
          for (int x = from; x <= to; x++) {
            set[x] = true;
          }
        } else {
          set[from] = true;
        }
        any = true;
      }
      if (i >= s.length() || !any) {
        return null;
      }
      pos[0] = i + 1;
      return set;
    }
    if (c == '\\') {
      if (pos[0] + 1 >= s.length() || ".-/_:".indexOf(s.charAt(pos[0] + 1)) < 0) {
        return null;
      }
      set[s.charAt(pos[0] + 1)] = true;
      pos[0] += 2;
      return set;
    }
    if (isPlainLiteral(c)) {
      set[c] = true;
      pos[0]++;
      return set;
    }
    return null;
  }

  /**
   * The character at i inside a class (a plain literal or an escaped one of {@code .-/_:}), or -1.
   */
  private static int classChar(String s, int i) {
    char c = s.charAt(i);
    if (c == '\\') {
      return i + 1 < s.length() && ".-/_:".indexOf(s.charAt(i + 1)) >= 0 ? s.charAt(i + 1) : -1;
    }
    return isPlainLiteral(c) || c == '.' ? c : -1;
  }

  private static boolean isPlainLiteral(char c) {
    return c >= 'a' && c <= 'z'
        || c >= 'A' && c <= 'Z'
        || c >= '0' && c <= '9'
        || c == '-'
        || c == ':'
        || c == '/'
        || c == '_';
  }

  /**
   * {min, max} of the quantifier at pos[0] (none = exactly once); null for forms not understood.
   */
  private static int[] quantifier(String s, int[] pos) {
    int i = pos[0];
    int[] count;
    if (i >= s.length()) {
      return new int[] {1, 1};
    }
    char c = s.charAt(i);
    if (c == '*') {
      count = new int[] {0, UNBOUNDED};
      i++;
    } else if (c == '+') {
      count = new int[] {1, UNBOUNDED};
      i++;
    } else if (c == '?') {
      count = new int[] {0, 1};
      i++;
    } else if (c == '{') {
      int close = s.indexOf('}', i);
      if (close < 0) {
        return null;
      }
      String[] bounds = s.substring(i + 1, close).split(",", -1);
      try {
        int lo = Integer.parseInt(bounds[0]);
        int hi = bounds.length == 1 ? lo : bounds.length == 2 ? Integer.parseInt(bounds[1]) : -1;
        if (lo < 0 || hi < lo) {
          return null;
        }
        count = new int[] {lo, hi};
      } catch (NumberFormatException e) {
        return null;
      }
      i = close + 1;
    } else {
      return new int[] {1, 1};
    }
    if (i < s.length() && (s.charAt(i) == '?' || s.charAt(i) == '+')) {
      return null; // lazy or possessive
    }
    pos[0] = i;
    return count;
  }
}
