package dev.weft.report.dashboard;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Filters of the device × feature grid by status and by feature, without script (the page's Content
 * Security Policy allows none): two groups of radio buttons before the table, and per choice a
 * style rule that hides the rows it does not match. Each row says its status ({@code data-status})
 * and the features that drifted or alerted on it ({@code data-flagged}, space-separated).
 */
final class GridFilters {

  private GridFilters() {}

  /** The radio buttons and their labels, siblings before the table's scroll box. */
  static String controls() {
    StringBuilder h = new StringBuilder("<p class=\"filters\">status: ");
    radios(h, "fs", "all", Dashboard.STATUSES);
    h.append("<br>feature: ");
    radios(h, "ff", "any", FeatureGrid.FEATURES);
    return h.append("</p>").toString();
  }

  /** The row's {@code data-flagged}: features whose cell is drift or alert. */
  static String flagged(Map<String, String> cells) {
    List<String> out = new ArrayList<>();
    for (String f : FeatureGrid.FEATURES) {
      String state = cells.get(f);
      if ("drift".equals(state) || "alert".equals(state)) {
        out.add(f);
      }
    }
    return String.join(" ", out);
  }

  /** The rules that hide what a checked choice does not match. */
  static String css() {
    StringBuilder s =
        new StringBuilder(
            ".filters input{position:absolute;opacity:0}"
                + ".filters label{display:inline-block;margin:2px 4px;padding:1px 8px;border:1px solid var(--line);"
                + "border-radius:10px;cursor:pointer}.filters input:checked+label{background:var(--ink);color:#fff}\n");
    for (String st : Dashboard.STATUSES) {
      s.append(".card:has(#fs-")
          .append(st)
          .append(":checked) tr[data-status]:not([data-status=\"")
          .append(st)
          .append("\"]){display:none}\n");
    }
    for (String f : FeatureGrid.FEATURES) {
      s.append(".card:has(#ff-")
          .append(f)
          .append(":checked) tr[data-flagged]:not([data-flagged~=\"")
          .append(f)
          .append("\"]){display:none}\n");
    }
    return s.toString();
  }

  private static void radios(StringBuilder h, String group, String none, List<String> values) {
    List<String> all = new ArrayList<>(List.of(none));
    all.addAll(values);
    for (String v : all) {
      h.append("<input type=\"radio\" name=\"")
          .append(group)
          .append("\" id=\"")
          .append(group)
          .append('-')
          .append(v)
          .append('"')
          .append(v.equals(none) ? " checked" : "")
          .append("><label for=\"")
          .append(group)
          .append('-')
          .append(v)
          .append("\">")
          .append(v)
          .append("</label>");
    }
  }
}
