package dev.weft.report.dashboard;

import dev.weft.audit.Night;
import java.util.List;

/**
 * The trend of the last nights as inline SVG: a stacked bar of device statuses per night and a line of the
 * findings that are not information, on its own scale. Drawn by Weft, so the page needs no chart library.
 */
final class TrendChart {

    static final int WIDTH = 720;
    static final int HEIGHT = 180;
    private static final int PAD = 28;
    private static final String[][] SERIES = {
            {"ok", "var(--ok)"}, {"drift", "var(--drift)"}, {"not-audited", "var(--na)"},
            {"unreachable", "var(--unreachable)"}, {"error", "var(--error)"}};

    private TrendChart() {}

    static String svg(List<Night.TrendPoint> nights) {
        StringBuilder s = new StringBuilder();
        s.append("<svg class=\"trend\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" role=\"img\" aria-label=\"devices by status and findings, last ").append(nights.size())
                .append(" nights\">");
        if (nights.isEmpty()) {
            return s.append("<text x=\"10\" y=\"20\">no nights yet</text></svg>").toString();
        }
        int maxDevices = 1;
        int maxFindings = 1;
        for (Night.TrendPoint p : nights) {
            maxDevices = Math.max(maxDevices, p.ok() + p.drift() + p.notAudited() + p.unreachable() + p.error());
            maxFindings = Math.max(maxFindings, p.findings());
        }
        double plot = HEIGHT - 2.0 * PAD;
        double step = (WIDTH - 2.0 * PAD) / 30;
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < nights.size(); i++) {
            Night.TrendPoint p = nights.get(i);
            int[] values = {p.ok(), p.drift(), p.notAudited(), p.unreachable(), p.error()};
            double x = PAD + i * step;
            double y = HEIGHT - PAD;
            s.append("<g class=\"night\"><title>").append(Html.escape(p.started())).append(": ").append(p.ok())
                    .append(" ok, ").append(p.drift()).append(" drift, ").append(p.unreachable()).append(" unreachable, ")
                    .append(p.error()).append(" error, ").append(p.findings()).append(" findings</title>");
            for (int k = 0; k < values.length; k++) {
                double h = plot * values[k] / maxDevices;
                if (h > 0) {
                    y -= h;
                    s.append(String.format(java.util.Locale.ROOT,
                            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" style=\"fill:%s\"/>",
                            x, y, step * 0.7, h, SERIES[k][1]));
                }
            }
            s.append("</g>");
            double fy = HEIGHT - PAD - plot * p.findings() / maxFindings;
            line.append(i == 0 ? "" : " ").append(String.format(java.util.Locale.ROOT, "%.1f,%.1f", x + step * 0.35, fy));
        }
        s.append("<polyline class=\"findings-line\" points=\"").append(line).append("\"/>");
        s.append("<text x=\"").append(PAD).append("\" y=\"").append(HEIGHT - 8).append("\">")
                .append(Html.escape(nights.get(0).started())).append("</text>");
        s.append("<text x=\"").append(WIDTH - PAD).append("\" y=\"").append(HEIGHT - 8)
                .append("\" text-anchor=\"end\">").append(Html.escape(nights.get(nights.size() - 1).started()))
                .append("</text>");
        s.append("<text x=\"4\" y=\"14\">").append(maxDevices).append(" devices / ").append(maxFindings)
                .append(" findings</text></svg>");
        return s.toString();
    }
}
