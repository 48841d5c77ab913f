package dev.weft.report.dashboard;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The dashboard's cabling section: tonight's cabling faults per rail (every rail a finding names: a
 * swap between rails shows under both) and per device, each with the link's intent line and the
 * re-cabling that fixes it. The full per-leaf table of every link is {@code weft cabling --format
 * html}.
 */
final class CablingView {

  private static final Pattern RAIL = Pattern.compile("\\(rail (\\d+)\\)");

  private CablingView() {}

  static void append(StringBuilder h, List<Finding> findings) {
    List<Finding> faults =
        findings.stream()
            .filter(f -> f.rule().startsWith("cabling-") && f.severity() != Severity.INFO)
            .toList();
    long blind = findings.stream().filter(f -> f.rule().equals("cabling-not-served")).count();
    if (faults.isEmpty() && blind == 0) {
      return; // a report without the cabling audit (older nights, weft drift)
    }
    h.append("<section class=\"card\" id=\"cabling\"><h2>Cabling</h2><p class=\"meta\">")
        .append(faults.size())
        .append(" cabling fault(s) tonight; ")
        .append(blind)
        .append(" device(s) did not serve their neighbours</p>");
    if (!faults.isEmpty()) {
      Map<String, List<Finding>> byRail = new TreeMap<>();
      Map<String, List<Finding>> byDevice = new TreeMap<>();
      for (Finding f : faults) {
        TreeSet<String> rails = new TreeSet<>();
        Matcher m = RAIL.matcher(f.message());
        while (m.find()) {
          rails.add("rail " + m.group(1));
        }
        if (rails.isEmpty()) {
          rails.add("no rail");
        }
        rails.forEach(r -> byRail.computeIfAbsent(r, k -> new ArrayList<>()).add(f));
        byDevice
            .computeIfAbsent(f.device() == null ? "" : f.device(), k -> new ArrayList<>())
            .add(f);
      }
      table(h, "Per rail", "rail", byRail);
      table(h, "Per device", "device", byDevice);
    }
    h.append("</section>\n");
  }

  private static void table(
      StringBuilder h, String title, String kind, Map<String, List<Finding>> groups) {
    h.append("<h3>")
        .append(title)
        .append("</h3><div class=\"scroll\"><table class=\"cabling\"><thead><tr><th>")
        .append(kind)
        .append(
            "</th><th>finding</th><th>where</th><th>intended</th><th>seen</th><th>what to do</th>")
        .append("</tr></thead><tbody>");
    groups.forEach(
        (group, list) -> {
          for (Finding f : list) {
            String message = f.message();
            int fix = message.lastIndexOf(": ");
            h.append("<tr data-")
                .append(kind)
                .append("=\"")
                .append(Html.escape(group))
                .append("\" data-rule=\"")
                .append(Html.escape(f.rule()))
                .append("\"><td>")
                .append(Html.escape(group))
                .append("</td><td><a href=\"#rule-")
                .append(Html.escape(f.rule()))
                .append("\">")
                .append(Html.escape(f.rule()))
                .append("</a></td><td>")
                .append(
                    Html.escape(
                        f.location() == null
                            ? ""
                            : f.location().file() + ":" + f.location().line()))
                .append("</td><td>")
                .append(Html.escape(f.expected()))
                .append("</td><td>")
                .append(Html.escape(f.actual()))
                .append("</td><td>")
                .append(Html.escape(fix < 0 ? message : message.substring(fix + 2)))
                .append("</td></tr>");
          }
        });
    h.append("</tbody></table></div>");
  }
}
