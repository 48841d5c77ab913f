package dev.weft.platform.junos;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Curly Junos text as {@code show configuration | display set} writes it: one {@code set} line per
 * statement, with the path of its blocks, one line per item of a {@code [ a b ]} list, and an
 * {@code inactive:} statement as its {@code set} lines followed by a {@code deactivate}. Written
 * apart from {@link JunosText} (a plain token walk, no schema) so the two forms check each other.
 */
final class DisplaySet {
  private static final Pattern TOKEN =
      Pattern.compile(
          "/\\*(?s:.*?)\\*/|#[^\\n]*|\"(?:\\\\.|[^\"\\\\])*\"|[{};\\[\\]]|[^\\s{};\"]+");

  private DisplaySet() {}

  static String of(String curly) {
    List<String> out = new ArrayList<>();
    List<String> path = new ArrayList<>();
    List<Integer> depthOf = new ArrayList<>();
    List<String> words = new ArrayList<>();
    List<String> inactive = new ArrayList<>();
    Matcher m = TOKEN.matcher(curly);
    while (m.find()) {
      String t = m.group();
      if (t.startsWith("/*") || t.startsWith("#")) {
        continue;
      }
      switch (t) {
        case "{" -> {
          depthOf.add(words.size());
          if (words.get(0).equals("inactive:")) {
            words.remove(0);
            inactive.add(String.join(" ", join(path, words)));
          }
          path.addAll(words);
          words.clear();
        }
        case "}" -> {
          int n = depthOf.remove(depthOf.size() - 1);
          for (int k = 0; k < n; k++) {
            path.remove(path.size() - 1);
          }
        }
        case ";" -> {
          boolean off = words.get(0).equals("inactive:");
          if (off) {
            words.remove(0);
          }
          emit(out, path, words);
          if (off) {
            inactive.add(String.join(" ", join(path, words)));
          }
          words.clear();
        }
        default -> words.add(t);
      }
    }
    for (String p : inactive) {
      out.add("deactivate " + p);
    }
    return String.join("\n", out) + "\n";
  }

  /** {@code set PATH WORDS}, one line per item of a value list. */
  private static void emit(List<String> out, List<String> path, List<String> words) {
    int open = words.indexOf("[");
    if (open < 0) {
      out.add("set " + String.join(" ", join(path, words)));
      return;
    }
    List<String> head = words.subList(0, open);
    for (String item : words.subList(open + 1, words.indexOf("]"))) {
      List<String> line = new ArrayList<>(head);
      line.add(item);
      out.add("set " + String.join(" ", join(path, line)));
    }
  }

  private static List<String> join(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
