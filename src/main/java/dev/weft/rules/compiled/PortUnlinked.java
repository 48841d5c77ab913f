package dev.weft.rules.compiled;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledPort;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.model.TrafficClass;
import dev.weft.rules.Rule;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;

/**
 * The declared RoCE ports of a switch that no link names, once per switch. Pre-provisioning ports
 * during a build-out is normal, so such a port never blocks its switch: the compiler makes it lossy
 * (no PFC, so no headroom to size from a cable it does not have) on every platform, and this
 * warning lists each one with its intent line, so the user sees what changes once it is cabled.
 */
public final class PortUnlinked implements Rule {

  static final String ID = "port-unlinked";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public List<Finding> check(RuleInput input) {
    CompiledFabric compiled = input.compiled();
    if (compiled == null || input.model() == null || !input.model().isRoce()) {
      return List.of();
    }
    // the plan's lossless set: a switch whose ports are all unlinked runs none of it
    List<Integer> planned =
        input.model().fabric().losslessClasses().stream()
            .map(TrafficClass::priority)
            .distinct()
            .sorted()
            .toList();
    List<Finding> out = new ArrayList<>();
    for (CompiledSwitch s : compiled.switches()) {
      // a port that declares its cable (a length or default) runs as planned without a link
      List<CompiledPort> unlinked =
          s.ports().stream()
              .filter(p -> p.peer() == null && p.owner("cable_length_m") == null)
              .toList();
      if (!unlinked.isEmpty()) {
        out.add(finding(s, unlinked, planned));
      }
    }
    return out;
  }

  private static Finding finding(
      CompiledSwitch s, List<CompiledPort> unlinked, List<Integer> planned) {
    List<String> listed = unlinked.stream().map(CompiledPort::nameAndLine).toList();
    boolean one = unlinked.size() == 1;
    String consequence =
        planned.isEmpty()
            ? "nothing is checked across " + (one ? "its cable" : "their cables")
            : (one ? "it is" : "they are")
                + " rendered lossy, without PFC on priorities "
                + planned
                + " and without headroom, until a link with a cable length is declared";
    return Finding.of(
            ID,
            Severity.WARNING,
            s.name()
                + ": "
                + unlinked.size()
                + (one ? " port has" : " ports have")
                + " no link: "
                + String.join(", ", listed)
                + "; "
                + consequence
                + "; the rest of the switch renders as planned")
        .at(unlinked.get(0).owner("name"))
        .onDevice(s.name())
        .withValues("a link on every declared port", unlinked.size() + " without one");
  }
}
