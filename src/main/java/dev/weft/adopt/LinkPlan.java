package dev.weft.adopt;

import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.NaturalOrder;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The cables of the imported fabric: each port whose config names its neighbour (the port
 * description or LLDP, as the platform's reader reports it in {@link CompiledPort#peer()}), plus
 * the skeleton's links the configs do not show. A cable length comes from the config where it
 * carries one, else from the skeleton's link between the same ports.
 */
final class LinkPlan {

  /**
   * One cable: ends as {@code device:port}, {@code a} before {@code b} in natural order; length or
   * null.
   */
  record Cable(String a, String b, Integer metres, boolean toHost) {}

  private final Map<String, Cable> cables = new TreeMap<>(NaturalOrder.INSTANCE);
  private final Map<String, String> peers = new TreeMap<>();
  private final Set<String> switches;

  private LinkPlan(Set<String> switches) {
    this.switches = switches;
  }

  static LinkPlan of(Map<String, CompiledSwitch> devices, FabricModel skeleton) {
    Set<String> switches = new TreeSet<>(devices.keySet());
    if (skeleton != null) {
      skeleton.switches().forEach(s -> switches.add(s.name()));
    }
    // ends on switches of the skeleton that were not imported are not cabled here: no such switch
    // is written
    Set<String> skeletonOnly = new TreeSet<>(switches);
    skeletonOnly.removeAll(devices.keySet());
    LinkPlan plan = new LinkPlan(switches);
    Map<String, Integer> skeletonLength = new TreeMap<>();
    if (skeleton != null) {
      for (Link l : skeleton.links()) {
        skeletonLength.put(
            key(l.a().toString(), l.b().toString()),
            l.cableLength() == null ? null : (int) l.cableLength().metres());
      }
    }
    for (CompiledSwitch sw : devices.values()) {
      for (CompiledPort p : sw.ports()) {
        if (p.peer() != null
            && p.peer().contains(":")
            && !skeletonOnly.contains(p.peer().substring(0, p.peer().indexOf(':')))) {
          String here = sw.name() + ":" + p.name();
          Integer metres =
              p.cableLengthMetres() != null
                  ? p.cableLengthMetres()
                  : skeletonLength.get(key(here, p.peer()));
          plan.add(here, p.peer(), metres);
        }
      }
    }
    if (skeleton != null) {
      for (Link l : skeleton.links()) {
        if (skeletonOnly.contains(l.a().device()) || skeletonOnly.contains(l.b().device())) {
          continue; // a switch that was not imported (no backup, or a platform without a reader)
        }
        plan.add(
            l.a().toString(),
            l.b().toString(),
            l.cableLength() == null ? null : (int) l.cableLength().metres());
      }
    }
    return plan;
  }

  /** Adds a cable unless one of its ends is already cabled (the config's view of a port wins). */
  private void add(String x, String y, Integer metres) {
    String k = key(x, y);
    Cable existing = cables.get(k);
    if (existing != null) {
      if (existing.metres() == null && metres != null) {
        cables.put(k, new Cable(existing.a(), existing.b(), metres, existing.toHost()));
      }
      return;
    }
    if (linked(x) || linked(y)) {
      return;
    }
    boolean xFirst = NaturalOrder.INSTANCE.compare(x, y) <= 0;
    String a = xFirst ? x : y;
    String b = xFirst ? y : x;
    // a switch end first: "leaf-01:Ethernet0 — gpu-001:eth0" reads as the examples do
    if (!isSwitch(a) && isSwitch(b)) {
      String t = a;
      a = b;
      b = t;
    }
    cables.put(k, new Cable(a, b, metres, !isSwitch(a) || !isSwitch(b)));
    peers.put(a, b);
    peers.put(b, a);
  }

  private boolean isSwitch(String end) {
    return switches.contains(end.substring(0, end.indexOf(':')));
  }

  /** Whether the port {@code device:port} is an end of a cable. */
  boolean linked(String end) {
    return peers.containsKey(end);
  }

  /** The port's peer end, or null. */
  String peerOf(String end) {
    return peers.get(end);
  }

  /** Whether {@code end} ({@code device:port}) is a switch's port. */
  boolean switchEnd(String end) {
    return isSwitch(end);
  }

  List<Cable> cables() {
    List<Cable> out = new ArrayList<>(cables.values());
    out.sort(
        (x, y) -> {
          int c = NaturalOrder.INSTANCE.compare(x.a(), y.a());
          return c != 0 ? c : NaturalOrder.INSTANCE.compare(x.b(), y.b());
        });
    return out;
  }

  private static String key(String x, String y) {
    return NaturalOrder.INSTANCE.compare(x, y) <= 0 ? x + " " + y : y + " " + x;
  }
}
