package dev.weft.policy;

import dev.weft.finding.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code # expect: rule-id [severity], ...} and {@code # expect-waived: rule-id} comments of a
 * fixture file: the findings the file must produce on that line (Checkstyle's {@code // violation},
 * Error Prone's {@code // BUG:}). A severity, when written, must match too.
 */
final class ExpectMarkers {

  /**
   * One expected finding.
   *
   * @param file the file as findings name it
   * @param severity the severity it must have, or null when the marker does not say
   */
  record Expected(String rule, String file, int line, boolean waived, Severity severity) {

    /** What a finding is matched on (the severity is compared after). */
    String key() {
      return file + ":" + line + " " + rule + (waived ? " (waived)" : "");
    }
  }

  private static final String ENTRY = "[a-z0-9-]+(?:\\s+(?:error|warning|info))?";
  private static final Pattern MARKER =
      Pattern.compile("#\\s*expect(-waived)?:\\s*(" + ENTRY + "(?:\\s*,\\s*" + ENTRY + ")*)\\s*$");

  private ExpectMarkers() {}

  /**
   * @param file the file's path as findings name it
   */
  static List<Expected> read(List<String> lines, String file) {
    List<Expected> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = MARKER.matcher(lines.get(i));
      if (m.find()) {
        for (String entry : m.group(2).split(",")) {
          String[] parts = entry.strip().split("\\s+");
          out.add(
              new Expected(
                  parts[0],
                  file,
                  i + 1,
                  m.group(1) != null,
                  parts.length > 1 ? Severity.parse(parts[1]) : null));
        }
      }
    }
    return out;
  }
}
