package dev.weft.report;

import java.util.List;
import java.util.Locale;

/**
 * The explicit catalogue of output formats, by the name {@code --format} takes. Adding a format is
 * one class and one line here.
 */
public final class Reporters {

  /** Every format name, in the order help text lists them. */
  public static final List<String> FORMATS =
      List.of("text", "json", "sarif", "junit", "markdown", "html");

  /**
   * Formats only a night's audit has ({@code weft audit}, {@code weft report merge}): OpenMetrics
   * (report.metrics).
   */
  public static final List<String> AUDIT_FORMATS = List.of("openmetrics");

  private Reporters() {}

  /**
   * The reporter for a format name; throws {@link IllegalArgumentException} naming the known
   * formats.
   */
  public static Reporter forFormat(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "text" -> new TextReporter();
      case "json" -> new JsonReporter();
      case "sarif" -> new SarifReporter(null);
      case "junit" -> new JUnitReporter();
      case "markdown" -> new MarkdownReporter();
      case "html" -> new HtmlReporter();
      default ->
          throw new IllegalArgumentException(
              "--format must be one of " + String.join(", ", FORMATS) + ", found '" + name + "'");
    };
  }
}
