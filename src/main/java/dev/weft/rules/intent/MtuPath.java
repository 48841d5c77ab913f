package dev.weft.rules.intent;

import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.model.EffectivePort;
import dev.weft.model.Fabric;
import dev.weft.model.FabricModel;
import dev.weft.model.Link;
import dev.weft.rules.UnionFind;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fabric hops of GPU-to-GPU paths must carry a full RoCE packet. A RoCE packet is the RoCE MTU
 * of payload plus up to 96 bytes of headers (the worst case Linux allows for, {@code
 * iboe_get_mtu}), and a router drops what exceeds its L3 MTU (RoCE sets don't-fragment): one
 * leaf-spine profile at 1500 in a 4096 fabric drops every full-size packet between leaves while
 * each link on its own looks consistent.
 *
 * <p>The paths are not enumerated: in a fabric whose switches connect two or more host-facing
 * switches, every switch-to-switch link lies on some shortest GPU-to-GPU path, so the paths'
 * smallest MTU is the smallest MTU of those links. That keeps the check linear in ports. The host
 * hops (switch port facing a NIC, and the NIC itself) are mtu-switch-nic's and mtu-nic-roce's. A
 * cause (the line that set the MTU) is reported once, at that line, naming the first hop it breaks
 * and how many it breaks.
 */
public final class MtuPath extends RoceRule {

  static final String ID = "mtu-path";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(FabricModel model, Fabric fabric, List<Finding> findings) {
    if (fabric.mtu() == null) {
      return;
    }
    int needed = fabric.mtu().roce() + MtuNicRoce.ROCE_HEADERS;
    UnionFind components = new UnionFind();
    for (Link link : model.links()) {
      String a = link.a().device();
      String b = link.b().device();
      if (model.switchNamed(a).isPresent() && model.switchNamed(b).isPresent()) {
        components.join(a, b);
      }
    }
    Map<String, Integer> hostFacingSwitches = new HashMap<>();
    Map<String, Boolean> counted = new HashMap<>();
    for (EffectivePort ep : model.effectivePorts()) {
      if (ep.peer() != null
          && model.hostNamed(ep.peer().device()).isPresent()
          && counted.putIfAbsent(ep.deviceName(), Boolean.TRUE) == null) {
        hostFacingSwitches.merge(components.root(ep.deviceName()), 1, Integer::sum);
      }
    }
    Map<Object, Cause> causes = new LinkedHashMap<>();
    for (EffectivePort ep : model.effectivePorts()) {
      if (ep.peer() == null || ep.mtu() == null || ep.mtu().value() >= needed) {
        continue;
      }
      if (model.switchNamed(ep.peer().device()).isEmpty()
          || hostFacingSwitches.getOrDefault(components.root(ep.deviceName()), 0) < 2) {
        continue;
      }
      Location origin = ep.mtu().origin();
      Object key = origin == null ? ep.deviceName() + ":" + ep.portName() : origin;
      Cause cause = causes.get(key);
      if (cause == null) {
        causes.put(key, new Cause(ep));
      } else {
        cause.hops++;
      }
    }
    MtuPaths paths = new MtuPaths(model);
    for (Cause cause : causes.values()) {
      EffectivePort ep = cause.first;
      String others =
          cause.hops == 1
              ? ""
              : " (and "
                  + (cause.hops - 1)
                  + " more fabric port"
                  + (cause.hops == 2 ? "" : "s")
                  + " set by the same line)";
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  "fabric hop "
                      + ep.deviceName()
                      + " "
                      + ep.portName()
                      + " -> "
                      + ep.peer()
                      + " has L3 MTU "
                      + ep.mtu().value()
                      + " (set by "
                      + ep.mtu().layer()
                      + "), below RoCE MTU "
                      + fabric.mtu().roce()
                      + " + "
                      + MtuNicRoce.ROCE_HEADERS
                      + " header bytes; every full-size RoCE packet on"
                      + " the GPU-to-GPU paths through it would be dropped"
                      + others)
              .at(ep.mtu().origin())
              .onDevice(ep.deviceName())
              .onPort(ep.portName())
              .withPath(paths.of(ep))
              .withValues(">= " + needed, Integer.toString(ep.mtu().value())));
    }
  }

  /** The first fabric port one MTU line breaks, and how many it breaks. */
  private static final class Cause {
    final EffectivePort first;
    int hops = 1;

    Cause(EffectivePort first) {
      this.first = first;
    }
  }
}
