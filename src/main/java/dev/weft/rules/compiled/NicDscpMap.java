package dev.weft.rules.compiled;

import dev.weft.finding.Severity;
import dev.weft.rules.RuleInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A NIC's DSCP to priority map disagrees with its switch's for a code point of a lossless class or
 * the CNP class. The NIC then queues and pauses RoCE on another priority than the switch (which PFC
 * does not protect there), or receives CNPs in the wrong queue. Typical for a NIC left at its
 * firmware map (priority = DSCP >> 3) in a plan where that is not the fabric's choice.
 */
public final class NicDscpMap extends PerNicRule {

  static final String ID = "nic-dscp-map";

  public NicDscpMap() {
    super(ID, Severity.ERROR);
  }

  /**
   * Every switch and every NIC on one and the same DSCP map (the compiled plan's): nothing to
   * compare.
   */
  @Override
  public boolean mayFind(dev.weft.compile.CompiledFabric compiled, RuleInput input) {
    java.util.Map<Integer, Integer> first = null;
    for (dev.weft.compile.CompiledDevice d : compiled.devices()) {
      List<java.util.Map<Integer, Integer>> maps = new java.util.ArrayList<>(1);
      if (d instanceof dev.weft.compile.CompiledSwitch s) {
        maps.add(s.dscpToPriority());
      } else if (d instanceof dev.weft.compile.CompiledHost h) {
        h.nics().forEach(nic -> maps.add(nic.dscpToPriority()));
      }
      for (java.util.Map<Integer, Integer> m : maps) {
        if (first == null) {
          first = m;
        } else if (m != first && !m.equals(first)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Every code point the switch sends to a lossless or the CNP priority, not only the RoCE and CNP
   * ones the NIC itself sends with: a second lossless class (storage RDMA, another tenant) reaches
   * the NIC's port too, and the NIC pauses and queues it by its own map. One problem per switch
   * priority.
   */
  @Override
  public List<Problem> check(Nic n, RuleInput input) {
    dev.weft.compile.CompiledSwitch sw = n.peer();
    if (sw == null || !n.nic().trustDscp()) {
      return List.of(); // uncabled, or trusting PCP (nic-trust-pcp)
    }
    java.util.Map<Integer, List<Integer>> wrongByPriority = new java.util.TreeMap<>();
    java.util.Map<Integer, Integer> gotFor = new java.util.TreeMap<>();
    for (java.util.Map.Entry<Integer, Integer> e : sw.dscpToPriority().entrySet()) {
      Integer want = e.getValue();
      boolean carried =
          sw.losslessPriorities().contains(want) || Objects.equals(want, sw.cnpPriority());
      Integer got = n.nic().dscpToPriority().get(e.getKey());
      if (carried && !Objects.equals(got, want)) {
        wrongByPriority.computeIfAbsent(want, k -> new ArrayList<>()).add(e.getKey());
        gotFor.putIfAbsent(e.getKey(), got);
      }
    }
    List<Problem> out = new ArrayList<>();
    for (java.util.Map.Entry<Integer, List<Integer>> e : wrongByPriority.entrySet()) {
      int want = e.getKey();
      int dscp = e.getValue().get(0);
      Integer got = gotFor.get(dscp);
      String what =
          Objects.equals(dscp, n.nic().roceDscp())
              ? "RoCE DSCP"
              : Objects.equals(want, sw.cnpPriority()) ? "CNP DSCP" : "lossless DSCP";
      String more = e.getValue().size() == 1 ? "" : " (DSCP " + e.getValue() + " all differ)";
      out.add(
          new Problem(
              n.nic().owner("dscp_to_priority"),
              "maps the "
                  + what
                  + " "
                  + dscp
                  + " to priority "
                  + got
                  + " but its switch maps it to "
                  + want
                  + more,
              "DSCP " + dscp + " -> " + want,
              "DSCP " + dscp + " -> " + got));
    }
    return out;
  }
}
