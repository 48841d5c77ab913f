package dev.weft.audit;

import dev.weft.finding.Finding;
import java.util.Objects;

/**
 * A finding as the history remembers it. Two nights' findings are the same finding when rule,
 * device, port and path agree (the message may carry tonight's counts).
 */
public final class Night {

  private Night() {}

  /** One remembered finding. */
  public record Seen(
      String rule, String severity, String device, String port, String path, String message) {
    public static Seen of(Finding f) {
      return new Seen(f.rule(), f.severity().label(), f.device(), f.port(), f.path(), f.message());
    }

    /** What identifies the finding from night to night. */
    public String key() {
      return rule
          + "|"
          + Objects.toString(device, "")
          + "|"
          + Objects.toString(port, "")
          + "|"
          + Objects.toString(path, "");
    }
  }

  /** A device whose status changed since the previous night ({@code before} null: a new device). */
  public record StatusChange(String device, String before, String after) {}

  /**
   * One night of the trend chart: device counts by status, and the findings that are not
   * information.
   */
  public record TrendPoint(
      String started,
      int ok,
      int drift,
      int notAudited,
      int unreachable,
      int error,
      int findings) {}
}
