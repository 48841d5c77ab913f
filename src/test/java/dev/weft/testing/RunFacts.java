package dev.weft.testing;

import java.util.regex.Pattern;

/**
 * Reports carry facts about the run (start time, duration, command line, inventory commit) that
 * differ between two runs on the same input; tests that compare reports byte for byte compare them
 * with these facts replaced by placeholders. Everything else in a report must still be identical.
 */
public final class RunFacts {

  private static final Pattern[] VALUES = {
    Pattern.compile(
        "(\"(?:started|startTimeUtc|endTimeUtc|command_line|commandLine|inventory_commit|inventoryCommit)\": )(\"(?:[^\"\\\\]|\\\\.)*\"|null)"),
    Pattern.compile("(\"duration_ms\": )\\d+"),
    Pattern.compile(
        "(<property name=\"(?:started|command-line|inventory-commit)\" value=)\"[^\"]*\""),
    Pattern.compile("(<testsuite [^>]*? time=)\"[0-9.]+\""),
    Pattern.compile("( timestamp=)\"[^\"]*\""),
  };
  private static final Pattern HTML_FOOTER =
      Pattern.compile("<footer class=\"run\">.*?</footer>\n", Pattern.DOTALL);

  private RunFacts() {}

  /** {@code report} with every run fact replaced by {@code <run>}. */
  public static String normalised(String report) {
    String out = HTML_FOOTER.matcher(report).replaceAll("<footer class=\"run\"><run></footer>\n");
    for (Pattern p : VALUES) {
      out = p.matcher(out).replaceAll("$1\"<run>\"");
    }
    return out;
  }
}
