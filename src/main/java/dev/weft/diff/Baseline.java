package dev.weft.diff;

import dev.weft.finding.Finding;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The findings a team already knows about, for adopting Weft on an existing fabric: {@code weft
 * validate --write-baseline FILE} writes one, {@code --baseline FILE} reports what it lists as
 * existing rather than failing. A plain text file, one finding per line ({@code
 * fingerprint<TAB>rule<TAB>device<TAB>port<TAB>message}), sorted, so it diffs well in review; only
 * the fingerprint is read back, the rest is for people.
 *
 * @param counts fingerprint → how many findings carry it
 */
public record Baseline(Map<String, Integer> counts) {

  private static final Pattern FINGERPRINT = Pattern.compile("[0-9a-f]{16}");
  private static final String HEADER =
      "# weft baseline: known findings, reported as existing by 'weft validate --baseline FILE'.\n"
          + "# One per line: fingerprint, rule, device, port, message (tab-separated). Only the fingerprint is read.\n";

  public Baseline {
    counts = Collections.unmodifiableMap(new TreeMap<>(counts));
  }

  /**
   * The baseline of these findings (waived ones are left out: their waiver already keeps them
   * quiet).
   */
  public static Baseline of(List<Finding> findings, String inventory) {
    Map<String, Integer> counts = new TreeMap<>();
    for (Finding f : findings) {
      if (!f.waived()) {
        counts.merge(FindingFingerprint.of(f, inventory), 1, Integer::sum);
      }
    }
    return new Baseline(counts);
  }

  /** The file text for these findings: header, then one sorted line per finding. */
  public static String write(List<Finding> findings, String inventory) {
    List<String> lines = new ArrayList<>();
    for (Finding f : findings) {
      if (f.waived()) {
        continue;
      }
      lines.add(
          String.join(
              "\t",
              FindingFingerprint.of(f, inventory),
              f.rule(),
              dash(f.device()),
              dash(f.port()),
              oneLine(f.message())));
    }
    Collections.sort(lines);
    StringBuilder b = new StringBuilder(HEADER);
    lines.forEach(l -> b.append(l).append('\n'));
    return b.toString();
  }

  /**
   * Parses a baseline file's text.
   *
   * @param fileName shown in errors
   * @throws IllegalArgumentException one line naming {@code file:line:column} and what was expected
   *     and found
   */
  public static Baseline parse(String text, String fileName) {
    Map<String, Integer> counts = new TreeMap<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String first = line.split("[\\t ]", 2)[0];
      if (!FINGERPRINT.matcher(first).matches()) {
        throw new IllegalArgumentException(
            fileName
                + ":"
                + (i + 1)
                + ":1: expected a 16-digit hex fingerprint"
                + " (as written by 'weft validate --write-baseline'), found '"
                + abbreviate(first)
                + "'");
      }
      counts.merge(first, 1, Integer::sum);
    }
    return new Baseline(counts);
  }

  private static String dash(String s) {
    return s == null ? "-" : oneLine(s);
  }

  private static String oneLine(String s) {
    return s.replaceAll("[\\t\\r\\n]+", " ");
  }

  private static String abbreviate(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "..." : s;
  }
}
