package dev.weft.report.dashboard;

import dev.weft.audit.AuditReport;
import dev.weft.audit.Comparison;
import dev.weft.audit.ConfigDiff;
import dev.weft.audit.Night;
import dev.weft.finding.DeviceStatus;
import dev.weft.finding.Finding;
import dev.weft.report.OkDevices;
import dev.weft.report.RuleInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code weft audit --output html=FILE}: the page a team reads in the morning. A status bar of
 * device counts, the comparison with the previous night, the trend of the last nights, the device ×
 * feature grid, then per device its findings (expected, actual, the intent line that owns the
 * value, the rule linked to its explanation further down the page) and, where it drifted, its
 * config diff (collapsed). Deterministic: the same audit gives the same bytes.
 */
public final class Dashboard {

  static final List<String> STATUSES =
      List.of("ok", "drift", "not-audited", "unreachable", "error");

  /**
   * The status bar's segments: {@code ok} is a device in sync without a finding at warning or above
   * ({@link OkDevices}); one in sync with such findings (a PFC storm, no counters) has its own
   * segment.
   */
  private static final String IN_SYNC_WITH_FINDINGS = "in-sync-findings";

  private static final List<String> BAR =
      List.of("ok", IN_SYNC_WITH_FINDINGS, "drift", "not-audited", "unreachable", "error");

  /**
   * The config diffs one page shows at most (characters): past it a device's diff is named as left
   * out (the JSON report still has it), so a night with thousands of drifted switches stays a page
   * a browser opens.
   */
  static final int MAX_PAGE_DIFF_CHARS = 512 * 1024;

  private Dashboard() {}

  /**
   * @param rules explanation of each rule id the findings use
   * @param intentLines {@code file:line} → the text of that intent line (for the findings' owner
   *     column)
   */
  public static String html(
      AuditReport a, Map<String, RuleInfo> rules, Map<String, String> intentLines) {
    StringBuilder h = new StringBuilder(16_384);
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<title>Weft audit: ")
        .append(Html.escape(a.inventory()))
        .append("</title><style>")
        .append(Style.CSS)
        .append(GridFilters.css())
        .append("</style></head><body>\n");
    header(h, a);
    statusBar(h, a);
    Map<String, List<Finding>> byDevice = byDevice(a.findings());
    grid(h, a, byDevice);
    history(h, a.comparison());
    CablingView.append(h, a.findings());
    h.append("<section class=\"card\"><h2>Last nights</h2>")
        .append(TrendChart.svg(a.trend()))
        .append(legend())
        .append("</section>\n");
    devices(h, a, byDevice, intentLines);
    explanations(h, a, rules);
    h.append("</body></html>\n");
    return h.toString();
  }

  private static void header(StringBuilder h, AuditReport a) {
    h.append("<header><h1>Weft audit <span class=\"inv\">")
        .append(Html.escape(a.inventory()))
        .append("</span></h1>")
        .append("<p class=\"meta\">started <time>")
        .append(Html.escape(a.meta().started()))
        .append("</time> · ")
        .append(seconds(a.meta().durationMs()))
        .append(" · ")
        .append(a.devices().size())
        .append(" devices");
    if (a.meta().commit() != null) {
      h.append(" · intent commit <code>").append(Html.escape(a.meta().commit())).append("</code>");
    }
    h.append(" · shard ")
        .append(Html.escape(a.meta().shard()))
        .append(" · weft ")
        .append(Html.escape(a.version()))
        .append("</p></header>\n");
  }

  private static String seconds(long ms) {
    return String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
  }

  private static void statusBar(StringBuilder h, AuditReport a) {
    Map<String, Integer> n = new TreeMap<>();
    java.util.Set<String> flagged = OkDevices.flagged(a.findings());
    a.devices()
        .forEach(
            d ->
                n.merge(
                    d.status() == DeviceStatus.Status.OK && flagged.contains(d.name())
                        ? IN_SYNC_WITH_FINDINGS
                        : d.status().label(),
                    1,
                    Integer::sum));
    int total = Math.max(1, a.devices().size());
    h.append(
        "<section class=\"card\"><h2>Devices</h2><div class=\"bar\" role=\"img\" aria-label=\"devices by status\">");
    for (String s : BAR) {
      int c = n.getOrDefault(s, 0);
      if (c > 0) {
        h.append("<span class=\"seg st-")
            .append(s)
            .append("\" style=\"flex-grow:")
            .append(c * 1000 / total)
            .append("\"></span>");
      }
    }
    h.append("</div><ul class=\"counts\">");
    for (String s : BAR) {
      h.append("<li class=\"st-")
          .append(s)
          .append("\"><b class=\"count\" data-status=\"")
          .append(s)
          .append("\">")
          .append(n.getOrDefault(s, 0))
          .append("</b> ")
          .append(s.equals(IN_SYNC_WITH_FINDINGS) ? "in sync, with findings" : s)
          .append("</li>");
    }
    long alerts = a.health().values().stream().filter("alert"::equals).count();
    h.append("<li class=\"st-alert\"><b class=\"count\" data-status=\"health-alert\">")
        .append(alerts)
        .append("</b> health alerts</li></ul></section>\n");
  }

  private static void history(StringBuilder h, Comparison c) {
    h.append("<section class=\"card\"><h2>Since the previous night</h2>");
    if (c.previousStarted() == null) {
      h.append(
          "<p>First night in this history: nothing to compare; counters set the baseline.</p></section>\n");
      return;
    }
    h.append("<p>previous audit <time>")
        .append(Html.escape(c.previousStarted()))
        .append("</time></p><ul class=\"counts\">")
        .append("<li><b class=\"count\" data-history=\"new\">")
        .append(c.added().size())
        .append("</b> new</li>")
        .append("<li><b class=\"count\" data-history=\"fixed\">")
        .append(c.fixed().size())
        .append("</b> fixed</li>")
        .append("<li><b class=\"count\" data-history=\"persisting\">")
        .append(c.persisting().size())
        .append("</b> persisting</li></ul>");
    seenList(h, "New", "new", c.added());
    seenList(h, "Fixed", "fixed", c.fixed());
    if (!c.statusChanges().isEmpty()) {
      h.append("<h3>Status changes</h3><ul>");
      for (Night.StatusChange s : c.statusChanges()) {
        h.append("<li><a href=\"#")
            .append(Html.id("device-", s.device()))
            .append("\">")
            .append(Html.escape(s.device()))
            .append("</a>: ")
            .append(Html.escape(s.before() == null ? "new device" : s.before()))
            .append(" → ")
            .append(Html.escape(s.after()))
            .append("</li>");
      }
      h.append("</ul>");
    }
    h.append("</section>\n");
  }

  private static void seenList(StringBuilder h, String title, String kind, List<Night.Seen> list) {
    if (list.isEmpty()) {
      return;
    }
    h.append("<h3>").append(title).append("</h3><ul class=\"seen ").append(kind).append("\">");
    for (Night.Seen s : list) {
      h.append("<li><a href=\"#")
          .append(Html.id("rule-", s.rule()))
          .append("\"><code>")
          .append(Html.escape(s.rule()))
          .append("</code></a> ")
          .append(Html.escape(s.message()))
          .append("</li>");
    }
    h.append("</ul>");
  }

  private static String legend() {
    StringBuilder l = new StringBuilder("<p class=\"legend\">");
    for (String s : STATUSES) {
      l.append("<span class=\"key st-").append(s).append("\"></span>").append(s).append(' ');
    }
    return l.append("<span class=\"key findings\"></span>findings (not information)</p>")
        .toString();
  }

  private static Map<String, List<Finding>> byDevice(List<Finding> findings) {
    Map<String, List<Finding>> out = new TreeMap<>();
    for (Finding f : findings) {
      out.computeIfAbsent(f.device() == null ? "" : f.device(), k -> new ArrayList<>()).add(f);
    }
    return out;
  }

  private static void grid(StringBuilder h, AuditReport a, Map<String, List<Finding>> byDevice) {
    h.append("<section class=\"card\"><h2>Device × feature</h2>")
        .append(GridFilters.controls())
        .append("<div class=\"scroll\"><table class=\"grid\"><thead><tr>")
        .append("<th>device</th><th>status</th>");
    FeatureGrid.FEATURES.forEach(f -> h.append("<th>").append(f).append("</th>"));
    h.append("</tr></thead><tbody>");
    for (DeviceStatus d : a.devices()) {
      Map<String, String> cells =
          FeatureGrid.cells(
              d, byDevice.getOrDefault(d.name(), List.of()), a.health().get(d.name()));
      h.append("<tr data-device=\"")
          .append(Html.escape(d.name()))
          .append("\" data-status=\"")
          .append(d.status().label())
          .append("\" data-flagged=\"")
          .append(GridFilters.flagged(cells))
          .append("\"><th><a href=\"#")
          .append(Html.id("device-", d.name()))
          .append("\">")
          .append(Html.escape(d.name()))
          .append("</a></th>")
          .append("<td class=\"cell st-")
          .append(d.status().label())
          .append("\">")
          .append(d.status().label())
          .append(d.reason() == null ? "" : " <small>" + Html.escape(d.reason()) + "</small>")
          .append("</td>");
      for (String f : FeatureGrid.FEATURES) {
        String state = cells.get(f);
        h.append("<td class=\"cell st-")
            .append(state)
            .append("\" data-feature=\"")
            .append(f)
            .append("\">")
            .append(state)
            .append("</td>");
      }
      h.append("</tr>");
    }
    h.append("</tbody></table></div></section>\n");
  }

  private static void devices(
      StringBuilder h,
      AuditReport a,
      Map<String, List<Finding>> byDevice,
      Map<String, String> intentLines) {
    h.append("<section class=\"card\"><h2>Findings by device</h2>");
    List<String> names = new ArrayList<>();
    Map<String, DeviceStatus> statuses = new TreeMap<>();
    a.devices()
        .forEach(
            d -> {
              names.add(d.name());
              statuses.put(d.name(), d);
            });
    int[] budget = {MAX_PAGE_DIFF_CHARS};
    if (byDevice.containsKey("")) {
      names.add("");
    }
    for (String name : names) {
      List<Finding> list = byDevice.getOrDefault(name, List.of());
      h.append("<details class=\"device\" id=\"")
          .append(Html.id("device-", name))
          .append("\"")
          .append(
              list.stream().anyMatch(f -> f.severity() != dev.weft.finding.Severity.INFO)
                  ? " open"
                  : "")
          .append("><summary>")
          .append(name.isEmpty() ? "fabric-wide" : Html.escape(name))
          .append(" <small>")
          .append(list.size())
          .append(list.size() == 1 ? " finding" : " findings")
          .append("</small></summary>");
      if (!list.isEmpty()) {
        h.append(
                "<div class=\"scroll\"><table class=\"findings\"><thead><tr><th>rule</th><th>severity</th>")
            .append(
                "<th>port</th><th>expected</th><th>actual</th><th>owning intent line</th><th>message</th>")
            .append("</tr></thead><tbody>");
        list.forEach(f -> finding(h, f, intentLines));
        h.append("</tbody></table></div>");
      }
      DeviceStatus status = statuses.get(name);
      ConfigDiff diff = a.diffs().get(name);
      if (diff != null) {
        DiffBlock.append(h, name, diff, budget);
      } else if (status != null && status.status() == DeviceStatus.Status.DRIFT) {
        h.append(
            "<p class=\"note\">No config diff: every feature Weft compares is as the intent renders it;"
                + " a rule on the live config fails (see the findings).</p>");
      }
      h.append("</details>");
    }
    h.append("</section>\n");
  }

  private static void finding(StringBuilder h, Finding f, Map<String, String> intentLines) {
    h.append("<tr class=\"finding sev-")
        .append(f.severity().label())
        .append("\" data-rule=\"")
        .append(Html.escape(f.rule()))
        .append("\"><td><a href=\"#")
        .append(Html.id("rule-", f.rule()))
        .append("\"><code>")
        .append(Html.escape(f.rule()))
        .append("</code></a></td><td>")
        .append(f.severity().label())
        .append("</td><td>")
        .append(Html.escape(f.port()))
        .append("</td><td><code>")
        .append(Html.escape(f.expected()))
        .append("</code></td><td><code>")
        .append(Html.escape(f.actual()))
        .append("</code></td><td>");
    if (f.location() != null) {
      String at = f.location().file() + ":" + f.location().line();
      h.append("<code>").append(Html.escape(at + ":" + f.location().column())).append("</code>");
      String text = intentLines.get(at);
      if (text != null) {
        h.append("<pre>").append(Html.escape(text.strip())).append("</pre>");
      }
    }
    h.append("</td><td>").append(Html.escape(f.message())).append("</td></tr>");
  }

  private static void explanations(StringBuilder h, AuditReport a, Map<String, RuleInfo> rules) {
    TreeSet<String> used = new TreeSet<>();
    a.findings().forEach(f -> used.add(f.rule()));
    a.comparison().fixed().forEach(s -> used.add(s.rule()));
    h.append("<section class=\"card\"><h2>Rules</h2><dl class=\"rules\">");
    for (String id : used) {
      RuleInfo r = rules.get(id);
      h.append("<dt id=\"")
          .append(Html.id("rule-", id))
          .append("\"><code>")
          .append(Html.escape(id))
          .append("</code> ")
          .append(Html.escape(r == null ? "" : r.title()))
          .append("</dt><dd>");
      if (r != null) {
        h.append("<p>")
            .append(Html.escape(r.fullDescription()))
            .append("</p><p><b>How to fix:</b> ")
            .append(Html.escape(r.help()))
            .append("</p>");
      }
      h.append("<p><code>weft explain ").append(Html.escape(id)).append("</code></p></dd>");
    }
    h.append("</dl></section>\n");
  }
}
