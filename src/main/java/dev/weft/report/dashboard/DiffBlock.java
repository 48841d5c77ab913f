package dev.weft.report.dashboard;

import dev.weft.audit.ConfigDiff;

/**
 * A drifted device's config diff on the page: collapsed ({@code <details>}), what it covers and
 * what was cut said above it, each line coloured by what it is ({@code -} what the intent renders,
 * {@code +} what the device runs), within what is left of the page's diff budget.
 */
final class DiffBlock {

  private DiffBlock() {}

  /**
   * @param budget characters of diff the page may still show; reduced by what this device's diff
   *     takes
   */
  static void append(StringBuilder h, String device, ConfigDiff diff, int[] budget) {
    h.append("<details class=\"diff\" data-diff=\"")
        .append(Html.escape(device))
        .append("\"><summary>config diff");
    if (diff.file() != null) {
      h.append(" <code>").append(Html.escape(diff.file())).append("</code>");
    }
    if (diff.scope() != null) {
      h.append(" · ").append(Html.escape(diff.scope()));
    }
    h.append(" <small>(- what the intent renders, + what the device runs)</small></summary>");
    if (diff.note() != null) {
      h.append("<p class=\"note\">").append(Html.escape(diff.note())).append("</p>");
    }
    if (diff.text().isEmpty()) {
      h.append("</details>");
      return;
    }
    if (diff.text().length() > budget[0]) {
      h.append(
              "<p class=\"note\" data-left-out=\"page-budget\">Diff left out: this page shows at most ")
          .append(Dashboard.MAX_PAGE_DIFF_CHARS / 1024)
          .append(" KiB of config diffs and the devices before this")
          .append(
              " one used them; the JSON report (<code>devices[].config_diff</code>) has it.</p></details>");
      return;
    }
    budget[0] -= diff.text().length();
    h.append("<pre class=\"diff\">");
    diff.text()
        .lines()
        .forEach(
            line ->
                h.append("<span class=\"")
                    .append(kind(line))
                    .append("\">")
                    .append(Html.escape(line))
                    .append("</span>\n"));
    h.append("</pre></details>");
  }

  private static String kind(String line) {
    if (line.startsWith("+++") || line.startsWith("---")) {
      return "d-file";
    }
    if (line.startsWith("@@")) {
      return "d-hunk";
    }
    if (line.startsWith("+")) {
      return "d-add";
    }
    return line.startsWith("-") ? "d-del" : "d-ctx";
  }
}
