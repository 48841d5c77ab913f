package dev.weft.report.dashboard;

import dev.weft.audit.Night;
import java.util.List;
import java.util.Locale;

/**
 * The trend of the last nights as inline SVG: per night a stacked bar of the devices by status
 * (left axis, devices) and beside it a bar of the findings that are not information (right axis,
 * findings), under labelled axes with the first and last night's date. Drawn by Weft, so the page
 * needs no chart library; bars only, so two nights far apart are never joined by a line that
 * suggests the nights between.
 */
final class TrendChart {

  static final int WIDTH = 720;
  static final int HEIGHT = 200;
  private static final int LEFT = 52;
  private static final int RIGHT = 52;
  private static final int TOP = 14;
  private static final int BOTTOM = 40;
  private static final int NIGHTS = 30;
  private static final String[][] SERIES = {
    {"ok", "var(--ok)"},
    {"drift", "var(--drift)"},
    {"not-audited", "var(--na)"},
    {"unreachable", "var(--unreachable)"},
    {"error", "var(--error)"}
  };

  private TrendChart() {}

  static String svg(List<Night.TrendPoint> nights) {
    StringBuilder s = new StringBuilder();
    s.append("<svg class=\"trend\" viewBox=\"0 0 ")
        .append(WIDTH)
        .append(' ')
        .append(HEIGHT)
        .append("\" role=\"img\" aria-label=\"devices by status and findings, last ")
        .append(nights.size())
        .append(" nights\">");
    if (nights.isEmpty()) {
      return s.append("<text x=\"10\" y=\"20\">no nights yet</text></svg>").toString();
    }
    int maxDevices = 1;
    int maxFindings = 1;
    for (Night.TrendPoint p : nights) {
      maxDevices =
          Math.max(maxDevices, p.ok() + p.drift() + p.notAudited() + p.unreachable() + p.error());
      maxFindings = Math.max(maxFindings, p.findings());
    }
    double plot = HEIGHT - TOP - BOTTOM;
    double base = HEIGHT - BOTTOM;
    double step = (WIDTH - LEFT - RIGHT) / (double) NIGHTS;
    axes(s, maxDevices, maxFindings, base, plot);
    for (int i = 0; i < nights.size(); i++) {
      Night.TrendPoint p = nights.get(i);
      int[] values = {p.ok(), p.drift(), p.notAudited(), p.unreachable(), p.error()};
      double x = LEFT + i * step + step * 0.1;
      double y = base;
      s.append("<g class=\"night\" data-night=\"")
          .append(i + 1)
          .append("\"><title>")
          .append(Html.escape(p.started()))
          .append(": ")
          .append(p.ok())
          .append(" ok, ")
          .append(p.drift())
          .append(" drift, ")
          .append(p.notAudited())
          .append(" not audited, ")
          .append(p.unreachable())
          .append(" unreachable, ")
          .append(p.error())
          .append(" error, ")
          .append(p.findings())
          .append(" findings</title>");
      for (int k = 0; k < values.length; k++) {
        double h = plot * values[k] / maxDevices;
        if (h > 0) {
          y -= h;
          s.append(rect(x, y, step * 0.5, h, "fill:" + SERIES[k][1], "status-" + SERIES[k][0]));
        }
      }
      double fh = plot * p.findings() / maxFindings;
      if (fh > 0) {
        s.append(rect(x + step * 0.52, base - fh, step * 0.28, fh, "fill:var(--ink)", "findings"));
      }
      s.append("</g>");
    }
    date(s, nights.get(0), LEFT, "start");
    if (nights.size() > 1) {
      date(s, nights.get(nights.size() - 1), LEFT + nights.size() * step, "end");
    }
    s.append("</svg>");
    return s.toString();
  }

  /** Both axes with their ticks and titles, and the first and last night's date under the bars. */
  private static void axes(
      StringBuilder s, int maxDevices, int maxFindings, double base, double plot) {
    double right = WIDTH - RIGHT;
    s.append(
        String.format(
            Locale.ROOT,
            "<path class=\"axis\" d=\"M%d %.1fV%.1fH%.1fV%.1f\"/>",
            LEFT,
            (double) TOP,
            base,
            right,
            (double) TOP));
    for (int tick : new int[] {0, 1, 2}) {
      double y = base - plot * tick / 2;
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>",
              LEFT - 4,
              y + 4,
              label(maxDevices, tick)));
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%.1f\">%s</text>",
              right + 4,
              y + 4,
              label(maxFindings, tick)));
    }
    s.append(
        String.format(
            Locale.ROOT,
            "<text class=\"axis-title\" transform=\"translate(12 %.1f) rotate(-90)\""
                + " text-anchor=\"middle\">devices</text>",
            TOP + plot / 2));
    s.append(
        String.format(
            Locale.ROOT,
            "<text class=\"axis-title\" transform=\"translate(%d %.1f) rotate(90)\""
                + " text-anchor=\"middle\">findings</text>",
            WIDTH - 12,
            TOP + plot / 2));
    s.append(
        String.format(
            Locale.ROOT,
            "<text class=\"axis-title\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">"
                + "night (UTC), the last %d</text>",
            (LEFT + right) / 2,
            HEIGHT - 4,
            NIGHTS));
  }

  /** A night's date (UTC) under the horizontal axis. */
  private static void date(StringBuilder s, Night.TrendPoint p, double x, String anchor) {
    String started = p.started() == null ? "" : p.started();
    s.append(
        String.format(
            Locale.ROOT,
            "<text class=\"date\" x=\"%.1f\" y=\"%d\" text-anchor=\"%s\">%s</text>",
            x,
            HEIGHT - BOTTOM + 14,
            anchor,
            Html.escape(started.length() >= 10 ? started.substring(0, 10) : started)));
  }

  /** A tick's label: 0, half (when whole) and the maximum. */
  private static String label(int max, int tick) {
    if (tick == 1) {
      return max % 2 == 0 ? String.valueOf(max / 2) : "";
    }
    return String.valueOf(tick == 0 ? 0 : max);
  }

  private static String rect(double x, double y, double w, double h, String style, String kind) {
    return String.format(
        Locale.ROOT,
        "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\""
            + " style=\"%s\"/>",
        kind,
        x,
        y,
        w,
        h,
        style);
  }
}
