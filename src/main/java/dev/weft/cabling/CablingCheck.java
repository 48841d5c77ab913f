package dev.weft.cabling;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.platform.Neighbour;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The neighbours the devices report against the declared links. Every cable seen from either end is
 * one edge; an edge that is a declared link is right. Two wrong edges that exchange the far ends of
 * two declared links are one swap; any other wrong edge on a declared port is a wrong neighbour
 * (naming the intended and the seen peer and the move that fixes it), one between two undeclared
 * ports an unknown neighbour. A declared link neither of whose ends sees anything, with at least
 * one end read, is missing. A link that no read device ends on is not judged.
 */
public final class CablingCheck {

  /**
   * What the check found.
   *
   * @param findings the cabling findings, in report order
   * @param links every declared link with its state, in the intent's order
   */
  public record Result(List<Finding> findings, List<LinkState> links) {
    public Result {
      findings = List.copyOf(findings);
      links = List.copyOf(links);
    }
  }

  private final FabricModel model;
  private final Rails rails;
  private final Map<End, Link> declared = new TreeMap<>();

  public CablingCheck(FabricModel model) {
    this.model = model;
    this.rails = Rails.of(model);
    for (Link l : model.links()) {
      declared.putIfAbsent(End.of(l.a()), l);
      declared.putIfAbsent(End.of(l.b()), l);
    }
  }

  public Rails rails() {
    return rails;
  }

  /** Judges the observations (one per device read; devices absent were not read). */
  public Result check(List<Observation> observations) {
    List<Finding> findings = new ArrayList<>();
    Set<String> read = new HashSet<>();
    Map<Edge, Boolean> edges = new TreeMap<>();
    for (Observation o : observations) {
      if (o.neighbours() == null) {
        findings.add(
            Finding.of(
                    CablingRules.NOT_SERVED,
                    Severity.INFO,
                    o.device()
                        + ": its neighbours are not"
                        + " served ("
                        + o.notServed()
                        + "): the cabling audit judges its links from their other ends only")
                .at(owner(o.device()))
                .onDevice(o.device())
                .withValues("neighbours", "not served"));
        continue;
      }
      read.add(o.device());
      for (Neighbour n : o.neighbours()) {
        edges.put(Edge.of(new End(o.device(), n.port()), new End(n.peer(), n.peerPort())), true);
      }
    }
    Map<Link, LinkState> states = new LinkedHashMap<>();
    List<Edge> wrong = new ArrayList<>();
    for (Edge e : edges.keySet()) {
      Link l = declared.get(e.a());
      if (l != null && e.b().equals(peer(l, e.a()))) {
        states.put(l, new LinkState(l, LinkState.State.OK, "", ""));
      } else {
        wrong.add(e);
      }
    }
    Set<Edge> done = new HashSet<>();
    for (Edge e : wrong) {
      if (!done.contains(e)) {
        swap(e, edges, done, states, findings);
      }
    }
    for (Edge e : wrong) {
      if (!done.contains(e)) {
        done.add(e);
        misplaced(e, states, findings);
      }
    }
    List<LinkState> all = new ArrayList<>();
    for (Link l : model.links()) {
      LinkState s = states.get(l);
      if (s == null) {
        boolean judged = read.contains(l.a().device()) || read.contains(l.b().device());
        s =
            new LinkState(
                l,
                judged ? LinkState.State.MISSING : LinkState.State.NOT_READ,
                "",
                judged
                    ? "plug " + l.a() + " into " + l.b() + " (or find why the link is down)"
                    : "");
        if (judged) {
          End at = read.contains(l.a().device()) ? End.of(l.a()) : End.of(l.b());
          findings.add(
              Finding.of(
                      CablingRules.MISSING,
                      Severity.ERROR,
                      rails.name(End.of(l.a()))
                          + " and "
                          + rails.name(End.of(l.b()))
                          + " see no neighbour on this link: the cable is unplugged, broken or"
                          + " the link is down")
                  .at(line(l))
                  .onDevice(at.device())
                  .onPort(at.port())
                  .withValues(peer(l, at).toString(), "no neighbour"));
        }
        states.put(l, s);
      }
      all.add(s);
    }
    findings.sort(Finding.ORDER);
    return new Result(findings, all);
  }

  /**
   * A wrong edge that, with the edge between the far ends of its two declared links, exchanges
   * them.
   */
  private void swap(
      Edge e,
      Map<Edge, Boolean> edges,
      Set<Edge> done,
      Map<Link, LinkState> states,
      List<Finding> findings) {
    Link la = declared.get(e.a());
    Link lb = declared.get(e.b());
    if (la == null || lb == null || la.equals(lb)) {
      return;
    }
    End pa = peer(la, e.a());
    End pb = peer(lb, e.b());
    Edge other = Edge.of(pa, pb);
    if (!edges.containsKey(other) || done.contains(other)) {
      return;
    }
    done.add(e);
    done.add(other);
    Link first = la.at().self().compareTo(lb.at().self()) <= 0 ? la : lb;
    Link second = first == la ? lb : la;
    // cable 1 joins e.a()-e.b(), cable 2 pa-pb; exchanging one pair of ends on the same side rights
    // both
    boolean aSide = e.a().device().equals(pb.device());
    End x = aSide ? e.a() : e.b();
    End y = aSide ? pb : pa;
    String fix = "exchange the cables at " + x + " and " + y;
    String seen = e.a() + "–" + e.b() + "; " + pa + "–" + pb;
    states.put(first, new LinkState(first, LinkState.State.SWAPPED, seen, fix));
    states.put(second, new LinkState(second, LinkState.State.SWAPPED, seen, fix));
    String message =
        "swapped pair: "
            + describe(first)
            + " and "
            + describe(second)
            + " have their far ends"
            + " exchanged: "
            + rails.name(e.a())
            + " sees "
            + rails.name(e.b())
            + " and "
            + rails.name(pa)
            + " sees "
            + rails.name(pb)
            + ": "
            + fix;
    findings.add(
        Finding.of(CablingRules.SWAP, Severity.ERROR, message)
            .at(line(first))
            .onDevice(x.device())
            .onPort(x.port())
            .withPath(first.a() + "–" + first.b() + " ⇄ " + second.a() + "–" + second.b())
            .withValues(first.a() + "–" + first.b() + ", " + second.a() + "–" + second.b(), seen));
  }

  /** A wrong edge that is no swap: a wrong neighbour on a declared port, or an unknown one. */
  private void misplaced(Edge e, Map<Link, LinkState> states, List<Finding> findings) {
    Link la = declared.get(e.a());
    Link lb = declared.get(e.b());
    if (la == null && lb == null) {
      // on the end the intent knows (the device that reported it), naming the stranger as seen
      boolean aKnown = owner(e.a().device()) != null;
      End at = aKnown ? e.a() : e.b();
      End seen = aKnown ? e.b() : e.a();
      findings.add(
          Finding.of(
                  CablingRules.UNKNOWN,
                  Severity.WARNING,
                  at
                      + " and "
                      + seen
                      + " are cabled"
                      + " together, but the intent declares no link on either port")
              .at(owner(at.device()))
              .onDevice(at.device())
              .onPort(at.port())
              .withValues("no link", seen.toString()));
      return;
    }
    End at = la != null ? e.a() : e.b();
    End seen = la != null ? e.b() : e.a();
    Link l = la != null ? la : lb;
    End intended = peer(l, at);
    Link other = la != null ? lb : la;
    String fix = "move the cable at " + seen + " to " + intended;
    StringBuilder m =
        new StringBuilder(rails.name(at))
            .append(" sees ")
            .append(rails.name(seen))
            .append(", but the intent cables it to ")
            .append(rails.name(intended))
            .append(" (")
            .append(lineOf(l))
            .append(")");
    if (other != null) {
      m.append("; ").append(seen).append(" belongs to ").append(describe(other));
    }
    m.append(": ").append(fix);
    states.put(l, new LinkState(l, LinkState.State.WRONG, at + "–" + seen, fix));
    if (other != null && !states.containsKey(other)) {
      states.put(other, new LinkState(other, LinkState.State.WRONG, seen + "–" + at, fix));
    }
    findings.add(
        Finding.of(CablingRules.WRONG, Severity.ERROR, m.toString())
            .at(line(l))
            .onDevice(at.device())
            .onPort(at.port())
            .withValues(intended.toString(), seen.toString()));
  }

  private String describe(Link l) {
    return "the link "
        + rails.name(End.of(l.a()))
        + "–"
        + rails.name(End.of(l.b()))
        + " ("
        + lineOf(l)
        + ")";
  }

  private static String lineOf(Link l) {
    Location at = line(l);
    return at == null ? "intent" : at.file() + ":" + at.line();
  }

  private static Location line(Link l) {
    return l.at() == null ? null : l.at().self();
  }

  private static End peer(Link l, End end) {
    return End.of(l.a()).equals(end) ? End.of(l.b()) : End.of(l.a());
  }

  private Location owner(String device) {
    var sw = model.index().switchesByName().get(device);
    if (sw != null && sw.at() != null) {
      return sw.at().self();
    }
    var host = model.index().hostsByName().get(device);
    return host != null && host.at() != null ? host.at().self() : null;
  }

  /** A cable as an unordered pair of ends. */
  record Edge(End a, End b) implements Comparable<Edge> {
    static Edge of(End x, End y) {
      return x.compareTo(y) <= 0 ? new Edge(x, y) : new Edge(y, x);
    }

    @Override
    public int compareTo(Edge o) {
      int c = a.compareTo(o.a);
      return c != 0 ? c : b.compareTo(o.b);
    }
  }
}
