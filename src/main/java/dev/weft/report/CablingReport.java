package dev.weft.report;

import dev.weft.cabling.CablingRun;
import dev.weft.cabling.End;
import dev.weft.cabling.LinkState;
import dev.weft.cabling.Rails;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.model.Switch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bring-up report of {@code weft cabling --format markdown|html}: per rail and per leaf, every
 * declared link with what its ends see, and the re-cabling to do as a checklist (which cable end to
 * move where), so a technician's list comes from the intent.
 */
public final class CablingReport {

  /** One table row: a link seen from one side. */
  private record Row(String end, String peer, String state, String seen, String fix, String line) {}

  private final String inventory;
  private final FabricModel model;
  private final CablingRun.Outcome outcome;

  public CablingReport(String inventory, FabricModel model, CablingRun.Outcome outcome) {
    this.inventory = inventory;
    this.model = model;
    this.outcome = outcome;
  }

  public String markdown() {
    StringBuilder m =
        new StringBuilder("# Cabling of ")
            .append(inventory)
            .append("\n\n")
            .append(summary())
            .append("\n\n## Re-cabling to do\n\n");
    List<String> todo = todo();
    if (todo.isEmpty()) {
      m.append("Nothing: every link that was read is cabled as declared.\n");
    }
    todo.forEach(t -> m.append("- [ ] ").append(t).append('\n'));
    for (Map.Entry<String, List<Row>> g : groups().entrySet()) {
      m.append("\n## ")
          .append(g.getKey())
          .append("\n\n| port | intended peer | state | seen | to do | intent |\n")
          .append("|---|---|---|---|---|---|\n");
      for (Row r : g.getValue()) {
        m.append("| ")
            .append(
                String.join(
                    " | ",
                    cell(r.end()),
                    cell(r.peer()),
                    r.state(),
                    cell(r.seen()),
                    cell(r.fix()),
                    cell(r.line())))
            .append(" |\n");
      }
    }
    return m.toString();
  }

  public String html() {
    StringBuilder h =
        new StringBuilder(
                "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                    + "<title>Cabling of ")
            .append(esc(inventory))
            .append(
                "</title><style>body{font-family:sans-serif;margin:1.5em}"
                    + "table{border-collapse:collapse;margin-bottom:1.5em}td,th{border:1px solid #ccc;padding:.25em .5em;"
                    + "text-align:left}tr.ok td.state{color:#1a7f37}tr.bad td.state{color:#c62828;font-weight:bold}"
                    + "tr.unread td.state{color:#777}</style></head><body>\n<h1>Cabling of ")
            .append(esc(inventory))
            .append("</h1>\n<p>")
            .append(esc(summary()))
            .append("</p>\n<h2>Re-cabling to do</h2>\n<ul class=\"todo\">\n");
    List<String> todo = todo();
    if (todo.isEmpty()) {
      h.append("<li>Nothing: every link that was read is cabled as declared.</li>\n");
    }
    todo.forEach(
        t ->
            h.append("<li><label><input type=\"checkbox\"> ")
                .append(esc(t))
                .append("</label></li>\n"));
    h.append("</ul>\n");
    for (Map.Entry<String, List<Row>> g : groups().entrySet()) {
      h.append("<h2>")
          .append(esc(g.getKey()))
          .append(
              "</h2>\n<table><tr><th>port</th><th>intended peer</th>"
                  + "<th>state</th><th>seen</th><th>to do</th><th>intent</th></tr>\n");
      for (Row r : g.getValue()) {
        String kind =
            r.state().equals("ok") ? "ok" : r.state().equals("not read") ? "unread" : "bad";
        h.append("<tr class=\"")
            .append(kind)
            .append("\" data-state=\"")
            .append(esc(r.state()))
            .append("\"><td>")
            .append(esc(r.end()))
            .append("</td><td>")
            .append(esc(r.peer()))
            .append("</td><td class=\"state\">")
            .append(esc(r.state()))
            .append("</td><td>")
            .append(esc(r.seen()))
            .append("</td><td>")
            .append(esc(r.fix()))
            .append("</td><td>")
            .append(esc(r.line()))
            .append("</td></tr>\n");
      }
      h.append("</table>\n");
    }
    return h.append("</body></html>\n").toString();
  }

  private String summary() {
    Map<String, Integer> n = new TreeMap<>();
    outcome.check().links().forEach(s -> n.merge(s.state().label(), 1, Integer::sum));
    StringBuilder s =
        new StringBuilder().append(outcome.check().links().size()).append(" declared links:");
    for (LinkState.State st : LinkState.State.values()) {
      s.append(' ')
          .append(n.getOrDefault(st.label(), 0))
          .append(' ')
          .append(st.label())
          .append(',');
    }
    s.setLength(s.length() - 1);
    long unknown =
        outcome.check().findings().stream()
            .filter(f -> f.rule().equals("cabling-unknown-neighbour"))
            .count();
    return s.append("; ").append(unknown).append(" undeclared cable(s) seen.").toString();
  }

  /** The fixes, each once, in link order, then the undeclared cables. */
  private List<String> todo() {
    List<String> out = new ArrayList<>();
    for (LinkState s : outcome.check().links()) {
      if (!s.fix().isEmpty() && s.state() != LinkState.State.OK) {
        String t = s.fix() + " (" + line(s.link()) + ")";
        if (!out.contains(t) && !out.contains(s.fix() + " (" + firstLine(s) + ")")) {
          out.add(t);
        }
      }
    }
    outcome.check().findings().stream()
        .filter(f -> f.rule().equals("cabling-unknown-neighbour"))
        .forEach(
            f ->
                out.add(
                    "remove or declare the cable "
                        + f.device()
                        + ":"
                        + f.port()
                        + "–"
                        + f.actual()));
    return out;
  }

  private String firstLine(LinkState s) {
    for (LinkState o : outcome.check().links()) {
      if (o.fix().equals(s.fix())) {
        return line(o.link());
      }
    }
    return line(s.link());
  }

  /** Per rail (the links of its NICs), then per leaf (every link of the leaf), in name order. */
  private Map<String, List<Row>> groups() {
    Rails rails = outcome.rails();
    Map<String, List<Row>> byRail = new TreeMap<>();
    Map<String, List<Row>> byLeaf = new TreeMap<>();
    for (LinkState s : outcome.check().links()) {
      Link l = s.link();
      End a = new End(l.a().device(), l.a().port());
      End b = new End(l.b().device(), l.b().port());
      for (End[] e : new End[][] {{a, b}, {b, a}}) {
        Row row =
            new Row(
                e[0].toString(), rails.name(e[1]), s.state().label(), s.seen(), s.fix(), line(l));
        if (isLeaf(e[0].device())) {
          Integer rail = rails.leaf(e[0].device());
          byLeaf
              .computeIfAbsent(
                  "Leaf " + e[0].device() + (rail == null ? "" : " (rail " + rail + ")"),
                  k -> new ArrayList<>())
              .add(row);
          if (rail != null && rails.of(e[1]) != null && !isLeaf(e[1].device())) {
            byRail.computeIfAbsent("Rail " + rail, k -> new ArrayList<>()).add(row);
          }
        }
      }
    }
    Map<String, List<Row>> out = new java.util.LinkedHashMap<>(byRail);
    out.putAll(byLeaf);
    return out;
  }

  private boolean isLeaf(String device) {
    Switch sw = model.index().switchesByName().get(device);
    return sw != null && "leaf".equals(sw.role());
  }

  private static String line(Link l) {
    return l.at() == null || l.at().self() == null
        ? ""
        : l.at().self().file() + ":" + l.at().self().line();
  }

  private static String cell(String s) {
    return s.replace("|", "\\|");
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
