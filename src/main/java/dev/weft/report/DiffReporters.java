package dev.weft.report;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * Output formats of {@code weft diff}. JSON, Markdown and text show the whole picture (statuses,
 * commits, config diffs); SARIF, JUnit and HTML carry only the new findings, so code scanning and
 * CI test views flag exactly what the change introduced.
 */
public final class DiffReporters {

  /** Writes a diff report in one format. */
  public interface DiffReporter {
    void write(DiffReport report, Writer out) throws IOException;
  }

  private DiffReporters() {}

  /**
   * @param linkPrefix URL prefix for file links in Markdown (e.g. {@code
   *     https://github.com/o/r/blob/SHA/}), or null
   */
  public static DiffReporter forFormat(String name, String linkPrefix) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "text" -> new DiffTextReporter();
      case "json" -> new DiffJsonReporter();
      case "markdown" -> new DiffMarkdownReporter(linkPrefix, DiffMarkdownReporter.GITHUB_BUDGET);
      case "sarif", "junit", "html" -> {
        Reporter plain = Reporters.forFormat(name);
        yield (report, out) -> plain.write(report.newFindingsReport(), out);
      }
      default ->
          throw new IllegalArgumentException(
              "--format must be one of "
                  + String.join(", ", Reporters.FORMATS)
                  + ", found '"
                  + name
                  + "'");
    };
  }

  /**
   * Exit code: 1 when a new finding reaches the threshold; existing and fixed findings never fail.
   */
  public static int exitCode(DiffReport report, FailOn failOn) {
    return Outcome.exitCode(report.newFindingsReport(), failOn);
  }

  /** The exit code at the report's own threshold. */
  public static int exitCode(DiffReport report) {
    return report.newFindingsReport().exitCode();
  }
}
