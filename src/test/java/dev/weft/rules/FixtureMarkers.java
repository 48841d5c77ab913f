package dev.weft.rules;

import dev.weft.finding.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code # expect: rule-a, rule-b error} and {@code # expect-waived: rule} comments of a
 * fixture file: the findings the file must produce, at that line (Checkstyle's {@code //
 * violation}, Error Prone's {@code // BUG:}). Each rule may be followed by the severity the finding
 * must have; without one it must have the rule's default severity from {@code rule.yaml}.
 */
public final class FixtureMarkers {

  /**
   * One expected finding: rule, severity (null: the rule's default), repository-relative file,
   * line, waived.
   */
  public record Expected(String rule, Severity severity, String file, int line, boolean waived)
      implements Comparable<Expected> {
    @Override
    public int compareTo(Expected o) {
      int c = file.compareTo(o.file);
      if (c == 0) c = Integer.compare(line, o.line);
      if (c == 0) c = rule.compareTo(o.rule);
      if (c == 0) c = Integer.compare(ordinal(severity), ordinal(o.severity));
      return c == 0 ? Boolean.compare(waived, o.waived) : c;
    }

    private static int ordinal(Severity s) {
      return s == null ? -1 : s.ordinal();
    }

    /** This expectation with the rule's default severity filled in where the marker named none. */
    public Expected resolved(Map<String, RuleMeta> meta) {
      if (severity != null) {
        return this;
      }
      RuleMeta m = meta.get(rule);
      return new Expected(rule, m == null ? null : m.severity(), file, line, waived);
    }

    @Override
    public String toString() {
      return file
          + ":"
          + line
          + " "
          + rule
          + (severity == null ? "" : " " + severity.label())
          + (waived ? " (waived)" : "");
    }
  }

  private static final String ITEM = "[a-z0-9-]+(?:\\s+(?:error|warning|info))?";
  private static final Pattern MARKER =
      Pattern.compile("#\\s*expect(-waived)?:\\s*(" + ITEM + "(?:\\s*,\\s*" + ITEM + ")*)\\s*$");

  private FixtureMarkers() {}

  /**
   * @param repoPath the file's repository-relative path, as findings name it
   */
  public static List<Expected> read(Path file, String repoPath) throws IOException {
    List<Expected> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(file);
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = MARKER.matcher(lines.get(i));
      if (m.find()) {
        for (String item : m.group(2).split(",")) {
          String[] words = item.strip().split("\\s+");
          Severity severity = words.length > 1 ? Severity.parse(words[1]) : null;
          out.add(new Expected(words[0], severity, repoPath, i + 1, m.group(1) != null));
        }
      }
    }
    return out;
  }
}
