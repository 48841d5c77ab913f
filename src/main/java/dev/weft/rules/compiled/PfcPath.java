package dev.weft.rules.compiled;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledHost;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Location;
import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import dev.weft.rules.UnionFind;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A fabric hop of GPU-to-GPU paths does not run PFC on exactly the plan's lossless priorities. PFC
 * is hop by hop: a lossless class is lossless end to end only if every hop pauses it, so a spine or
 * uplink profile whose exception leaves PFC off (or narrows it) makes that class lossy for every
 * pair of GPUs whose traffic crosses it, although each link is consistent at both ends (which is
 * all {@code pfc-link-asymmetric} can see) and every host port is right. PFC on a priority the plan
 * keeps lossy pauses traffic nothing protects.
 *
 * <p>The paths are not enumerated (as in {@code mtu-path}): switches joined by switch-to-switch
 * links form components; in a component with two or more switches that serve a GPU on a lossless
 * host port, every switch-to-switch link lies on some path between such GPUs, so the check is
 * linear in ports. Hosts on lossy ports (storage, by a declared exception) do not count: a path to
 * them is lossy by design, and so is a hop to a switch that serves no such GPU and links to only
 * one other switch (no path between two GPUs can cross it). The PFC set is the only per-hop part of
 * "lossless on every hop" the intent lets differ (an exception on a switch, profile or port); the
 * DSCP to priority to queue chain is one fabric-wide plan. A cause (the line that set the port's
 * PFC) is reported once, naming the first hop and how many it breaks.
 */
public final class PfcPath extends FabricRule {

  static final String ID = "pfc-path";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(CompiledFabric compiled, RuleInput input, List<Finding> findings) {
    if (CompiledIndex.uniformPfc(compiled) != null) {
      return; // every port on one PFC set: the plan's, so no hop differs
    }
    Set<String> hosts = new HashSet<>();
    Map<String, CompiledSwitch> switches = new HashMap<>();
    for (CompiledDevice d : compiled.devices()) {
      if (d instanceof CompiledHost h) {
        hosts.add(h.name());
      } else if (d instanceof CompiledSwitch s) {
        switches.putIfAbsent(s.name(), s);
      }
    }
    UnionFind components = new UnionFind();
    Map<String, Integer> hostFacing = new HashMap<>();
    Map<String, Set<String>> neighbours = new HashMap<>();
    for (CompiledSwitch s : switches.values()) {
      for (CompiledPort p : s.ports()) {
        if (p.peerDevice() != null && switches.containsKey(p.peerDevice())) {
          components.join(s.name(), p.peerDevice());
          neighbours.computeIfAbsent(s.name(), k -> new HashSet<>(4)).add(p.peerDevice());
        }
      }
    }
    Set<String> serving = new HashSet<>();
    for (CompiledSwitch s : switches.values()) {
      for (CompiledPort p : s.ports()) {
        if (p.peerDevice() != null
            && hosts.contains(p.peerDevice())
            && !p.pfcPriorities().isEmpty()
            && p.pfcPriorities().equals(s.losslessPriorities())) {
          hostFacing.merge(components.root(s.name()), 1, Integer::sum);
          serving.add(s.name());
          break;
        }
      }
    }
    Map<Object, Cause> causes = new LinkedHashMap<>();
    for (CompiledSwitch s : compiled.switches()) {
      if (hostFacing.getOrDefault(components.root(s.name()), 0) < 2) {
        continue;
      }
      for (CompiledPort p : s.ports()) {
        if (p.peerDevice() == null
            || !switches.containsKey(p.peerDevice())
            || p.pfcPriorities().equals(s.losslessPriorities())
            || deadEnd(s.name(), serving, neighbours)
            || deadEnd(p.peerDevice(), serving, neighbours)) {
          continue;
        }
        Location at = p.owner("pfc_priorities");
        Object key = at == null ? s.name() + ":" + p.name() : at;
        Cause cause = causes.get(key);
        if (cause == null) {
          causes.put(key, new Cause(s, p));
        } else {
          cause.more++;
        }
      }
    }
    for (Cause cause : causes.values()) {
      CompiledSwitch s = cause.device;
      CompiledPort p = cause.port;
      String more =
          cause.more == 0
              ? ""
              : " (and "
                  + cause.more
                  + " more fabric port"
                  + (cause.more == 1 ? "" : "s")
                  + " set by the same line)";
      findings.add(
          Finding.of(
                  ID,
                  Severity.ERROR,
                  "fabric hop "
                      + s.name()
                      + ":"
                      + p.name()
                      + " -> "
                      + p.peer()
                      + " runs PFC on "
                      + PfcLinkAsymmetric.list(p.pfcPriorities())
                      + " but the plan's lossless priorities are "
                      + PerNicRule.priorities(s.losslessPriorities())
                      + consequence(p.pfcPriorities(), s.losslessPriorities())
                      + more)
              .at(p.owner("pfc_priorities") != null ? p.owner("pfc_priorities") : s.owner("name"))
              .onDevice(s.name())
              .onPort(p.name())
              .withValues(
                  "PFC on " + PerNicRule.priorities(s.losslessPriorities()),
                  "PFC on " + PerNicRule.priorities(p.pfcPriorities())));
    }
  }

  /**
   * A switch no path between two GPU-serving switches can cross: it serves no GPU on a lossless
   * port and links to only one other switch (a storage spine hung off one leaf), so a path through
   * it would have to come back the way it came.
   */
  private static boolean deadEnd(
      String device, Set<String> serving, Map<String, Set<String>> neighbours) {
    return !serving.contains(device) && neighbours.getOrDefault(device, Set.of()).size() < 2;
  }

  private static String consequence(List<Integer> port, List<Integer> lossless) {
    for (int q : lossless) {
      if (!port.contains(q)) {
        return "; priority "
            + q
            + " crosses this hop on every GPU-to-GPU path through it without PAUSE, so the"
            + " lossless class drops there under incast";
      }
    }
    return "; PFC on a priority the plan keeps lossy pauses traffic that nothing else protects";
  }

  /** The first fabric port one PFC line breaks, and how many more it breaks. */
  private static final class Cause {
    final CompiledSwitch device;
    final CompiledPort port;
    int more;

    Cause(CompiledSwitch device, CompiledPort port) {
      this.device = device;
      this.port = port;
    }
  }
}
