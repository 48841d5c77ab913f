package dev.weft.rules.compiled;

import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.List;

/**
 * A NIC whose PFC vector differs from the PFC priorities of the switch port it is cabled to. PFC
 * works hop by hop: the NIC ignores PAUSE for a priority it does not run (and overruns the switch
 * under incast), or pauses a priority the switch never stops sending, so the "lossless" class drops
 * at the very first hop.
 */
public final class NicPfcMismatch extends PerNicRule {

  static final String ID = "nic-pfc-mismatch";

  public NicPfcMismatch() {
    super(ID, Severity.ERROR);
  }

  /**
   * Every switch port on one PFC set and every NIC's vector that set: nothing to look up per NIC.
   */
  @Override
  public boolean mayFind(dev.weft.compile.CompiledFabric compiled, RuleInput input) {
    List<Integer> ports = CompiledIndex.uniformPfc(compiled);
    if (ports == null) {
      return true;
    }
    List<Integer> vector = null;
    for (dev.weft.compile.CompiledDevice d : compiled.devices()) {
      if (d instanceof dev.weft.compile.CompiledHost h) {
        for (dev.weft.compile.CompiledNic nic : h.nics()) {
          if (vector != nic.pfc()) {
            if (!nic.pfcPriorities().equals(ports)) {
              return true;
            }
            vector = nic.pfc();
          }
        }
      }
    }
    return false;
  }

  @Override
  public List<Problem> check(Nic n, RuleInput input) {
    if (n.port() == null) {
      return List.of(); // an uncabled NIC carries nothing
    }
    List<Integer> nic = n.nic().pfcPriorities();
    List<Integer> sw = n.port().pfcPriorities();
    if (nic.equals(sw)) {
      return List.of();
    }
    return List.of(
        new Problem(
            n.nic().owner("pfc"),
            "runs PFC on priorities "
                + PerNicRule.priorities(nic)
                + " but its switch port on "
                + PerNicRule.priorities(sw)
                + "; PAUSE for a priority only one end runs is ignored",
            "pfc " + PerNicRule.priorities(sw),
            "pfc " + PerNicRule.priorities(nic)));
  }
}
