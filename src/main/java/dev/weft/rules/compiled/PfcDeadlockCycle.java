package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A cyclic buffer dependency between lossless links: the precondition of PFC deadlock (Hu et al.,
 * HotNets'16; Guo et al., SIGCOMM'16 §4.2). The graph's nodes are (directed switch-to-switch link,
 * lossless priority) channels, lossless where both ends run PFC on the priority. Channel u→v waits
 * on channel v→w when the routing can send a packet from one into the other: a cycle of such waits
 * can freeze every link in it for ever.
 *
 * <p>The routing the fabric implies is up-down over the tiers (leaf, spine, super-spine): a path
 * may climb, and then descend, but never descend and climb again (the valley-free rule that RFC
 * 7938's ASN plan enforces: all switches of a tier share an ASN, so a path back up through a lower
 * tier is refused). Links inside one tier (leaf-leaf, spine-spine) belong to no tier order, and
 * ECMP may take them in any direction, also after a failure: every turn onto or off them is
 * allowed. U-turns back over the same switch are never routes. Such a fabric without lateral links
 * is acyclic by construction; the analysis does not assume that, it searches.
 *
 * <p>Linear in links: channels are numbered from the compiled switches' ports, successors are
 * enumerated on the fly from each switch's out-channels, and Tarjan's strongly connected components
 * (iterative) find every cyclic region in one pass per lossless priority. For each region one
 * shortest cycle through its first lateral link is reported, hop by hop ({@code weft
 * explain-deadlock} prints each hop's file and line).
 *
 * <p>Every cycle of this turn model contains a lateral channel: without one a path climbs and then
 * descends, and cannot return to where it started (ranks rise strictly, then fall strictly). So the
 * search starts only from lateral channels, which reaches every cyclic region and nothing that
 * cannot be in one; a fabric without lateral links is proven acyclic after one pass over its ports,
 * before any channel is numbered.
 */
public final class PfcDeadlockCycle implements Rule {

  static final String ID = "pfc-deadlock-cycle";
  private static final int SHOWN_HOPS = 6;

  @Override
  public String id() {
    return ID;
  }

  /**
   * One hop of a cycle: the directed link from one switch port to its peer.
   *
   * @param direction {@code up}, {@code down} or {@code lateral} by the tiers of the two switches
   * @param link the intent line of the link, or null (live config)
   */
  public record Hop(
      String fromDevice,
      String fromPort,
      String fromRole,
      String toDevice,
      String toPort,
      String toRole,
      String direction,
      Location link) {

    public String from() {
      return fromDevice + ":" + fromPort;
    }

    public String to() {
      return toDevice + ":" + toPort;
    }
  }

  /**
   * A cyclic buffer dependency: every hop waits on the next, and the last on the first.
   *
   * @param priorities the lossless priorities whose channels form this cycle
   * @param hops in order, starting at a lateral link when the cycle has one
   * @param regionLinks directed links in the whole cyclic region the cycle was taken from
   * @param lateralLinks lateral directed links in that region
   */
  public record Cycle(List<Integer> priorities, List<Hop> hops, int regionLinks, int lateralLinks) {
    public Cycle {
      priorities = List.copyOf(priorities);
      hops = List.copyOf(hops);
    }
  }

  @Override
  public List<Finding> check(RuleInput input) {
    if (input.compiled() == null) {
      return List.of();
    }
    // A lateral link usually closes one loop in each direction: one finding per cable, not per
    // direction.
    Map<String, Cycle> byCable = new LinkedHashMap<>();
    Map<String, Integer> directions = new HashMap<>();
    for (Cycle c : cycles(input.compiled())) {
      Hop h = c.hops().get(0);
      String key =
          h.from().compareTo(h.to()) < 0 ? h.from() + "|" + h.to() : h.to() + "|" + h.from();
      key = c.priorities() + key;
      byCable.putIfAbsent(key, c);
      directions.merge(key, 1, Integer::sum);
    }
    List<Finding> findings = new ArrayList<>();
    for (Map.Entry<String, Cycle> e : byCable.entrySet()) {
      Cycle c = e.getValue();
      Hop first = c.hops().get(0);
      StringBuilder path = new StringBuilder();
      for (int i = 0; i < c.hops().size() && i < SHOWN_HOPS; i++) {
        Hop h = c.hops().get(i);
        path.append(i == 0 ? "" : ", ")
            .append(h.from())
            .append(" -> ")
            .append(h.to())
            .append(" (")
            .append(h.direction())
            .append(')');
      }
      if (c.hops().size() > SHOWN_HOPS) {
        path.append(", ... ").append(c.hops().size() - SHOWN_HOPS).append(" more");
      }
      String cause =
          "lateral".equals(first.direction())
              ? "the "
                  + first.fromRole()
                  + "-"
                  + first.toRole()
                  + " link "
                  + first.from()
                  + " - "
                  + first.to()
                  + " breaks up-down routing"
                  + (c.lateralLinks() > 2
                      ? " (the region has " + c.lateralLinks() / 2 + " such links)"
                      : "")
              : "the links do not follow up-down routing";
      String both =
          directions.get(e.getKey()) > 1 ? " (and the mirror loop in the other direction)" : "";
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  "PFC deadlock risk on priorit"
                      + (c.priorities().size() == 1 ? "y " : "ies ")
                      + join(c.priorities())
                      + ": a cyclic buffer dependency over "
                      + c.hops().size()
                      + " links: "
                      + path
                      + both
                      + "; each lossless link can wait on the next, round the loop; "
                      + cause
                      + " (weft explain-deadlock shows every hop)")
              .at(first.link())
              .onDevice(first.fromDevice())
              .onPort(first.fromPort())
              .withValues("an acyclic buffer dependency graph", c.hops().size() + "-link cycle"));
    }
    return findings;
  }

  /**
   * Every cyclic region's representative cycle, in a stable order (by the first hop's channel
   * number).
   */
  public static List<Cycle> cycles(CompiledFabric compiled) {
    Graph g = Graph.of(compiled);
    Map<List<Integer>, List<Integer>> byHops =
        new LinkedHashMap<>(); // channel sequence → priorities
    Map<List<Integer>, int[]> region = new HashMap<>();
    for (int p = 0; p < 8; p++) {
      if ((g.anyMask & (1 << p)) == 0) {
        continue;
      }
      for (int[] cycleAndRegion : g.cyclesOn(p)) {
        int[] cycle = Arrays.copyOf(cycleAndRegion, cycleAndRegion.length - 2);
        List<Integer> key = Arrays.stream(cycle).boxed().toList();
        byHops.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        region.putIfAbsent(
            key,
            new int[] {
              cycleAndRegion[cycleAndRegion.length - 2], cycleAndRegion[cycleAndRegion.length - 1]
            });
      }
    }
    List<Map.Entry<List<Integer>, List<Integer>>> entries = new ArrayList<>(byHops.entrySet());
    entries.sort((a, b) -> Integer.compare(a.getKey().get(0), b.getKey().get(0)));
    List<Cycle> out = new ArrayList<>(entries.size());
    for (Map.Entry<List<Integer>, List<Integer>> e : entries) {
      List<Hop> hops = new ArrayList<>(e.getKey().size());
      for (int c : e.getKey()) {
        hops.add(g.hop(c));
      }
      int[] r = region.get(e.getKey());
      out.add(new Cycle(e.getValue(), hops, r[0], r[1]));
    }
    return out;
  }

  private static String join(List<Integer> priorities) {
    return String.join(",", priorities.stream().map(String::valueOf).toList());
  }

  /**
   * The channel graph: directed switch-to-switch links, numbered; successors computed from
   * out-lists.
   */
  private static final class Graph {
    final List<CompiledSwitch> switches;
    final int[] rank; // per switch
    final int[] from; // per channel: switch index
    final int[] to; // per channel: switch index
    final CompiledPort[] port; // per channel: the egress port
    final String[] peerPort; // per channel: the ingress port's name
    final int[] mask; // per channel: lossless priorities (both ends run PFC)
    final int[] outStart; // per switch: its channels are outStart[s] .. outStart[s + 1] - 1
    final int anyMask;

    private Graph(
        List<CompiledSwitch> switches,
        int[] rank,
        int[] from,
        int[] to,
        CompiledPort[] port,
        String[] peerPort,
        int[] mask,
        int[] outStart,
        int anyMask) {
      this.switches = switches;
      this.rank = rank;
      this.from = from;
      this.to = to;
      this.port = port;
      this.peerPort = peerPort;
      this.mask = mask;
      this.outStart = outStart;
      this.anyMask = anyMask;
    }

    static Graph of(CompiledFabric compiled) {
      List<CompiledSwitch> switches = compiled.switches();
      int n = switches.size();
      Map<String, Integer> byName = new HashMap<>(Math.max(16, n * 2));
      int[] rank = new int[n];
      for (int i = 0; i < n; i++) {
        byName.putIfAbsent(switches.get(i).name(), i);
        rank[i] = Tiers.rank(switches.get(i).role());
      }
      if (!hasLateral(switches, byName, rank)) {
        return new Graph(
            switches,
            rank,
            new int[0],
            new int[0],
            new CompiledPort[0],
            new String[0],
            new int[0],
            new int[n + 1],
            0);
      }
      // Channels in switch order, so each switch's out-channels are contiguous.
      List<CompiledPort> ports = new ArrayList<>();
      List<String> peers = new ArrayList<>();
      int[] outStart = new int[n + 1];
      int[] fromTmp = new int[16];
      int[] toTmp = new int[16];
      int count = 0;
      List<Map<String, Integer>> channelOfPort = new ArrayList<>(n);
      for (int s = 0; s < n; s++) {
        outStart[s] = count;
        Map<String, Integer> own = new HashMap<>();
        for (CompiledPort p : switches.get(s).ports()) {
          Integer t = p.peerDevice() == null ? null : byName.get(p.peerDevice());
          if (t == null || t == s) {
            continue; // a host, an unknown device or a loopback cable: no switch-to-switch channel
          }
          if (count == fromTmp.length) {
            fromTmp = Arrays.copyOf(fromTmp, count * 2);
            toTmp = Arrays.copyOf(toTmp, count * 2);
          }
          fromTmp[count] = s;
          toTmp[count] = t;
          ports.add(p);
          peers.add(p.peerPort());
          own.putIfAbsent(p.name(), count);
          count++;
        }
        channelOfPort.add(own);
      }
      outStart[n] = count;
      int[] mask = new int[count];
      int any = 0;
      for (int c = 0; c < count; c++) {
        Integer back = channelOfPort.get(toTmp[c]).get(peers.get(c));
        if (back == null) {
          continue; // the far end is not a port of that switch: link-endpoint-unknown reports it
        }
        mask[c] = bits(ports.get(c).pfcPriorities()) & bits(ports.get(back).pfcPriorities());
        any |= mask[c];
      }
      return new Graph(
          switches,
          rank,
          Arrays.copyOf(fromTmp, count),
          Arrays.copyOf(toTmp, count),
          ports.toArray(CompiledPort[]::new),
          peers.toArray(String[]::new),
          mask,
          outStart,
          any);
    }

    /**
     * Whether any cable joins two switches of the same tier (the only way a cycle can form, see
     * above).
     */
    private static boolean hasLateral(
        List<CompiledSwitch> switches, Map<String, Integer> byName, int[] rank) {
      for (int s = 0; s < switches.size(); s++) {
        for (CompiledPort p : switches.get(s).ports()) {
          Integer t = p.peerDevice() == null ? null : byName.get(p.peerDevice());
          if (t != null && t != s && rank[t] == rank[s]) {
            return true;
          }
        }
      }
      return false;
    }

    private static int bits(List<Integer> priorities) {
      int m = 0;
      for (int p : priorities) {
        if (p >= 0 && p < 8) {
          m |= 1 << p;
        }
      }
      return m;
    }

    /**
     * Whether a packet that arrived over channel c may leave over channel d (same switch between
     * them).
     */
    private boolean turn(int c, int d) {
      int u = from[c];
      int v = to[c];
      int w = to[d];
      if (w == u) {
        return false; // a U-turn is no route
      }
      boolean arrivedDown = rank[v] < rank[u];
      boolean leavesUp = rank[w] > rank[v];
      return !(arrivedDown && leavesUp); // valley-free: never down and then up again
    }

    /**
     * One cycle per cyclic region of priority {@code p}'s channels. Each array is the cycle's
     * channels followed by two numbers: the region's size in channels and its lateral channels.
     */
    List<int[]> cyclesOn(int p) {
      int n = from.length;
      int bit = 1 << p;
      int[] index = new int[n];
      int[] low = new int[n];
      int[] comp = new int[n];
      Arrays.fill(index, -1);
      Arrays.fill(comp, -1);
      boolean[] onStack = new boolean[n];
      int[] stack = new int[n];
      int sp = 0;
      int[] callNode = new int[n];
      int[] callNext = new int[n];
      int next = 0;
      int comps = 0;
      List<int[]> regions = new ArrayList<>();
      for (int root = 0; root < n; root++) {
        // only lateral channels start a search: every cyclic region has one
        if ((mask[root] & bit) == 0 || index[root] >= 0 || rank[from[root]] != rank[to[root]]) {
          continue;
        }
        int top = 0;
        callNode[0] = root;
        callNext[0] = outStart[to[root]];
        index[root] = low[root] = next++;
        stack[sp++] = root;
        onStack[root] = true;
        while (top >= 0) {
          int c = callNode[top];
          int end = outStart[to[c] + 1];
          if (callNext[top] < end) {
            int d = callNext[top]++;
            if ((mask[d] & bit) == 0 || !turn(c, d)) {
              continue;
            }
            if (index[d] < 0) {
              index[d] = low[d] = next++;
              stack[sp++] = d;
              onStack[d] = true;
              top++;
              callNode[top] = d;
              callNext[top] = outStart[to[d]];
            } else if (onStack[d] && index[d] < low[c]) {
              low[c] = index[d];
            }
            continue;
          }
          if (low[c] == index[c]) {
            int size = 0;
            int lateral = 0;
            int first = Integer.MAX_VALUE;
            int firstLateral = Integer.MAX_VALUE;
            int x;
            do {
              x = stack[--sp];
              onStack[x] = false;
              comp[x] = comps;
              size++;
              first = Math.min(first, x);
              if (rank[from[x]] == rank[to[x]]) {
                lateral++;
                firstLateral = Math.min(firstLateral, x);
              }
            } while (x != c);
            if (size > 1) {
              regions.add(
                  new int[] {
                    comps, firstLateral != Integer.MAX_VALUE ? firstLateral : first, size, lateral
                  });
            }
            comps++;
          }
          top--;
          if (top >= 0 && low[c] < low[callNode[top]]) {
            low[callNode[top]] = low[c];
          }
        }
      }
      List<int[]> out = new ArrayList<>(regions.size());
      for (int[] r : regions) {
        int[] cycle = shortestCycle(r[1], r[0], comp, bit);
        int[] withRegion = Arrays.copyOf(cycle, cycle.length + 2);
        withRegion[cycle.length] = r[2];
        withRegion[cycle.length + 1] = r[3];
        out.add(withRegion);
      }
      return out;
    }

    /**
     * The shortest cycle through {@code start} inside its region (breadth first; the region is
     * strongly connected).
     */
    private int[] shortestCycle(int start, int region, int[] comp, int bit) {
      Map<Integer, Integer> parent = new HashMap<>();
      java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>();
      queue.add(start);
      parent.put(start, -1);
      while (!queue.isEmpty()) {
        int c = queue.poll();
        for (int d = outStart[to[c]]; d < outStart[to[c] + 1]; d++) {
          if (comp[d] != region || (mask[d] & bit) == 0 || !turn(c, d)) {
            continue;
          }
          if (d == start) {
            List<Integer> path = new ArrayList<>();
            for (int x = c; x != -1; x = parent.get(x)) {
              path.add(x);
            }
            java.util.Collections.reverse(path);
            return path.stream().mapToInt(Integer::intValue).toArray();
          }
          if (!parent.containsKey(d)) {
            parent.put(d, c);
            queue.add(d);
          }
        }
      }
      throw new IllegalStateException(
          "a strongly connected region without a cycle through channel " + start);
    }

    Hop hop(int c) {
      CompiledSwitch a = switches.get(from[c]);
      CompiledSwitch b = switches.get(to[c]);
      String direction =
          rank[to[c]] > rank[from[c]] ? "up" : rank[to[c]] < rank[from[c]] ? "down" : "lateral";
      return new Hop(
          a.name(),
          port[c].name(),
          a.role(),
          b.name(),
          peerPort[c],
          b.role(),
          direction,
          port[c].owner("peer"));
    }
  }
}
