package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * The two ends of a switch-to-switch link enable PFC on different priorities. PFC is hop by hop:
 * where only one end runs it for a priority, that end's PAUSE frames are ignored (the peer keeps
 * sending and the "lossless" class drops under incast), or it ignores the PAUSE its peer sends.
 * Reported once per link.
 */
public final class PfcLinkAsymmetric extends FabricRule {

  static final String ID = "pfc-link-asymmetric";

  @Override
  public String id() {
    return ID;
  }

  @Override
  void check(CompiledFabric compiled, RuleInput input, List<Finding> findings) {
    if (CompiledIndex.uniformPfc(compiled) != null) {
      return; // every port runs the same PFC set: no link can differ
    }
    CompiledIndex index = new CompiledIndex(compiled);
    for (CompiledSwitch s : compiled.switches()) {
      for (CompiledPort p : s.ports()) {
        CompiledPort q = index.port(p.peerDevice(), p.peerPort());
        if (q == null || p.pfcPriorities().equals(q.pfcPriorities())) {
          continue;
        }
        String here = s.name() + ":" + p.name();
        if (here.compareTo(p.peer()) > 0 && here.equals(q.peer())) {
          continue; // the other end reports this link
        }
        findings.add(
            Finding.of(
                    ID,
                    Severity.ERROR,
                    "link "
                        + here
                        + " — "
                        + p.peer()
                        + " runs PFC on "
                        + list(p.pfcPriorities())
                        + " at "
                        + here
                        + " but on "
                        + list(q.pfcPriorities())
                        + " at "
                        + p.peer()
                        + "; PAUSE for a priority only one end runs is ignored, so that class drops under incast")
                .at(p.owner("peer") != null ? p.owner("peer") : p.owner("pfc_priorities"))
                .onDevice(s.name())
                .onPort(p.name())
                .withValues(
                    "the same PFC priorities on both ends",
                    list(p.pfcPriorities()) + " / " + list(q.pfcPriorities())));
      }
    }
  }

  static String list(List<Integer> priorities) {
    return priorities.isEmpty()
        ? "no priority"
        : "priority " + String.join(",", priorities.stream().map(String::valueOf).toList());
  }
}
