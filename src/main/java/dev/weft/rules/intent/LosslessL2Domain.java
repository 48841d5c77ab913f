package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A VLAN that spans more than one switch while carrying a lossless class. In an L2 domain a switch
 * floods unknown-unicast, lossless packets included, out of every member port: Microsoft saw a ToR
 * keep a dead server's ARP entry after its MAC entry aged out, flood lossless traffic back up into
 * the fabric and close a cyclic buffer dependency, a PFC deadlock (SIGCOMM'16 §4.2). Lossless
 * traffic belongs on routed links.
 *
 * <p>A domain is the set of switches joined by links whose both ends are in the same VLAN; it is
 * lossless when any of its inter-switch ports runs PFC.
 */
public final class LosslessL2Domain extends RoceRule {

  static final String ID = "lossless-l2-domain";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    if (fabric.losslessClasses().isEmpty()) {
      return;
    }
    List<Integer> lossless =
        fabric.losslessClasses().stream().map(c -> c.priority()).distinct().sorted().toList();
    // union-find over switch names, per VLAN
    Map<String, String> parent = new HashMap<>();
    record Span(int vlan, Link link, EffectivePort a) {}
    List<Span> spans = new ArrayList<>();
    for (EffectivePort ep : model.effectivePorts()) {
      if (ep.vlan() == null || ep.peer() == null || ep.link() == null) {
        continue;
      }
      EffectivePort far = model.effectivePortAt(ep.peer().device(), ep.peer().port()).orElse(null);
      if (far == null
          || far.vlan() == null
          || !far.vlan().value().equals(ep.vlan().value())
          || ep.deviceName().compareTo(far.deviceName()) >= 0) {
        continue; // not both ends in one VLAN, or the other end's turn
      }
      boolean pfc =
          !(ep.pfc() != null && ep.pfc().value().isEmpty())
              || !(far.pfc() != null && far.pfc().value().isEmpty());
      if (!pfc) {
        continue; // both ends declared lossy
      }
      String key = ep.vlan().value() + "/";
      union(parent, key + ep.deviceName(), key + far.deviceName());
      spans.add(new Span(ep.vlan().value(), ep.link(), ep));
    }
    Map<String, TreeSet<String>> domains = new TreeMap<>();
    Map<String, Span> firstSpan = new TreeMap<>();
    for (Span s : spans) {
      String root = find(parent, s.vlan() + "/" + s.a().deviceName());
      firstSpan.putIfAbsent(root, s);
    }
    for (String member : parent.keySet()) {
      domains
          .computeIfAbsent(find(parent, member), k -> new TreeSet<>())
          .add(member.substring(member.indexOf('/') + 1));
    }
    firstSpan.forEach(
        (root, s) -> {
          TreeSet<String> switches = domains.get(root);
          findings.add(
              Finding.of(
                      ID,
                      Severity.ERROR,
                      "VLAN "
                          + s.vlan()
                          + " spans "
                          + switches.size()
                          + " switches ("
                          + String.join(
                              ", ",
                              new ArrayList<>(switches).subList(0, Math.min(4, switches.size())))
                          + (switches.size() > 4 ? ", ..." : "")
                          + ") and carries lossless priorit"
                          + (lossless.size() == 1 ? "y " : "ies ")
                          + String.join(",", lossless.stream().map(String::valueOf).toList())
                          + "; flooding in it can send lossless packets back up the fabric and deadlock PFC; route the links instead")
                  .at(s.a().vlan().origin())
                  .onDevice(s.a().deviceName())
                  .onPort(s.a().portName())
                  .withValues(
                      "routed links for lossless traffic",
                      "VLAN " + s.vlan() + " over " + switches.size() + " switches"));
        });
  }

  private static String find(Map<String, String> parent, String x) {
    String root = x;
    while (!parent.getOrDefault(root, root).equals(root)) {
      root = parent.get(root);
    }
    while (!x.equals(root)) {
      String next = parent.getOrDefault(x, x);
      parent.put(x, root);
      x = next;
    }
    parent.putIfAbsent(root, root);
    return root;
  }

  private static void union(Map<String, String> parent, String a, String b) {
    String ra = find(parent, a);
    String rb = find(parent, b);
    if (!ra.equals(rb)) {
      parent.put(ra.compareTo(rb) < 0 ? rb : ra, ra.compareTo(rb) < 0 ? ra : rb);
    }
  }
}
